import { HydrationBoundary, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastProvider } from '@kit/ui/toast';
import { AuthProvider } from '../lib/auth/auth-provider';
import { CartProvider } from '../lib/cart/cart-provider';
import { AddressSelectionProvider } from '../features/user/address-selection';
import { WishlistProvider } from '../lib/wishlist/wishlist-provider';
import { HydrationDone } from '../lib/hydration';

/** One set of query defaults for the browser and the server renderer, so a prefilled entry is fresh on both sides. */
export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 } } });

interface AppProviderProps {
  children: ReactNode;
  /** The server renderer's client, already filled by the page's prefetch. */
  queryClient?: QueryClient;
  /** The server's cache, dehydrated into the HTML (`<script type="application/json" id="ssr-data">`). */
  dehydratedState?: DehydratedState;
}

export function AppProvider({ children, queryClient: given, dehydratedState }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        <ToastProvider>
          <AuthProvider>
            <CartProvider>
              <WishlistProvider>
                <AddressSelectionProvider>{children}</AddressSelectionProvider>
              </WishlistProvider>
            </CartProvider>
          </AuthProvider>
        </ToastProvider>
        <HydrationDone />
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
