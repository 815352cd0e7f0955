import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../ui/icons';
import { useTypedPlaceholder } from './use-typed-placeholder';
import { typedBeforeStart } from '../../lib/typed-before-start';

const SUGGESTIONS = [
  'Search for Naruto figures',
  'Search for One Piece keychains',
  'Search for Demon Slayer',
  'Search for Jujutsu Kaisen',
  'Search for Dragon Ball',
];

export function SearchBox() {
  const navigate = useNavigate();
  // What was typed before the app started stays (the box is a GET form to /search, which works without it).
  const [term, setTerm] = useState(() => typedBeforeStart('site-search'));
  const placeholder = useTypedPlaceholder(SUGGESTIONS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = term.trim();
    if (!trimmed) return;
    navigate(`/search?q=${encodeURIComponent(trimmed)}`);
  };
  return (
    <form className="search-box" role="search" action="/search" method="get" onSubmit={submit}>
      <label htmlFor="site-search" className="visually-hidden">
        Search products
      </label>
      <input
        id="site-search"
        type="search"
        name="q"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        placeholder={placeholder || 'Search'}
        autoComplete="off"
      />
      <button type="submit" className="search-box__button" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
