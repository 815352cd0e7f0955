import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LazyImage } from '../../../components/ui/lazy-image';
import { formatINR } from '@kit/format';
import { IMAGE_SIZES } from '../../../lib/responsive-images';
import { keychainSampleQuery } from '../api/keychain-sample';

/** Shown at once on a wide screen; CSS shows 1 under 768 px and 2 under 1024 px (no window read: renders the same on the server). */
const MOST_SHOWN = 3;

/** A random sample of keychains drawn by the server, 1/2/3 at a time by width; products without a usable image are left out. */
export function KeychainShowcase() {
  const { data } = useQuery(keychainSampleQuery());
  const items = data ?? [];
  const [start, setStart] = useState(0);
  if (items.length === 0) return null;
  const shown = Array.from({ length: Math.min(MOST_SHOWN, items.length) }, (_, i) => items[(start + i) % items.length]!);
  const move = (delta: number) => setStart((s) => (s + delta + items.length) % items.length);
  return (
    <section className="section showcase" aria-labelledby="showcase-title">
      <div className="container">
        <div className="section__head">
          <h2 id="showcase-title">Keychain Showcase</h2>
          <Link to="/keychains" className="link">
            View all keychains →
          </Link>
        </div>
        <div className="showcase__row">
          <button type="button" className="carousel__arrow carousel__arrow--static" aria-label="Previous keychains" onClick={() => move(-1)}>
            ‹
          </button>
          <div className="showcase__items">
            {shown.map((p) => (
              <Link key={p.id} to={`/product/${p.id}`} className="showcase__item">
                <LazyImage src={p.image} alt={p.name} width={300} height={300} sizes={IMAGE_SIZES.showcase} />
                <span className="showcase__name">{p.name}</span>
                <span className="price">{formatINR(p.price)}</span>
              </Link>
            ))}
          </div>
          <button type="button" className="carousel__arrow carousel__arrow--static" aria-label="Next keychains" onClick={() => move(1)}>
            ›
          </button>
        </div>
      </div>
    </section>
  );
}
