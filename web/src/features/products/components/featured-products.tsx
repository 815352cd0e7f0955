import { useMemo, useState } from 'react';
import { ProductGridSkeleton } from '../../../components/ui/spinner';
import { FEATURED_PAGE_SIZE, LOAD_MORE_DELAY_MS } from '../../../lib/constants';
import { useProducts } from '../api/get-products';
import { ProductGrid } from './product-grid';

/** Products that are new or on sale: 8 first, 8 more per Load More (after a short 500 ms pause). */
export function FeaturedProducts() {
  const { data, isLoading } = useProducts();
  const featured = useMemo(() => (data ?? []).filter((p) => p.isNew || p.isOnSale), [data]);
  const [visible, setVisible] = useState(FEATURED_PAGE_SIZE);
  const [loadingMore, setLoadingMore] = useState(false);
  const loadMore = () => {
    setLoadingMore(true);
    setTimeout(() => {
      setVisible((v) => v + FEATURED_PAGE_SIZE);
      setLoadingMore(false);
    }, LOAD_MORE_DELAY_MS);
  };
  return (
    <section id="featured" className="section container" aria-labelledby="featured-title">
      <div className="section__head">
        <h2 id="featured-title">Featured Products</h2>
        <p className="muted">New arrivals and this week’s deals</p>
      </div>
      {isLoading ? (
        <ProductGridSkeleton />
      ) : featured.length === 0 ? (
        <p className="muted">New arrivals are on their way.</p>
      ) : (
        <>
          <ProductGrid products={featured.slice(0, visible)} />
          <div className="section__foot">
            {visible < featured.length ? (
              <button type="button" className="button button--outline" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Load More'}
              </button>
            ) : (
              <p className="muted">You've seen all {featured.length} featured products</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
