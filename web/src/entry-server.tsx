import { dehydrate, defaultShouldDehydrateQuery, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from './app/provider';
import { routes, type RouteHandle } from './app/routes';
import { setServerReads, type ServerReads } from '@kit/api';

export type { ServerReads };

export interface RenderResult {
  /** The app's markup for inside <div id="root">. */
  html: string;
  /** TanStack Query's cache after the page's prefetch, for <script type="application/json" id="ssr-data">. */
  dehydratedState: DehydratedState;
  /** A redirect React Router asked for, if any. */
  redirect?: { status: number; location: string };
}

const handler = createStaticHandler(routes);

/**
 * Renders one storefront URL on the server (Vite SSR build of this file, loaded by the Fastify app): React Router's
 * static handler matches the same route tree as the browser, each matched route's prefetch fills a fresh query cache
 * through the page's own query options (reads answered in-process by `reads`), and React 19 prerenders the tree.
 */
export async function render(url: string, reads: ServerReads): Promise<RenderResult> {
  const request = new Request(url);
  const context = await handler.query(request);
  if (context instanceof Response) {
    return {
      html: '',
      dehydratedState: { mutations: [], queries: [] },
      redirect: { status: context.status, location: context.headers.get('location') ?? '/' },
    };
  }
  const queryClient = createQueryClient();
  const searchParams = new URL(url).searchParams;
  // Reads go to the in-memory catalogue while this page prefetches (no network; the function is stateless).
  setServerReads(reads);
  await Promise.all(context.matches.map((m) => (m.route.handle as RouteHandle | undefined)?.prefetch?.(queryClient, { params: m.params, searchParams })));
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    {
      // Never outline a Suspense boundary because of its size: React would reveal it with an inline script, which
      // a strict CSP (no 'unsafe-inline') blocks. Everything is ready here, so the whole page goes out in place.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // A component that throws on the server makes React fall back to client rendering for its Suspense boundary
      // (with an inline script a strict CSP blocks): report it, the page must be fixed.
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) console.error('server rendering error', url, errors);
  const html = await new Response(prelude).text();
  // Errors too: a missing product renders 'Product Not Found' on both sides instead of a spinner in the browser.
  const dehydratedState = dehydrate(queryClient, { shouldDehydrateQuery: (q) => defaultShouldDehydrateQuery(q) || q.state.status === 'error' });
  queryClient.clear();
  return { html, dehydratedState };
}
