import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ProductGridSkeleton } from '../../components/ui/spinner';
import { productListQuery } from '../../features/products/api/product-list';
import { Pagination } from '../../features/products/components/pagination';
import { ProductGrid } from '../../features/products/components/product-grid';
import { allProductsListState } from '../../features/products/list-state';
import { useLastPageFallback, useListState } from '../../features/products/use-list-state';
import type { Prefetch } from '../routes';

export const prefetch: Prefetch = (queryClient, { searchParams }) => queryClient.prefetchQuery(productListQuery(allProductsListState(searchParams)));

/** /products: a plain grid of every product, one numbered page at a time. */
export default function ProductsRoute() {
  useDocumentTitle('All Products');
  const { state, setState, hrefOf } = useListState(allProductsListState);
  const { data, isPending, isPlaceholderData } = useQuery(productListQuery(state));
  useLastPageFallback(state, setState, data, isPlaceholderData);
  const top = useRef<HTMLHeadingElement>(null);
  return (
    <div className="container section">
      <h1 className="page-title" ref={top}>
        All Products
      </h1>
      {isPending || !data ? (
        <ProductGridSkeleton />
      ) : data.products.length === 0 ? (
        <p className="empty-state">No products available right now.</p>
      ) : (
        <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'browser__results browser__results--updating' : 'browser__results'}>
          <h2 className="result-count">{data.total} products</h2>
          <ProductGrid products={data.products} eagerCount={4} priorityFirst />
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            hrefOf={(page) => hrefOf({ ...state, page })}
            onNavigate={() => top.current?.scrollIntoView({ block: 'start' })}
          />
        </div>
      )}
    </div>
  );
}
