import { useDocumentTitle } from '../../lib/use-document-title';
import { ProductGridSkeleton } from '../../components/ui/spinner';
import { useProducts } from '../../features/products/api/get-products';
import { ProductGrid } from '../../features/products/components/product-grid';

export default function ProductsRoute() {
  useDocumentTitle('All Products');
  const { data, isLoading } = useProducts();
  return (
    <div className="container section">
      <h1 className="page-title">All Products</h1>
      {isLoading ? (
        <ProductGridSkeleton />
      ) : (data ?? []).length === 0 ? (
        <p className="empty-state">No products available right now.</p>
      ) : (
        <>
          <p className="result-count">{data!.length} products</p>
          <ProductGrid products={data!} eagerCount={4} />
        </>
      )}
    </div>
  );
}
