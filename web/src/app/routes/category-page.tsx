import { useCallback, useEffect } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Link } from 'react-router';
import { carouselQueryOptions, useCarousel } from '../../features/carousels/api/get-carousel';
import { Carousel } from '../../features/carousels/components/carousel';
import type { CarouselName } from '../../features/carousels/types';
import { useQuery } from '@tanstack/react-query';
import { productListQuery } from '../../features/products/api/product-list';
import { ProductBrowser } from '../../features/products/components/product-browser';
import { CATEGORY_PAGES, categoryListState, type CategorySlug } from '../../features/products/list-state';
import { useListState } from '../../features/products/use-list-state';
import type { Prefetch } from '../routes';

/** The server renderer's prefetch of a category page: its carousel and the listing page its URL asks for. */
export const prefetchCategoryPage =
  (category: CategorySlug, carousel: CarouselName): Prefetch =>
  (queryClient, { searchParams }) =>
    Promise.all([
      queryClient.prefetchQuery(carouselQueryOptions(carousel)),
      queryClient.prefetchQuery(productListQuery(categoryListState(category, searchParams))),
    ]);

interface CategoryPageProps {
  category: CategorySlug;
  carousel: CarouselName;
  title: string;
  emptyTitle: string;
}

/**
 * The category carousel, fetched again whenever the window regains focus. Its own component: the query's store changes
 * (the fetch once the page is live, staleTime 0) re-render synchronously, and should re-render the carousel alone,
 * not the product listing beside it.
 */
function CategoryCarousel({ name }: { name: CarouselName }) {
  const slides = useCarousel(name, { refetchOnWindowFocus: true });
  const { refetch } = slides;
  // TanStack Query only watches tab visibility; the spec also means switching back from another window.
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [refetch]);
  return <Carousel name={name} settings={slides.data} />;
}

export function CategoryPage({ category, carousel, title, emptyTitle }: CategoryPageProps) {
  useDocumentTitle(title);
  const fromParams = useCallback((params: URLSearchParams) => categoryListState(category, params), [category]);
  const { state, setState, hrefOf } = useListState(fromParams);
  const products = useQuery(productListQuery(state));
  return (
    <>
      <CategoryCarousel name={carousel} />
      <div className="container section">
        <h1 className="page-title">{title}</h1>
        <ProductBrowser
          state={state}
          onStateChange={setState}
          hrefOf={hrefOf}
          result={products.data}
          loading={products.isPending}
          updating={products.isPlaceholderData}
          ranges={CATEGORY_PAGES[category].ranges}
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
