import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { refreshQueries } from '@kit/query';
import { useToast } from '@kit/ui/toast';
import { isHydrating } from '../hydration';
import { useAuth } from '../auth/auth-provider';
import type { Product } from '../product';
import { useUserProfile } from '../profile/get-user-profile';
import { addToServerWishlist, mergeServerWishlist, removeFromServerWishlist } from './wishlist-api';
import { userKeys } from '../query-keys';

const GUEST_KEY = 'wishlist_guest';

function readGuestWishlist(): Product[] {
  try {
    const raw = localStorage.getItem(GUEST_KEY);
    const parsed = raw ? (JSON.parse(raw) as Product[]) : [];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

interface WishlistContextValue {
  /** False until the shopper's list is known (a signed-in shopper's profile has been read): a toggle then knows what it undoes. */
  ready: boolean;
  items: Product[];
  isInWishlist(productId: string): boolean;
  toggle(product: Product): void;
  remove(product: Pick<Product, 'id' | 'name'>): void;
}

const WishlistContext = createContext<WishlistContextValue | null>(null);

/** Guests keep their wishlist locally; a signed-in shopper's lives on the server, and the local list merges into it at sign-in. */
export function WishlistProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const profile = useUserProfile(user?.id);
  // Hydrating server HTML: the stored list is read after the first render (the server knows none).
  const [guestLoaded, setGuestLoaded] = useState(() => !isHydrating());
  const [guestItems, setGuestItems] = useState<Product[]>(() => (guestLoaded ? readGuestWishlist() : []));
  /** Products known in full (for users, the server only stores a summary). */
  const [pending, setPending] = useState<Record<string, Product | null>>({});
  /** The number of the shopper's latest change per product: only the answer to that change ends its optimistic view. */
  const latest = useRef<Record<string, number>>({});
  /** The request last sent per product: the next one waits for it, so the server applies a product's changes in click order. */
  const inFlight = useRef(new Map<string, Promise<unknown>>());
  const merging = useRef<string | null>(null);

  useEffect(() => {
    if (guestLoaded) return;
    const stored = readGuestWishlist();
    // As a transition (time-sliced, not one long task after hydration); an empty stored list changes nothing shown.
    startTransition(() => {
      if (stored.length > 0) setGuestItems(stored);
      setGuestLoaded(true);
    });
  }, [guestLoaded]);

  /**
   * A guest's change is stored at once, from the stored list (not written back later from an effect: after
   * hydration that write could land after the page was left, or overwrite a list stored meanwhile).
   */
  const updateGuest = useCallback((change: (list: Product[]) => Product[]) => {
    const next = change(readGuestWishlist());
    try {
      localStorage.setItem(GUEST_KEY, JSON.stringify(next));
    } catch {
      /* storage full or blocked: the list still works in memory */
    }
    setGuestItems(next);
    setGuestLoaded(true);
  }, []);

  /** Reads the profile again after a change (a read already under way may predate it: the kit cancels it first). */
  const refreshProfile = useCallback(() => refreshQueries(queryClient, { queryKey: userKeys.profile() }), [queryClient]);

  useEffect(() => {
    if (!user || merging.current === user.id) return;
    merging.current = user.id;
    const ids = readGuestWishlist().map((p) => p.id);
    if (ids.length === 0) return;
    mergeServerWishlist(ids)
      .then(() => {
        updateGuest(() => []);
        return refreshProfile();
      })
      .catch((error) => console.error('Wishlist merge failed', error));
  }, [user, refreshProfile, updateGuest]);

  useEffect(() => {
    if (!user) merging.current = null;
  }, [user]);

  const serverItems = useMemo<Product[]>(() => {
    const entries = profile.data?.wishlist ?? [];
    const list: Product[] = entries.map((e) => ({
      id: e.productId,
      name: e.name,
      price: e.price,
      image: e.image,
      images: e.image ? [e.image] : [],
      category: e.category,
      isNew: false,
      isOnSale: false,
      description: '',
      inStock: e.inStock,
      stockQuantity: e.stockQuantity,
      rating: 0,
    }));
    // Optimistic view: pending additions shown, pending removals hidden.
    const withAdds = [...list, ...Object.values(pending).filter((p): p is Product => !!p && !list.some((l) => l.id === p.id))];
    return withAdds.filter((p) => pending[p.id] !== null);
  }, [profile.data, pending]);

  const items = user ? serverItems : guestItems;

  /**
   * Records a change of one product (shown at once) and sends it after that product's previous request. When its
   * answer is in, the profile is read again; the optimistic view ends only if no newer change of the product came
   * meanwhile (a quick add then remove must not show the add's answer between the two).
   */
  const sendChange = useCallback(
    (id: string, wanted: Product | null, send: () => Promise<unknown>) => {
      const number = (latest.current[id] ?? 0) + 1;
      latest.current[id] = number;
      setPending((p) => ({ ...p, [id]: wanted }));
      const sent = (inFlight.current.get(id) ?? Promise.resolve()).catch(() => undefined).then(send);
      inFlight.current.set(id, sent);
      const settle = () => {
        if (inFlight.current.get(id) === sent) inFlight.current.delete(id);
        void refreshProfile().then(() => {
          if (latest.current[id] !== number) return;
          setPending((p) => {
            const next = { ...p };
            delete next[id];
            return next;
          });
        });
      };
      return { sent, settle };
    },
    [refreshProfile],
  );

  const remove = useCallback(
    (product: Pick<Product, 'id' | 'name'>) => {
      if (!user) {
        updateGuest((list) => list.filter((p) => p.id !== product.id));
        toast({ title: 'Removed from wishlist', description: product.name });
        return;
      }
      const { sent, settle } = sendChange(product.id, null, () => removeFromServerWishlist(product.id));
      sent
        .then(() => toast({ title: 'Removed from wishlist', description: product.name }))
        .catch(() => toast({ title: 'Failed to remove from wishlist', variant: 'destructive' }))
        .finally(settle);
    },
    [user, toast, sendChange, updateGuest],
  );

  const toggle = useCallback(
    (product: Product) => {
      if (items.some((p) => p.id === product.id)) return remove(product);
      if (!user) {
        updateGuest((list) => (list.some((p) => p.id === product.id) ? list : [...list, product]));
        toast({ title: 'Added to wishlist', description: product.name });
        return;
      }
      const { sent, settle } = sendChange(product.id, product, () => addToServerWishlist(product.id));
      sent
        .then(() => toast({ title: 'Added to wishlist', description: product.name }))
        .catch((error: Error) => toast({ title: 'Failed to add to wishlist', description: error.message, variant: 'destructive' }))
        .finally(settle);
    },
    [items, user, remove, toast, sendChange, updateGuest],
  );

  const ready = user ? profile.data !== undefined : true;
  const value = useMemo<WishlistContextValue>(
    () => ({ ready, items, isInWishlist: (id) => items.some((p) => p.id === id), toggle, remove }),
    [ready, items, toggle, remove],
  );
  return <WishlistContext.Provider value={value}>{children}</WishlistContext.Provider>;
}

export function useWishlist(): WishlistContextValue {
  const value = useContext(WishlistContext);
  if (!value) throw new Error('useWishlist must be used within a WishlistProvider');
  return value;
}
