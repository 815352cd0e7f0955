import { useRef, type KeyboardEvent } from 'react';
import { isTabStop, MAX_STARS, ratingForKey } from './star-rating';

interface StarsProps {
  value: number;
  size?: 'sm' | 'md' | 'lg';
  label?: string;
}

/** A filled star when on, an outlined one when off: the shape tells them apart, not only the colour. */
const glyph = (on: boolean) => (on ? '★' : '☆');

/** Five stars, filled up to the rounded value. */
export function Stars({ value, size = 'sm', label }: StarsProps) {
  const filled = Math.round(value);
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={label ?? `${filled} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= filled ? 'star star--on' : 'star'} aria-hidden="true">
          {glyph(n <= filled)}
        </span>
      ))}
    </span>
  );
}

interface StarInputProps {
  value: number;
  onChange(value: number): void;
  disabled?: boolean;
  label?: string;
}

const STARS = Array.from({ length: MAX_STARS }, (_, i) => i + 1);

/**
 * The review rating: a radio group of five stars with one tab stop; arrow keys move and select (wrapping),
 * Home/End jump to 1 and 5, Space/Enter/click select.
 */
export function StarInput({ value, onChange, disabled, label = 'Rating' }: StarInputProps) {
  const group = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = ratingForKey(value, event.key);
    if (next === null || disabled) return;
    event.preventDefault();
    onChange(next);
    group.current?.querySelector<HTMLButtonElement>(`[data-star="${next}"]`)?.focus();
  };
  return (
    <div ref={group} className="star-input" role="radiogroup" aria-label={label} onKeyDown={onKeyDown}>
      {STARS.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          data-star={n}
          aria-checked={value === n}
          aria-label={`${n} star${n > 1 ? 's' : ''}`}
          tabIndex={isTabStop(n, value) ? 0 : -1}
          disabled={disabled}
          className={n <= value ? 'star star--on' : 'star'}
          onClick={() => onChange(n)}
        >
          <span aria-hidden="true">{glyph(n <= value)}</span>
        </button>
      ))}
    </div>
  );
}
