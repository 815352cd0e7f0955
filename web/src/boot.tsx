import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, createAppRouter } from './app/router';
import { registerServiceWorker } from './features/service-worker/register';
import { earlyActionQueue, loadEarlyActionReplay } from './lib/early-actions';
import { beginHydration, whenHydratedAndIdle } from './lib/hydration';
import { receivedNow } from './lib/ssr-data';

/** Resolves in a new task (after the browser's pending work: input, rendering). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The application itself, started by main.tsx. Server-rendered pages (entry-server.tsx) carry their query cache as
 * JSON and are hydrated; private pages come as an empty shell and are rendered. Resolves with the React root.
 */
export async function startApp(): Promise<Root> {
  // Taps recorded before the app started: their replay is fetched now, beside React DOM, not after hydration.
  if (earlyActionQueue().length > 0) void loadEarlyActionReplay();
  // Each step in a task of its own: the evaluation of this chunk (React, the router, the query client), then the
  // route's matching and module, then the hydration (itself in slices). One task for all of it was a long task of
  // Total Blocking Time on a phone; between them the browser can paint and answer input.
  await nextTask();
  // React DOM, about half of the app's script, is a chunk of its own, evaluated in its own task.
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const ssrData = document.getElementById('ssr-data');
  const dehydratedState = ssrData ? receivedNow(JSON.parse(ssrData.textContent ?? '{}') as DehydratedState) : undefined;
  const container = document.getElementById('root')!;

  // The service worker (its registration and the precache of the build's assets) waits until the page is live and the
  // browser idle: on a phone it would otherwise compete with hydration for the CPU and with the page for the network.
  whenHydratedAndIdle(registerServiceWorker);

  const router = await createAppRouter({ hydrate: !!dehydratedState });
  await nextTask();
  const app = (
    <StrictMode>
      <AppProvider dehydratedState={dehydratedState}>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (!dehydratedState) {
    const root = createRoot(container);
    root.render(app);
    return root;
  }
  beginHydration();
  // As a transition, React hydrates in slices of a few milliseconds and lets the browser paint and answer input in
  // between (a plain hydrateRoot is one long task: on a phone several hundred ms of blocked main thread, the
  // page's Total Blocking Time). The server's HTML is already on screen, so nothing waits for it.
  let root: Root | undefined;
  startTransition(() => {
    root = hydrateRoot(container, app);
  });
  return root!;
}
