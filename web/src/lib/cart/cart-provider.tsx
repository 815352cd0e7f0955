import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { shippingFor } from '../constants';
import { isHydrating } from '../hydration';
import { useAuth } from '../auth/auth-provider';
import type { Product } from '../product';
import { addLine, cartKey, mergeCarts, readStoredCart, setLineQuantity, writeStoredCart, type CartItem } from './cart-store';

interface CartContextValue {
  /** False while the signed-in identity is still being resolved and its cart loaded. */
  ready: boolean;
  items: CartItem[];
  count: number;
  subtotal: number;
  shipping: number;
  total: number;
  addToCart(product: Product, quantity?: number): void;
  updateQuantity(productId: string, quantity: number): void;
  removeFromCart(productId: string): void;
  clearCart(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const key = cartKey(user?.id);
  // Hydrating server HTML: start empty like the server did; the effect below then loads the stored cart.
  const [state, setState] = useState<{ key: string; items: CartItem[] }>(() => (isHydrating() ? { key: '', items: [] } : { key, items: readStoredCart(key) }));

  // The cart belongs to the identity: reload it whenever the user changes. A guest's cart joins the user's at sign-in.
  useEffect(() => {
    if (loading || state.key === key) return;
    let items = readStoredCart(key);
    if (state.key === 'cart_guest' && key !== 'cart_guest' && state.items.length > 0) {
      items = mergeCarts(items, state.items);
      localStorage.removeItem('cart_guest');
    }
    // As a transition: right after hydration this re-renders every product card (the cart's context changes), and
    // React then renders in slices between which the browser stays responsive, instead of one long task.
    startTransition(() => setState({ key, items }));
  }, [key, loading, state.key, state.items]);

  useEffect(() => {
    if (state.key === key) writeStoredCart(state.key, state.items);
  }, [state, key]);

  const update = useCallback((change: (items: CartItem[]) => CartItem[]) => setState((s) => ({ ...s, items: change(s.items) })), []);
  const addToCart = useCallback((product: Product, quantity = 1) => update((items) => addLine(items, product, quantity)), [update]);
  const updateQuantity = useCallback((id: string, quantity: number) => update((items) => setLineQuantity(items, id, quantity)), [update]);
  const removeFromCart = useCallback((id: string) => update((items) => items.filter((i) => i.id !== id)), [update]);
  const clearCart = useCallback(() => update(() => []), [update]);

  const value = useMemo<CartContextValue>(() => {
    const subtotal = state.items.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0) / 100;
    const shipping = shippingFor(subtotal);
    return {
      ready: !loading && state.key === key,
      items: state.items,
      count: state.items.reduce((sum, i) => sum + i.quantity, 0),
      subtotal,
      shipping,
      total: subtotal + shipping,
      addToCart,
      updateQuantity,
      removeFromCart,
      clearCart,
    };
  }, [state.items, state.key, key, loading, addToCart, updateQuantity, removeFromCart, clearCart]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used within a CartProvider');
  return value;
}
