import { FIGURE_PRICE_RANGES, GENERAL_PRICE_RANGES, KEYCHAIN_PRICE_RANGES, SORT_OPTIONS, type PriceRange, type SortKey } from './filters';

/**
 * What a listing page shows, read from its URL only (`?q=…&priceRange=…&sort=…&page=…`), so Back, a shared link and
 * the server renderer all arrive at the same page. Pure functions: no window, no React.
 */
export type CategorySlug = 'anime-figures' | 'keychains';

export interface ProductListState {
  /** The category page's slug; absent on /products and /search. */
  category?: CategorySlug;
  /** Trimmed search term ('' for none). */
  q: string;
  /** 'all' or one of the page's price bands. */
  priceRange: string;
  sort: SortKey;
  /** 1-based. */
  page: number;
  /** Cards in a grid or as a list (`?view=list`). */
  view: ListView;
}

export type ListView = 'grid' | 'list';

/** One page of a listing: a shopper's screenful, and the largest the server answers below its maximum of 200. */
export const LIST_PAGE_SIZE = 24;

export const CATEGORY_PAGES: Record<CategorySlug, { name: string; ranges: PriceRange[] }> = {
  'anime-figures': { name: 'Anime Figures', ranges: FIGURE_PRICE_RANGES },
  keychains: { name: 'Keychains', ranges: KEYCHAIN_PRICE_RANGES },
};

export const DEFAULT_LIST_STATE: ProductListState = { q: '', priceRange: 'all', sort: 'featured', page: 1, view: 'grid' };

const viewOf = (params: URLSearchParams): ListView => (params.get('view') === 'list' ? 'list' : 'grid');

const SORTS = new Set<string>(SORT_OPTIONS.map((o) => o.value));

function pageOf(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  // Digits only: '2abc', '1e3', '-1' and '0' all fall back to the first page.
  if (!/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** The state of a listing with filters; anything the page does not offer falls back to its default. */
export function listStateFromSearchParams(params: URLSearchParams, ranges: PriceRange[], category?: CategorySlug): ProductListState {
  const priceRange = params.get('priceRange') ?? '';
  const sort = params.get('sort') ?? '';
  return {
    ...(category ? { category } : {}),
    q: (params.get('q') ?? '').trim().slice(0, 200),
    priceRange: ranges.some((r) => r.value === priceRange) ? priceRange : 'all',
    sort: SORTS.has(sort) ? (sort as SortKey) : 'featured',
    page: pageOf(params),
    view: viewOf(params),
  };
}

/** /anime-figures and /keychains (and their singular aliases). */
export const categoryListState = (category: CategorySlug, params: URLSearchParams): ProductListState =>
  listStateFromSearchParams(params, CATEGORY_PAGES[category].ranges, category);

/** /search?q=…: price bands that cover both categories. */
export const searchListState = (params: URLSearchParams): ProductListState => listStateFromSearchParams(params, GENERAL_PRICE_RANGES);

/** /products and /all-products: a plain grid, only the page number (and the view) come from the URL. */
export const allProductsListState = (params: URLSearchParams): ProductListState => ({ ...DEFAULT_LIST_STATE, page: pageOf(params), view: viewOf(params) });

/** The query string a state is shared by: defaults left out, always in the same order. */
export function searchParamsFromListState(state: ProductListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.priceRange !== 'all') params.set('priceRange', state.priceRange);
  if (state.sort !== 'featured') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.view === 'list') params.set('view', 'list');
  return params;
}

/** Any change of term, band or sort starts again at page 1. */
export function withFilters(state: ProductListState, change: Partial<Pick<ProductListState, 'q' | 'priceRange' | 'sort'>>): ProductListState {
  return { ...state, ...change, page: 1 };
}

export const isFiltered = (state: ProductListState) => state.q !== '' || state.priceRange !== 'all' || state.sort !== 'featured';
