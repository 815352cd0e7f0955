import { useDocumentTitle } from '../../lib/use-document-title';
import { Link, useSearchParams } from 'react-router';
import { useSearchProducts } from '../../features/products/api/search-products';
import { ProductBrowser } from '../../features/products/components/product-browser';
import { GENERAL_PRICE_RANGES } from '../../features/products/filters';

export default function SearchRoute() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const results = useSearchProducts(q);
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  if (!q) {
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
      <h1 className="page-title">
        Results for “{q}”
      </h1>
      <ProductBrowser
        key={q}
        products={results.data ?? []}
        loading={results.isLoading}
        ranges={GENERAL_PRICE_RANGES}
        withSearch={false}
        emptyTitle={`No products found for “${q}”`}
        emptyActions={
          <Link to="/" className="button button--ghost">
            Back to Home
          </Link>
        }
      />
    </div>
  );
}
