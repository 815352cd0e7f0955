import { useEffect, useRef, useState, type ReactNode } from 'react';
import { GridIcon, ListIcon } from '../../../components/ui/icons';
import { ProductGridSkeleton } from '../../../components/ui/spinner';
import type { ProductPage } from '../api/product-page';
import { SORT_OPTIONS, type PriceRange, type SortKey } from '../filters';
import { DEFAULT_LIST_STATE, withFilters, type ProductListState } from '../list-state';
import { useLastPageFallback } from '../use-list-state';
import { Pagination } from './pagination';
import { ProductGrid } from './product-grid';
import { ResultCount } from './result-count';

/** How long the search box waits for the shopper to stop typing before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;

interface ProductBrowserProps {
  /** From the URL (`categoryListState`, `searchListState`). */
  state: ProductListState;
  onStateChange(next: ProductListState, options?: { replace?: boolean }): void;
  hrefOf(next: ProductListState): string;
  /** The server's page for `state`: products, total and page count. */
  result: ProductPage | undefined;
  loading: boolean;
  /** The previous page is still shown while the one asked for loads. */
  updating?: boolean;
  ranges: PriceRange[];
  /** Category pages have their own search box; the search page's term comes from the header search. */
  withSearch?: boolean;
  searchPlaceholder?: string;
  emptyTitle: string;
  emptyActions?: ReactNode;
  /** No carousel above: the first result's image is the page's LCP element. */
  priorityFirst?: boolean;
}

/** Search box, price filter, sort, grid/list toggle, result count, Clear Filters and pages over one server page. */
export function ProductBrowser({
  state,
  onStateChange,
  hrefOf,
  result,
  loading,
  updating = false,
  ranges,
  withSearch = true,
  searchPlaceholder = 'Search…',
  emptyTitle,
  emptyActions,
  priorityFirst = false,
}: ProductBrowserProps) {
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const top = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState(state.q);

  // The URL wins (Back, a shared link, Clear Filters): the box shows its term.
  useEffect(() => {
    setDraft((current) => (current.trim() === state.q ? current : state.q));
  }, [state.q]);

  // Typing asks the server once the shopper pauses; the URL is replaced, not pushed, per keystroke.
  useEffect(() => {
    if (!withSearch || draft.trim() === state.q) return;
    const timer = setTimeout(() => onStateChange(withFilters(state, { q: draft.trim() }), { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, withSearch, state, onStateChange]);

  useLastPageFallback(state, onStateChange, result, updating);

  const cleared: ProductListState = { ...DEFAULT_LIST_STATE, ...(state.category ? { category: state.category } : {}), q: withSearch ? '' : state.q };
  const filtered = (withSearch && state.q !== '') || state.priceRange !== 'all' || state.sort !== 'featured';
  const clear = () => {
    setDraft(cleared.q);
    onStateChange(cleared);
  };
  const products = result?.products ?? [];

  return (
    <div className="browser" ref={top}>
      <div className="toolbar" role="search">
        {withSearch && (
          <label className="field toolbar__search">
            <span className="visually-hidden">Search in this category</span>
            <input type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={searchPlaceholder} />
          </label>
        )}
        <label className="field">
          <span className="field__label">Price</span>
          <select value={state.priceRange} onChange={(e) => onStateChange(withFilters(state, { priceRange: e.target.value }))} aria-label="Price range">
            <option value="all">All prices</option>
            {ranges.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">Sort by</span>
          <select value={state.sort} onChange={(e) => onStateChange(withFilters(state, { sort: e.target.value as SortKey }))} aria-label="Sort by">
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label="Layout">
          <button type="button" aria-pressed={layout === 'grid'} aria-label="Grid view" onClick={() => setLayout('grid')}>
            <GridIcon />
          </button>
          <button type="button" aria-pressed={layout === 'list'} aria-label="List view" onClick={() => setLayout('list')}>
            <ListIcon />
          </button>
        </div>
        <button type="button" className="button button--ghost" onClick={clear} disabled={!filtered}>
          Clear Filters
        </button>
      </div>
      {loading || !result ? (
        <ProductGridSkeleton />
      ) : (
        <div aria-busy={updating} className={updating ? 'browser__results browser__results--updating' : 'browser__results'}>
          <ResultCount shown={products.length} total={result.total} approximate={result.totalApproximate} />
          {products.length === 0 ? (
            <div className="empty-state">
              <h2>{emptyTitle}</h2>
              <p>Try adjusting your search or filters to find what you're looking for.</p>
              <div className="empty-state__actions">
                <button type="button" className="button button--primary" onClick={clear}>
                  Clear Filters
                </button>
                {emptyActions}
              </div>
            </div>
          ) : (
            <>
              <ProductGrid products={products} layout={layout} eagerCount={4} priorityFirst={priorityFirst} />
              <Pagination
                page={result.page}
                totalPages={result.totalPages}
                hrefOf={(page) => hrefOf({ ...state, page })}
                onNavigate={() => top.current?.scrollIntoView({ block: 'start' })}
              />
            </>
          )}
        </div>
      )}
    </div>
  );
}
