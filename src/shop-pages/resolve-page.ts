import type { CatalogueMemory } from '../modules/catalogue/search/catalogue-memory.js';
import type { CatalogueModule } from '../modules/catalogue/index.js';
import type { StoreModule } from '../modules/module.js';
import { INFO_PATHS } from '../../web/src/app/routes/info-paths.js';
import { allProductsHead, categoryHead, homeHead, notFoundHead, productHead, searchHead, type CategoryName, type PageHead } from './page-head.js';

export function catalogueMemory(runtime: { modules: StoreModule[] }): CatalogueMemory {
  const module = runtime.modules.find((m) => m.name === 'catalogue') as CatalogueModule | undefined;
  if (!module) throw new Error('catalogue module is not loaded');
  return module.catalogue;
}

/** The storefront's routes that the browser renders without public content of their own (web/src/app/router.tsx). */
const CLIENT_PAGES = new Set<string>([
  '/cart',
  '/wishlist',
  '/checkout',
  '/orders',
  '/profile',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  ...INFO_PATHS,
]);
const CATEGORY_ROUTES: Record<string, CategoryName> = {
  '/anime-figures': 'Anime Figures',
  '/anime-figure': 'Anime Figures',
  '/keychains': 'Keychains',
  '/keychain': 'Keychains',
};

export interface ResolvedPage {
  status: 200 | 404;
  /** The head of a page with public content; null for the client-rendered pages (the template's defaults). */
  head: PageHead | null;
}

/** What a storefront URL is: its status and the head the server writes for it, from the in-memory catalogue. */
export function resolvePage(memory: CatalogueMemory, origin: string, pathname: string, search: URLSearchParams): ResolvedPage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return { status: 200, head: homeHead(origin) };
  const category = CATEGORY_ROUTES[path];
  if (category) {
    const first = memory.page({ category }, 0, 1);
    return { status: 200, head: categoryHead(origin, category, first.total, first.products[0]?.image || undefined) };
  }
  if (path === '/products' || path === '/all-products') {
    const first = memory.page({}, 0, 1);
    return { status: 200, head: allProductsHead(origin, first.total, first.products[0]?.image || undefined) };
  }
  if (path === '/search') {
    const q = (search.get('q') ?? '').trim();
    return { status: 200, head: q ? searchHead(origin, q, memory.searchPage(q, {}, 0, 1).total) : null };
  }
  const productMatch = /^\/product\/([^/]+)$/.exec(path);
  if (productMatch) {
    let id: string;
    try {
      id = decodeURIComponent(productMatch[1]!);
    } catch {
      return { status: 404, head: notFoundHead('product') };
    }
    const product = memory.getListedProduct(id);
    return product ? { status: 200, head: productHead(origin, product) } : { status: 404, head: notFoundHead('product') };
  }
  if (CLIENT_PAGES.has(path)) return { status: 200, head: null };
  return { status: 404, head: notFoundHead('page') };
}
