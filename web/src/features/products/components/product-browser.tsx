import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { typedBeforeStart } from '../../../lib/typed-before-start';
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
  const layout = state.view;
  const setLayout = (view: 'grid' | 'list') => onStateChange({ ...state, view }, { replace: true });
  const { pathname } = useLocation();
  const top = useRef<HTMLDivElement>(null);
  // What was typed before the app started stays in the box (and is searched for).
  const [draft, setDraft] = useState(() => typedBeforeStart('list-search') || state.q);

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

  // Enter searches at once (the toolbar is also a GET form to this page, which works before the app has started).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withSearch && draft.trim() !== state.q) onStateChange(withFilters(state, { q: draft.trim() }));
  };

  const cleared: ProductListState = {
    ...DEFAULT_LIST_STATE,
    view: state.view,
    ...(state.category ? { category: state.category } : {}),
    q: withSearch ? '' : state.q,
  };
  const filtered = (withSearch && state.q !== '') || state.priceRange !== 'all' || state.sort !== 'featured';
  const clear = () => {
    setDraft(cleared.q);
    onStateChange(cleared);
  };
  const products = result?.products ?? [];

  return (
    <div className="browser" ref={top}>
      {/* A GET form to this page: before the app starts, Enter, a price or sort choice (the page's script submits on
          change) and the view buttons load the URL the server renders; afterwards the app handles them in place. */}
      <form className="toolbar" role="search" method="get" action={pathname} onSubmit={submit} data-early-submit>
        {withSearch ? (
          <label className="field toolbar__search">
            <span className="visually-hidden">Search in this category</span>
            <input id="list-search" type="search" name="q" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder={searchPlaceholder} />
          </label>
        ) : (
          state.q && <input type="hidden" name="q" value={state.q} />
        )}
        <label className="field">
          <span className="field__label">Price</span>
          <select
            name="priceRange"
            value={state.priceRange}
            onChange={(e) => onStateChange(withFilters(state, { priceRange: e.target.value }))}
            aria-label="Price range"
          >
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
          <select name="sort" value={state.sort} onChange={(e) => onStateChange(withFilters(state, { sort: e.target.value as SortKey }))} aria-label="Sort by">
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <div className="segmented" role="group" aria-label="Layout">
          <button
            type="submit"
            name="view"
            value="grid"
            aria-pressed={layout === 'grid'}
            aria-label="Grid view"
            onClick={(e) => {
              e.preventDefault();
              setLayout('grid');
            }}
          >
            <GridIcon />
          </button>
          <button
            type="submit"
            name="view"
            value="list"
            aria-pressed={layout === 'list'}
            aria-label="List view"
            onClick={(e) => {
              e.preventDefault();
              setLayout('list');
            }}
          >
            <ListIcon />
          </button>
        </div>
        {/* After the view buttons: a tapped button's own value comes first in the URL it submits. */}
        {layout === 'list' && <input type="hidden" name="view" value="list" />}
        <button type="button" className="button button--ghost" onClick={clear} disabled={!filtered}>
          Clear Filters
        </button>
      </form>
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
