import { createBrowserRouter, RouterProvider } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { INFO_PATHS } from './routes/info-paths';

const lazy = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

const router = createBrowserRouter([
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
      ...INFO_PATHS.map((path) => ({ path, lazy: lazy(() => import('./routes/info')) })),
      { path: '*', lazy: lazy(() => import('./routes/not-found')) },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
