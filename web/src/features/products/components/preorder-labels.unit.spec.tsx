import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { normalizeProduct } from '../../../lib/product';
import { PreorderChip, ShipsFrom, shipsFromText } from './preorder-labels';

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');
const raw = { id: 'p1', name: 'Frieren Figure', price: 8999, category: 'Anime Figures', image: '/media/p1.webp' };

describe("pre-order labels: 'Pre-order' and 'Ships from {date}' (en-IN)", () => {
  it('a pre-order from the server shows both labels, the date as India writes it', () => {
    const product = normalizeProduct({ ...raw, is_preorder: true, release_date: '2027-03-05' });
    expect(product).toMatchObject({ isPreorder: true, releaseDate: '2027-03-05' });
    expect(text(renderToString(<PreorderChip product={product} />))).toBe('Pre-order');
    expect(text(renderToString(<ShipsFrom product={product} />))).toBe('Ships from 5 Mar 2027');
    expect(shipsFromText('2027-12-31')).toBe('Ships from 31 Dec 2027');
  });

  it('a released product (or any other) shows neither', () => {
    for (const product of [normalizeProduct(raw), normalizeProduct({ ...raw, is_preorder: false, release_date: '2026-01-05' })]) {
      expect(product.isPreorder).toBe(false);
      expect(renderToString(<PreorderChip product={product} />)).toBe('');
      expect(renderToString(<ShipsFrom product={product} />)).toBe('');
    }
  });
});
