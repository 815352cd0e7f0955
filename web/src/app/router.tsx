import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from './routes';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The browser router. When the page came server-rendered, the lazy route modules of the current URL are loaded first
 * (React Router's documented way to hydrate lazy routes), so the first client render is the server's.
 */
export async function createAppRouter(options: { hydrate: boolean }): Promise<Router> {
  if (options.hydrate) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async (m) => {
        const lazy = m.route.lazy;
        if (typeof lazy !== 'function') return;
        Object.assign(m.route, await lazy(), { lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: Router }) {
  return <RouterProvider router={router} />;
}
