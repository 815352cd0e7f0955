import { PRICE_BANDS, SORT_ORDERS } from '../modules/catalogue/search/list-schemas.js';

/** The longest search term the catalogue API answers (its `q` is refused beyond this). */
export const MAX_SEARCH_TERM = 200;

/**
 * The parameters a listing page reads from its URL (web/src/features/products/list-state.ts), each with the values it
 * takes: a value it does not offer is the default, so it is left out. A parameter added to the storefront's list state
 * is added here, or the server renders the page without it.
 */
const bands = new Set<string>(Object.keys(PRICE_BANDS));
const sorts = new Set<string>(SORT_ORDERS);
const LIST_PARAMS: Record<string, (value: string) => string | null> = {
  q: (value) => value.trim() || null,
  priceRange: (value) => (bands.has(value) && value !== 'all' ? value : null),
  sort: (value) => (sorts.has(value) && value !== 'featured' ? value : null),
  page: (value) => (/^\d{1,6}$/.test(value) && Number(value) > 1 ? String(Number(value)) : null),
  view: (value) => (value === 'list' ? value : null),
};

/** Which of those each listing page reads (/products is a plain grid: its page number only). */
const FILTERED = ['q', 'priceRange', 'sort', 'page', 'view'];
const LIST_PAGES: Record<string, string[]> = {
  '/products': ['page', 'view'],
  '/all-products': ['page', 'view'],
  '/search': FILTERED,
  '/anime-figures': FILTERED,
  '/anime-figure': FILTERED,
  '/keychains': FILTERED,
  '/keychain': FILTERED,
};

const trimmed = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The query string a storefront page is rendered from and cached under: only what the page itself reads, in one
 * order, defaults and values the page does not offer left out. Campaign tags (`utm_*`, `fbclid`, `gclid`) and anything
 * else a link carries do not change the page, so they neither render it again nor take another place in the render
 * cache. Pages that read nothing from the URL (home, a product) get ''.
 */
export function pageSearch(pathname: string, params: URLSearchParams): string {
  const names = LIST_PAGES[trimmed(pathname)];
  if (!names) return '';
  const own = new URLSearchParams();
  for (const name of names) {
    const raw = params.get(name);
    const value = raw === null ? null : LIST_PARAMS[name]!(raw);
    if (value !== null) own.set(name, value);
  }
  const search = own.toString();
  return search ? `?${search}` : '';
}

/** A search term the catalogue API would refuse: the storefront's /search refuses it the same way. */
export function searchTermTooLong(pathname: string, params: URLSearchParams): boolean {
  return trimmed(pathname) === '/search' && (params.get('q') ?? '').length > MAX_SEARCH_TERM;
}
