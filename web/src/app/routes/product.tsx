import { useDocumentTitle } from '../../lib/use-document-title';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { productQuery } from '../../features/products/api/get-product';
import { isPageHydrating } from '../../lib/hydration';
import { useAuth } from '../../lib/auth/auth-provider';
import { productReviewsQueryOptions, useProductReviews } from '../../features/products/api/get-product-reviews';
import { relatedProductsQuery } from '../../features/products/api/related-products';
import { ProductGallery } from '../../features/products/components/product-gallery';
import { ProductGrid } from '../../features/products/components/product-grid';
import { averageOf, ProductReviews } from '../../features/products/components/product-reviews';
import { PurchasePanel } from '../../features/products/components/purchase-panel';
import type { Prefetch } from '../routes';

export const prefetch: Prefetch = (queryClient, { params }) => {
  const id = params.id ?? '';
  return Promise.all([
    queryClient.prefetchQuery(productQuery(id)),
    queryClient.prefetchQuery(productReviewsQueryOptions(id)),
    queryClient.prefetchQuery(relatedProductsQuery(id)),
  ]);
};

export default function ProductRoute() {
  const { id = '' } = useParams();
  // A product the server found missing (404) shows 'Product Not Found' on both sides; it is asked again on a later visit.
  // Decided once at mount (TanStack reads retryOnMount only then), so hydration needs no second render of the page.
  const [retryOnMount] = useState(() => !isPageHydrating());
  const product = useQuery({ ...productQuery(id), retryOnMount });
  const { user } = useAuth();
  const reviews = useProductReviews(id, user?.id ?? null);
  // Asked beside the product itself: the server knows its category.
  const related = useQuery(relatedProductsQuery(id));
  useDocumentTitle(product.isLoading ? undefined : (product.data?.name ?? 'Product Not Found'));

  if (product.isLoading) return <Spinner label="Loading product…" />;
  if (product.isError || !product.data) {
    return (
      <div className="container status-page">
        <h1>Product Not Found</h1>
        <p className="muted">This product does not exist or could not be loaded.</p>
        <Link to="/" className="button button--primary">
          Back to Home
        </Link>
      </div>
    );
  }
  const p = product.data;
  const list = reviews.data ?? [];
  const average = list.length ? averageOf(list) : p.rating;
  const alsoLike = related.data ?? [];
  return (
    <div className="container section">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link to="/">Home</Link> /{' '}
        <Link to={p.category === 'Keychains' ? '/keychains' : p.category === 'Anime Figures' ? '/anime-figures' : '/products'}>{p.category}</Link> /{' '}
        <span>{p.name}</span>
      </nav>
      <div className="product-detail">
        <ProductGallery images={p.images} name={p.name} />
        <PurchasePanel product={p} averageRating={average} reviewCount={list.length} />
      </div>
      <ProductReviews productId={p.id} reviews={list} fallbackRating={p.rating} />
      {alsoLike.length > 0 && (
        <section className="section" aria-labelledby="related-title">
          <h2 id="related-title">You might also like</h2>
          <ProductGrid products={alsoLike} />
        </section>
      )}
    </div>
  );
}
