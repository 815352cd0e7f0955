import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, createAppRouter } from './app/router';
import { registerServiceWorker } from './features/service-worker/register';
import { beginHydration } from './lib/hydration';
import './styles/index.css';

/** Server-rendered pages (entry-server.tsx) carry their query cache as JSON; private pages come as an empty shell. */
const ssrData = document.getElementById('ssr-data');
const dehydratedState = ssrData ? (JSON.parse(ssrData.textContent ?? '{}') as DehydratedState) : undefined;
const container = document.getElementById('root')!;

void createAppRouter({ hydrate: !!dehydratedState }).then((router) => {
  const app = (
    <StrictMode>
      <AppProvider dehydratedState={dehydratedState}>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>
  );
  if (dehydratedState) {
    beginHydration();
    hydrateRoot(container, app);
  } else {
    createRoot(container).render(app);
  }
});

registerServiceWorker();
