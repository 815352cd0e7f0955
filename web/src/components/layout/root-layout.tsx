import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { isHydrating, PageHydrated, useHydrated } from '../../lib/hydration';
import { Spinner } from '../ui/spinner';
import { Footer } from './footer';
import { Header } from './header';

// Loaded only by a page opened with ?debug=performance (it is read once hydrated: the server never renders it).
const PerformanceOverlay = lazy(() => import('@kit/performance/performance-overlay').then((m) => ({ default: m.PerformanceOverlay })));
const performanceDebugRequested = () => new URLSearchParams(window.location.search).get('debug') === 'performance';

/** Its own component, so that the re-render after hydration (useHydrated turning true) is this one alone. */
function PerformanceDebug() {
  const hydrated = useHydrated();
  if (!hydrated || !performanceDebugRequested()) return null;
  return (
    <Suspense fallback={null}>
      <PerformanceOverlay isHydrating={isHydrating} />
    </Suspense>
  );
}

/**
 * Header, page area, footer. The footer is its own Suspense boundary: when a server-rendered page hydrates, React
 * makes the header and the page live first and the footer afterwards, in a separate, shorter task (selective
 * hydration), instead of one long task for everything.
 *
 * The page area fades in (keyed on the path) only on a page reached by navigating inside the app, never on the page
 * the browser opened: content under opacity 0 is not a contentful paint, so the fade held the first page's largest
 * contentful paint back until it ended (~250 ms after the first paint, measured), after the application had started.
 */
export function RootLayout() {
  const location = useLocation();
  const [firstPath] = useState(location.pathname);
  const [navigated, setNavigated] = useState(false);
  // Derived from the previous render (React's pattern for it): once the path changed, every later page fades in.
  if (!navigated && location.pathname !== firstPath) setNavigated(true);
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className={navigated ? 'page page-transition' : 'page'} key={location.pathname}>
        <Suspense fallback={<Spinner />}>
          <Outlet />
          <PageHydrated />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <PerformanceDebug />
    </div>
  );
}
