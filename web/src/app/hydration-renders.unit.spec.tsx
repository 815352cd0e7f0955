// @vitest-environment happy-dom
/// <reference types="node" />
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Total Blocking Time: once React has hydrated a server-rendered page, nothing may render the page's
 * sections again synchronously. React renders a synchronous update (SyncLane: a store change seen by
 * useSyncExternalStore, which TanStack Query's useQuery and the old useHydrated were) as one task that cannot yield;
 * on the product page and the home page that was the whole page, one long task right after hydration.
 *
 * The page is rendered by the real server renderer (entry-server.tsx, reads answered by fixtures), then hydrated by the
 * real boot module (boot.tsx's startApp) in happy-dom, as a guest with nothing stored; the carousel's re-read after hydration is
 * held, so it only starts, unless a test answers it (then only the carousel may render again, not the page around it). The page's sections are wrapped to count their renders, and React's
 * DevTools hook reports each commit's priority (1 = synchronous).
 */
type Entry = { kind: 'render'; name: string } | { kind: 'commit'; priority: number };

const { log, counted } = vi.hoisted(() => {
  const entries: Entry[] = [];
  // React looks for the DevTools hook when react-dom loads; it then reports every commit with its scheduler priority.
  (globalThis as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_renderer: number, _root: unknown, priority: number) => entries.push({ kind: 'commit', priority }),
  };
  /** Replaces a section component by a wrapper that logs each render its parent gives it. */
  const wrap = (name: string) => async (importOriginal: () => Promise<Record<string, unknown>>) => {
    const original = await importOriginal();
    const { createElement } = await import('react');
    const Component = original[name] as React.ComponentType<Record<string, unknown>>;
    return {
      ...original,
      [name]: (props: Record<string, unknown>) => {
        entries.push({ kind: 'render', name });
        return createElement(Component, props);
      },
    };
  };
  return { log: entries, counted: wrap };
});

vi.mock('../features/products/components/featured-products', counted('FeaturedProducts'));
vi.mock('../features/products/components/keychain-showcase', counted('KeychainShowcase'));
vi.mock('../features/products/components/product-gallery', counted('ProductGallery'));
vi.mock('../features/products/components/product-reviews', counted('ProductReviews'));
vi.mock('../features/carousels/components/carousel', counted('Carousel'));

const product = (i: number, category = i % 2 ? 'Keychains' : 'Anime Figures') => ({
  id: `p${i}`,
  name: `Figure number ${i}`,
  price: 500 + i,
  original_price: null,
  image: `/media/demo/p${i}.webp`,
  images: [`/media/demo/p${i}.webp`],
  category,
  is_new: i % 3 === 0,
  is_on_sale: false,
  discount: null,
  description: `Description ${i}`,
  in_stock: true,
  stock_quantity: 5,
  rating: 4,
  reviews: 0,
});

/** What the in-memory catalogue answers the server renderer, by API path. */
async function reads(path: string): Promise<unknown> {
  if (path.startsWith('/carousels/')) return { success: true, carousel: null };
  if (path.startsWith('/products?featured=true'))
    return { success: true, products: [1, 2, 3, 4].map((i) => product(i)), total: 4, page: 1, limit: 8, totalPages: 1, nextPage: null };
  if (path.startsWith('/products/sample')) return { success: true, products: [5, 7, 9].map((i) => product(i, 'Keychains')) };
  if (path.startsWith('/products/p1/reviews')) return { success: true, reviews: [] };
  if (path.startsWith('/products/p1/related')) return { success: true, products: [2, 4].map((i) => product(i)) };
  if (path === '/products/p1') return { success: true, product: product(1) };
  return { success: false, error: 'Not found' };
}

/**
 * The server's answer for each page: rendered before any page is hydrated (react-dom's server and client renderers
 * share the context objects of the libraries, and a hydrated page stays mounted: its carousel keeps rendering).
 */
const served = new Map<string, string>();
const HERO = {
  isActive: true,
  autoPlay: false,
  height: '600px',
  slides: [{ id: 'admin-1', image: '/media/demo/admin.webp', title: 'The admin slide', order: 1 }],
};

beforeAll(async () => {
  const { render } = await import('../entry-server');
  for (const path of ['/', '/product/p1']) {
    const { html, dehydratedState } = await render(`http://localhost${path}`, reads);
    served.set(
      path,
      `<div id="root">${html}</div><script type="application/json" id="ssr-data">${JSON.stringify(dehydratedState).replace(/</g, '\\u003c')}</script>`,
    );
  }
  // The same home page when the admin has a hero carousel: the server renders its slides.
  const withHero = async (path: string) => (path.startsWith('/carousels/hero') ? { success: true, carousel: HERO } : reads(path));
  const home = await render('http://localhost/', withHero);
  served.set(
    'home-with-hero',
    `<div id="root">${home.html}</div><script type="application/json" id="ssr-data">${JSON.stringify(home.dehydratedState).replace(/</g, '\\u003c')}</script>`,
  );
  const { setServerReads } = await import('@kit/api');
  setServerReads(null);
  // React's server renderer leaves the last rendered component's context values set in the libraries' context
  // objects (a server never hydrates in the same process); one empty render puts them back before the browser's turn.
  const { prerender } = await import('react-dom/static');
  const { createElement } = await import('react');
  await prerender(createElement('div'));
}, 60_000);

const carouselReads: string[] = [];
/** The held carousel re-reads' answers: a test that calls one answers that read (the others stay held forever). */
const carouselAnswers: ((response: Response) => void)[] = [];

let root: Root | undefined;

beforeEach(() => {
  log.length = 0;
  carouselReads.length = 0;
  carouselAnswers.length = 0;
  localStorage.clear();
  delete document.documentElement.dataset.hydrated;
  // Reads after hydration: the carousel is asked again (staleTime 0) and held; anything else would be a repeated read.
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      if (!String(url).includes('/carousels/')) return new Promise(() => undefined);
      carouselReads.push(String(url));
      return new Promise<Response>((resolve) => carouselAnswers.push(resolve));
    }),
  );
});
afterEach(() => {
  root?.unmount();
  root = undefined;
  vi.unstubAllGlobals();
});

