import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ProductGridSkeleton } from '../../../components/ui/spinner';
import { LOAD_MORE_DELAY_MS, sleep } from '../../../lib/constants';
import { featuredProductsQuery } from '../api/featured-products';
import { ProductGrid } from './product-grid';
import { useEarlyAction } from '../../../lib/early-actions';

/**
 * Products that are new or on sale, one server page of 8 at a time: Load More fetches the next page and shows it
 * after the spec's 500 ms pause; the closing line counts every featured product the server holds (`total`).
 */
export function FeaturedProducts() {
  const queryClient = useQueryClient();
  const [pages, setPages] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  const results = useQueries({ queries: Array.from({ length: pages }, (_, i) => featuredProductsQuery(i + 1)) });
  const first = results[0]?.data;
  const last = results[results.length - 1]?.data;
  const products = results.flatMap((r) => r.data?.products ?? []);
  const loadMore = async () => {
    setLoadingMore(true);
    await Promise.all([queryClient.prefetchQuery(featuredProductsQuery(pages + 1)), sleep(LOAD_MORE_DELAY_MS)]);
    setPages((n) => n + 1);
    setLoadingMore(false);
  };
  useEarlyAction('load-more', '', () => void loadMore());
  return (
    <section id="featured" className="section container" aria-labelledby="featured-title">
      <div className="section__head">
        <h2 id="featured-title">Featured Products</h2>
        <p className="muted">New arrivals and this week’s deals</p>
      </div>
      {!first ? (
        <ProductGridSkeleton />
      ) : first.total === 0 ? (
        <p className="muted">New arrivals are on their way.</p>
      ) : (
        <>
          <ProductGrid products={products} eagerCount={4} />
          <div className="section__foot">
            {last?.nextPage ? (
              <button type="button" className="button button--outline" onClick={() => void loadMore()} disabled={loadingMore} data-early="load-more">
                {loadingMore ? 'Loading…' : 'Load More'}
              </button>
            ) : (
              <p className="muted">You've seen all {first.total} featured products</p>
            )}
          </div>
        </>
      )}
    </section>
  );
}
