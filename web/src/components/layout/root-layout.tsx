import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PerformanceOverlay } from '../../features/performance/components/performance-overlay';
import { Spinner } from '../ui/spinner';
import { Footer } from './footer';
import { Header } from './header';

/** Header, animated page area (a short fade keyed on the path), footer. */
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
      <Footer />
      <PerformanceOverlay />
    </div>
  );
}