/** Waits until React has committed nothing more for a few turns of the event loop (its scheduler runs on setImmediate). */
async function settled() {
  let quiet = 0;
  let seen = log.length;
  while (quiet < 5) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    quiet = log.length === seen ? quiet + 1 : 0;
    seen = log.length;
  }
}

/** The browser opens the page the server sent and boot.tsx starts the app on it as main.tsx does. */
async function hydrate(path: string, page = path) {
  document.body.innerHTML = served.get(page)!;
  window.history.replaceState(null, '', path);
  log.length = 0;
  const { startApp } = await import('../boot');
  root = await startApp();
  // The root first (data-hydrated), then the page area, a Suspense boundary React may hydrate in a later pass.
  const { isPageHydrating } = await import('../lib/hydration');
  await vi.waitFor(
    () => {
      expect(document.documentElement.dataset.hydrated).toBe('true');
      expect(isPageHydrating()).toBe(false);
    },
    { timeout: 30_000 },
  );
  await settled();
}

/** The commits of the page after it was opened, each with its priority (1: synchronous) and the sections it rendered. */
function commits(): { priority: number; rendered: Set<string> }[] {
  const found: { priority: number; rendered: Set<string> }[] = [];
  // StrictMode renders each component twice in development: a set per commit counts a section once.
  let pending = new Set<string>();
  for (const entry of log) {
    if (entry.kind === 'render') pending.add(entry.name);
    else {
      found.push({ priority: entry.priority, rendered: pending });
      pending = new Set();
    }
  }
  return found;
}

/** The sections rendered by a synchronous commit after the first one (the hydration). */
const synchronousRenders = () =>
  commits()
    .slice(1)
    .filter((c) => c.priority === 1)
    .flatMap((c) => [...c.rendered]);

/** How many commits rendered the section (how React splits a hydration into commits depends on timing). */
const renders = (name: string) => commits().filter((c) => c.rendered.has(name)).length;

describe('after hydration, nothing renders the page again synchronously (a guest with nothing stored)', () => {
  it('home: no synchronous render of the featured products or the showcase (the hero has asked for its carousel again)', async () => {
    await hydrate('/');
    await vi.waitFor(() => expect(carouselReads.some((u) => u.includes('/carousels/hero'))).toBe(true));
    await settled();
    expect(renders('FeaturedProducts')).toBeGreaterThan(0);
    expect(renders('KeychainShowcase')).toBeGreaterThan(0);
    expect(synchronousRenders()).toEqual([]);
  }, 60_000);

  it('home: the hero carousel answered after hydration re-renders the carousel alone, not the page (its query is read in its own component)', async () => {
    await hydrate('/');
    const hero = () => document.querySelector<HTMLElement>('.carousel--hero');
    expect(hero()?.dataset.source).toBe('fallback'); // the server had no hero carousel
    await vi.waitFor(() => expect(carouselReads.some((u) => u.includes('/carousels/hero'))).toBe(true));
    await settled();
    log.length = 0;
    // An admin's edit since the server rendered: one slide (no autoplay timer), so the only commits now are its arrival.
    const carousel = { isActive: true, slides: [{ id: 'edited-1', image: '/media/demo/edited.webp', title: 'Edited after render', order: 1 }] };
    // StrictMode mounts twice, so the hero may have been asked twice (the first read aborted): every read gets the answer.
    for (const answer of carouselAnswers)
      answer(new Response(JSON.stringify({ success: true, carousel }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await vi.waitFor(() => expect(hero()?.dataset.source).toBe('server'), { timeout: 30_000 });
    await settled();
    expect(hero()?.dataset.slides).toBe('1'); // the fallback has 11
    // The arrival did render the carousel (so the assertions below are about a real update)…
    expect(renders('Carousel')).toBeGreaterThan(0);
    // …and nothing of the page around it: a page-level carousel query re-renders the home page and every section in it.
    expect(renders('FeaturedProducts')).toBe(0);
    expect(renders('KeychainShowcase')).toBe(0);
  }, 60_000);

  it('home with an admin hero carousel: the hero never shows the built-in slides while the page hydrates', async () => {
    const sources: string[] = [];
    const look = () => {
      const source = document.querySelector('.carousel--hero')?.getAttribute('data-source');
      if (source && sources.at(-1) !== source) sources.push(source);
    };
    const observer = new MutationObserver(look);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-source'] });
    try {
      await hydrate('/', 'home-with-hero');
      await vi.waitFor(() => expect(carouselReads.some((u) => u.includes('/carousels/hero'))).toBe(true));
      await settled();
      look();
    } finally {
      observer.disconnect();
    }
    expect(sources).toEqual(['server']);
    expect(document.querySelector<HTMLElement>('.carousel--hero')?.dataset.slides).toBe('1'); // the built-in hero has 11
  }, 60_000);

  it('product: no synchronous render of the page after its hydration', async () => {
    await hydrate('/product/p1');
    expect(document.querySelector('h1')?.textContent).toBe('Figure number 1');
    expect(renders('ProductGallery')).toBeGreaterThan(0);
    expect(synchronousRenders()).toEqual([]);
  }, 60_000);
});
