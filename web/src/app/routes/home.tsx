import { useDocumentTitle } from '../../lib/use-document-title';
import { Link } from 'react-router';
import { carouselQueryOptions, useCarousel } from '../../features/carousels/api/get-carousel';
import { featuredProductsQuery } from '../../features/products/api/featured-products';
import { keychainSampleQuery } from '../../features/products/api/keychain-sample';
import type { Prefetch } from '../routes';
import { Carousel } from '../../features/carousels/components/carousel';
import { FeaturedProducts } from '../../features/products/components/featured-products';
import { KeychainShowcase } from '../../features/products/components/keychain-showcase';

const scrollTo = (id: string) => {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
};

const CATEGORIES = [
  { name: 'Anime Figures', to: '/anime-figures', blurb: 'Scale figures, chibis and statues', tone: 'tile--red' },
  { name: 'Keychains', to: '/keychains', blurb: 'Charms for bags and keys', tone: 'tile--teal' },
  { name: 'Hot Wheels', to: null, blurb: 'Die-cast classics', tone: 'tile--blue' },
  { name: 'Trending', to: null, blurb: 'What collectors want now', tone: 'tile--violet' },
];

export const prefetch: Prefetch = (queryClient) =>
  Promise.all([
    queryClient.prefetchQuery(carouselQueryOptions('hero')),
    queryClient.prefetchQuery(featuredProductsQuery(1)),
    queryClient.prefetchQuery(keychainSampleQuery()),
  ]);

/**
 * The hero reads its carousel query itself: the query is asked again once the page is live (staleTime 0, so a
 * carousel edit shows), and TanStack's store changes (fetching, then fetched) re-render synchronously — only this
 * carousel, not the whole page (which was one long task after hydration).
 */
/** The hero's own actions (the spec's): a slide's "Shop Now" would be a second, different one. */
const HERO_ACTIONS = ['Shop Now', 'Explore Categories'] as const;

function HeroCarousel() {
  const hero = useCarousel('hero');
  return (
    <Carousel name="hero" settings={hero.data} actions={HERO_ACTIONS}>
      <button type="button" className="button button--primary button--large" onClick={() => scrollTo('featured')}>
        Shop Now
      </button>
      <button type="button" className="button button--light button--large" onClick={() => scrollTo('categories')}>
        Explore Categories
      </button>
    </Carousel>
  );
}

export default function HomeRoute() {
  useDocumentTitle(undefined);
  return (
    <>
      {/* The page's one top-level heading for assistive tech; the hero's slide titles are h2 and change with the slides. */}
      <h1 className="visually-hidden">Anime Collectibles — anime figures and keychains</h1>
      <HeroCarousel />
      <FeaturedProducts />
      <KeychainShowcase />
      <section id="categories" className="section container" aria-labelledby="categories-title">
        <div className="section__head">
          <h2 id="categories-title">Shop by Category</h2>
        </div>
        <div className="tiles">
          {CATEGORIES.map((c) =>
            c.to ? (
              <Link key={c.name} to={c.to} className={`tile ${c.tone}`}>
                <strong>{c.name}</strong>
                <span>{c.blurb}</span>
              </Link>
            ) : (
              <div key={c.name} className={`tile ${c.tone} tile--soon`} aria-disabled="true">
                <strong>{c.name}</strong>
                <span>{c.blurb}</span>
                <em className="chip chip--new">Coming soon</em>
              </div>
            ),
          )}
        </div>
      </section>
    </>
  );
}
