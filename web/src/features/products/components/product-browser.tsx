import { useMemo, useState, type ReactNode } from 'react';
import { GridIcon, ListIcon } from '../../../components/ui/icons';
import { ProductGridSkeleton } from '../../../components/ui/spinner';
import { filterAndSort, SORT_OPTIONS, type PriceRange, type SortKey } from '../filters';
import type { Product } from '../types';
import { ProductGrid } from './product-grid';

interface ProductBrowserProps {
  products: Product[];
  loading: boolean;
  ranges: PriceRange[];
  /** Category pages have their own search box; the search page does not. */
  withSearch?: boolean;
  searchPlaceholder?: string;
  emptyTitle: string;
  emptyActions?: ReactNode;
}

/** Search box, price filter, sort, grid/list toggle, result count and Clear Filters over a product list. */
export function ProductBrowser({ products, loading, ranges, withSearch = true, searchPlaceholder = 'Search…', emptyTitle, emptyActions }: ProductBrowserProps) {
  const [search, setSearch] = useState('');
  const [priceRange, setPriceRange] = useState('all');
  const [sort, setSort] = useState<SortKey>('featured');
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const shown = useMemo(() => filterAndSort(products, { search, priceRange, sort, ranges }), [products, search, priceRange, sort, ranges]);
  const clear = () => {
    setSearch('');
    setPriceRange('all');
    setSort('featured');
  };
  const filtered = search !== '' || priceRange !== 'all' || sort !== 'featured';

  return (
    <div className="browser">
      <div className="toolbar" role="search">
        {withSearch && (
          <label className="field toolbar__search">
            <span className="visually-hidden">Search in this category</span>
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={searchPlaceholder} />
          </label>
        )}
        <label className="field">
          <span className="field__label">Price</span>
          <select value={priceRange} onChange={(e) => setPriceRange(e.target.value)} aria-label="Price range">
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
          <select value={sort} onChange={(e) => setSort(e.target.value as SortKey)} aria-label="Sort by">
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
      {loading ? (
        <ProductGridSkeleton />
      ) : (
        <>
          <p className="result-count" aria-live="polite">
            Showing {shown.length} of {products.length} results
          </p>
          {shown.length === 0 ? (
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
            <ProductGrid products={shown} layout={layout} eagerCount={4} />
          )}
        </>
      )}
    </div>
  );
}
