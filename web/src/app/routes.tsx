import type { QueryClient } from '@tanstack/react-query';
import type { Params, RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { INFO_PATHS } from './routes/info-paths';

/**
 * What a page with public content fills TanStack's cache with before it renders: the server renderer runs it (through
 * the same query options the page uses), so the HTML carries the data and hydration asks for nothing again.
 */
export type Prefetch = (queryClient: QueryClient, args: { params: Params; searchParams: URLSearchParams }) => Promise<unknown>;

export interface RouteHandle {
  prefetch?: Prefetch;
}

type RouteModule = { default: React.ComponentType; prefetch?: Prefetch };

const lazy = (load: () => Promise<RouteModule>) => async () => {
  const module = await load();
  return { Component: module.default, handle: { prefetch: module.prefetch } satisfies RouteHandle };
};

/** The storefront's route tree: the browser router and the server renderer (entry-server.tsx) both use it. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <div className="app" aria-busy="true" />,
    children: [
      { path: '/', lazy: lazy(() => import('./routes/home')) },
      { path: '/anime-figures', lazy: lazy(() => import('./routes/anime-figures')) },
      { path: '/anime-figure', lazy: lazy(() => import('./routes/anime-figures')) },
      { path: '/keychains', lazy: lazy(() => import('./routes/keychains')) },
      { path: '/keychain', lazy: lazy(() => import('./routes/keychains')) },
      { path: '/products', lazy: lazy(() => import('./routes/products')) },
      { path: '/all-products', lazy: lazy(() => import('./routes/products')) },
      { path: '/product/:id', lazy: lazy(() => import('./routes/product')) },
      { path: '/search', lazy: lazy(() => import('./routes/search')) },
      { path: '/cart', lazy: lazy(() => import('./routes/cart')) },
      { path: '/wishlist', lazy: lazy(() => import('./routes/wishlist')) },
      { path: '/checkout', lazy: lazy(() => import('./routes/checkout')) },
      { path: '/orders', lazy: lazy(() => import('./routes/orders')) },
      { path: '/profile', lazy: lazy(() => import('./routes/profile')) },
      { path: '/login', lazy: lazy(() => import('./routes/login')) },
      { path: '/signup', lazy: lazy(() => import('./routes/signup')) },
      { path: '/forgot-password', lazy: lazy(() => import('./routes/forgot-password')) },
      { path: '/reset-password', lazy: lazy(() => import('./routes/reset-password')) },
      { path: '/verify-email', lazy: lazy(() => import('./routes/verify-email')) },
      ...INFO_PATHS.map((path) => ({ path, lazy: lazy(() => import('./routes/info')) })),
      { path: '*', lazy: lazy(() => import('./routes/not-found')) },
    ],
  },
];
