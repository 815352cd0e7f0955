import { useEffect } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Link } from 'react-router';
import { useCarousel } from '../../features/carousels/api/get-carousel';
import { Carousel } from '../../features/carousels/components/carousel';
import type { CarouselName } from '../../features/carousels/types';
import { useCategoryProducts } from '../../features/products/api/get-category-products';
import { ProductBrowser } from '../../features/products/components/product-browser';
import type { PriceRange } from '../../features/products/filters';

interface CategoryPageProps {
  category: string;
  carousel: CarouselName;
  title: string;
  ranges: PriceRange[];
  emptyTitle: string;
}

export function CategoryPage({ category, carousel, title, ranges, emptyTitle }: CategoryPageProps) {
  useDocumentTitle(title);
  // The category carousel is fetched again whenever the window regains focus.
  const slides = useCarousel(carousel, { refetchOnWindowFocus: true });
  const { refetch } = slides;
  // TanStack Query only watches tab visibility; the spec also means switching back from another window.
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  const products = useCategoryProducts(category);
  return (
    <>
      <Carousel name={carousel} settings={slides.data} />
      <div className="container section">
        <h1 className="page-title">{title}</h1>
        <ProductBrowser
          products={products.data ?? []}
          loading={products.isLoading}
          ranges={ranges}
          searchPlaceholder={`Search ${title.toLowerCase()}…`}
          emptyTitle={emptyTitle}
          emptyActions={
            <Link to="/" className="button button--ghost">
              Back to Home
            </Link>
          }
        />
      </div>
    </>
  );
}
