import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useHydrated } from '../../lib/hydration';
import { Spinner } from '../ui/spinner';
import { Footer } from './footer';
import { Header } from './header';

// Loaded only by a page opened with ?debug=performance (it is read once hydrated: the server never renders it).
const PerformanceOverlay = lazy(() => import('../../features/performance/components/performance-overlay').then((m) => ({ default: m.PerformanceOverlay })));
const performanceDebugRequested = () => new URLSearchParams(window.location.search).get('debug') === 'performance';

/** Its own component, so that the re-render after hydration (useHydrated turning true) is this one alone. */
function PerformanceDebug() {
  const hydrated = useHydrated();
  if (!hydrated || !performanceDebugRequested()) return null;
  return (
    <Suspense fallback={null}>
      <PerformanceOverlay />
    </Suspense>
  );
}

/**
 * Header, animated page area (a short fade keyed on the path), footer. The footer is its own Suspense boundary: when
 * a server-rendered page hydrates, React makes the header and the page live first and the footer afterwards, in a
 * separate, shorter task (selective hydration), instead of one long task for everything.
 */
export function RootLayout() {
  const location = useLocation();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="page-transition" key={location.pathname}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <PerformanceDebug />
    </div>
  );
}
