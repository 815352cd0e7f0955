import { useQuery } from '@tanstack/react-query';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Link } from 'react-router';
import { productListQuery } from '../../features/products/api/product-list';
import { ProductBrowser } from '../../features/products/components/product-browser';
import { GENERAL_PRICE_RANGES } from '../../features/products/filters';
import { searchListState } from '../../features/products/list-state';
import { useListState } from '../../features/products/use-list-state';
import type { Prefetch } from '../routes';

export const prefetch: Prefetch = async (queryClient, { searchParams }) => {
  const state = searchListState(searchParams);
  if (state.q) await queryClient.prefetchQuery(productListQuery(state));
};

export default function SearchRoute() {
  const { state, setState, hrefOf } = useListState(searchListState);
  const results = useQuery({ ...productListQuery(state), enabled: state.q !== '' });
  useDocumentTitle(state.q ? `Search: ${state.q}` : 'Search');
  if (!state.q) {
    return (
      <div className="container status-page">
        <h1>No Search Query</h1>
        <p className="muted">Type what you are looking for in the search box above.</p>
        <Link to="/" className="button button--primary">
          Back to Home
        </Link>
      </div>
    );
  }
  return (
    <div className="container section">
      <h1 className="page-title">Results for “{state.q}”</h1>
      <ProductBrowser
        state={state}
        onStateChange={setState}
        hrefOf={hrefOf}
        result={results.data}
        loading={results.isPending}
        updating={results.isPlaceholderData}
        ranges={GENERAL_PRICE_RANGES}
        withSearch={false}
        priorityFirst
        emptyTitle={`No products found for “${state.q}”`}
        emptyActions={
          <Link to="/" className="button button--ghost">
            Back to Home
          </Link>
        }
      />
    </div>
  );
}
