import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ToastProvider } from '@kit/ui/toast';
import { AuthGate } from './auth-gate';
// One overlay for both apps (spec: ?debug=performance, Ctrl+Shift+P): the storefront's component, not a copy.
import { PerformanceOverlay } from '@kit/performance/performance-overlay';

const DashboardRoute = lazy(() => import('./routes/dashboard'));
const UploadGuideRoute = lazy(() => import('./routes/upload-guide'));

export const LOADING_TEXT = 'Loading admin dashboard...';

export function App() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 10_000, refetchOnWindowFocus: true, retry: 1 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter basename="/admin">
          <AuthGate>
            <Suspense fallback={<div className="loading-screen">{LOADING_TEXT}</div>}>
              <Routes>
                <Route path="/upload-guide" element={<UploadGuideRoute />} />
                <Route path="/:tab?" element={<DashboardRoute />} />
                <Route path="*" element={<DashboardRoute />} />
              </Routes>
            </Suspense>
          </AuthGate>
        </BrowserRouter>
        <PerformanceOverlay />
      </ToastProvider>
    </QueryClientProvider>
  );
}
