import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { toProductPage } from '../api/product-page';
import { ResultCount, resultCountText } from './result-count';

const raw = (id: number) => ({ id, name: `Figure ${id}`, price: 1000 + id, category: 'Anime Figures', image: `/media/${id}.webp` });
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '');

describe('result count: exact totals as the spec says, estimates with "about"', () => {
  it('an exact total reads "Showing X of Y results"', () => {
    expect(resultCountText(24, 130)).toBe('Showing 24 of 130 results');
    expect(text(renderToString(<ResultCount shown={24} total={130} />))).toBe('Showing 24 of 130 results');
  });

  it('a broad search whose total the server estimated reads "Showing X of about Y results"', () => {
    const page = toProductPage(
      { products: [raw(1), raw(2)], total: 67000, totalApproximate: true, page: 1, limit: 2, totalPages: 33500, nextPage: 2 },
      { page: 1, limit: 2 },
    );
    expect(page.totalApproximate).toBe(true);
    const html = renderToString(<ResultCount shown={page.products.length} total={page.total} approximate={page.totalApproximate} />);
    expect(text(html)).toBe('Showing 2 of about 67000 results');
  });

  it('an answer without the flag (or with it false) is exact', () => {
    for (const flag of [undefined, false]) {
      const page = toProductPage(
        { products: [raw(1)], total: 1, page: 1, limit: 24, totalPages: 1, nextPage: null, ...(flag === undefined ? {} : { totalApproximate: flag }) },
        { page: 1, limit: 24 },
      );
      expect(page).not.toHaveProperty('totalApproximate');
      expect(text(renderToString(<ResultCount shown={1} total={1} approximate={page.totalApproximate} />))).toBe('Showing 1 of 1 results');
    }
  });
});
