import { describe, expect, it } from 'vitest';
import { pageSearch, searchTermTooLong } from './page-params.js';

const of = (url: string) => {
  const u = new URL(url, 'http://x');
  return pageSearch(u.pathname, u.searchParams);
};

describe('the query string a storefront page is rendered from', () => {
  it('drops campaign tags and unknown parameters', () => {
    expect(of('/products?utm_source=a&utm_medium=b&fbclid=c&gclid=d&zzz=1')).toBe('');
    expect(of('/?utm_source=a')).toBe('');
    expect(of('/product/abc?fbclid=x&page=2')).toBe('');
    expect(of('/search?q=gojo&utm_campaign=x')).toBe('?q=gojo');
  });

  it('keeps what a listing reads, in one order, defaults and values it does not offer left out', () => {
    expect(of('/anime-figures?sort=price-low&priceRange=1000-2000&page=2')).toBe('?priceRange=1000-2000&sort=price-low&page=2');
    expect(of('/anime-figures?priceRange=1000-2000&sort=price-low&page=02')).toBe('?priceRange=1000-2000&sort=price-low&page=2');
    expect(of('/keychains/?sort=featured&priceRange=all&page=1&view=grid')).toBe('');
    expect(of('/keychains?sort=cheapest&priceRange=free&page=1e3')).toBe('');
    expect(of('/search?q=%20naruto%20&view=list')).toBe('?q=naruto&view=list');
    // The plain grid reads its page only.
    expect(of('/products?q=x&sort=rating&page=3')).toBe('?page=3');
  });

  it('a search term the API refuses is refused on /search', () => {
    expect(searchTermTooLong('/search', new URLSearchParams({ q: 'x'.repeat(201) }))).toBe(true);
    expect(searchTermTooLong('/search/', new URLSearchParams({ q: 'x'.repeat(201) }))).toBe(true);
    expect(searchTermTooLong('/search', new URLSearchParams({ q: 'x'.repeat(200) }))).toBe(false);
  });
});
