import { CART_LIFETIME_MS, MAX_LINE_QUANTITY } from '../constants';
import type { Product } from '../product';

export interface CartItem extends Product {
  quantity: number;
}

interface StoredCart {
  items: CartItem[];
  timestamp: number;
}

/** The browser's localStorage; none on the server (web/src/entry-server.tsx), where every cart is empty. */
const browserStorage = (): Storage | undefined => (typeof localStorage === 'undefined' ? undefined : localStorage);

export const cartKey = (userId: string | null | undefined) => (userId ? `cart_${userId}` : 'cart_guest');

function readStored(key: string, storage: Storage): StoredCart | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  const stored = JSON.parse(raw) as StoredCart;
  return Array.isArray(stored.items) && typeof stored.timestamp === 'number' ? stored : null;
}

/** Reads a stored cart; one unchanged for more than 24 hours (or unreadable) is discarded. */
export function readStoredCart(key: string, now = Date.now(), storage: Storage | undefined = browserStorage()): CartItem[] {
  if (!storage) return [];
  try {
    const stored = readStored(key, storage);
    if (!stored || now - stored.timestamp > CART_LIFETIME_MS) {
      storage.removeItem(key);
      return [];
    }
    return stored.items;
  } catch {
    return [];
  }
}

/**
 * Stores the cart. Its timestamp is the time of its last change: writing back the same items (every page load does)
 * keeps the stored time, so a cart lives 24 hours from its last change, not from the last visit.
 */
export function writeStoredCart(key: string, items: CartItem[], now = Date.now(), storage: Storage | undefined = browserStorage()): void {
  if (!storage) return;
  try {
    // An empty cart is not stored (sign-out clears every cart; the guest's empty cart must not come back).
    if (items.length === 0) {
      storage.removeItem(key);
      return;
    }
    let previous: StoredCart | null = null;
    try {
      previous = readStored(key, storage);
    } catch {
      previous = null;
    }
    if (previous && JSON.stringify(previous.items) === JSON.stringify(items)) return;
    storage.setItem(key, JSON.stringify({ items, timestamp: now } satisfies StoredCart));
  } catch {
    /* storage full or blocked: the cart still works in memory */
  }
}

export function lineLimit(item: Pick<Product, 'stockQuantity'>): number {
  return item.stockQuantity === undefined ? MAX_LINE_QUANTITY : Math.min(item.stockQuantity, MAX_LINE_QUANTITY);
}

/** Adds a product: an existing line grows by `quantity` (1 by default), a new one enters with it; capped at the line limit. */
export function addLine(items: CartItem[], product: Product, quantity = 1): CartItem[] {
  const existing = items.find((i) => i.id === product.id);
  if (existing) {
    return items.map((i) => (i.id === product.id ? { ...i, ...product, quantity: Math.min(i.quantity + quantity, Math.max(lineLimit(product), 1)) } : i));
  }
  return [...items, { ...product, quantity: Math.min(quantity, Math.max(lineLimit(product), 1)) }];
}

/** Sets a quantity, clamped at 0; a line at 0 is removed. */
export function setLineQuantity(items: CartItem[], productId: string, quantity: number): CartItem[] {
  const next = Math.max(0, Math.floor(quantity));
  if (next === 0) return items.filter((i) => i.id !== productId);
  return items.map((i) => (i.id === productId ? { ...i, quantity: next } : i));
}

export interface StockRefusal {
  title: string;
  description: string;
}

/** What stands in the way of adding `quantity` of a product: nothing, no stock at all, or a line past `limit`. */
function stockShortfall(
  items: CartItem[],
  product: Pick<Product, 'id' | 'inStock' | 'stockQuantity'>,
  quantity: number,
): { kind: 'out' } | { kind: 'short'; limit: number } | null {
  if (!product.inStock || product.stockQuantity === 0) return { kind: 'out' };
  const inCart = items.find((i) => i.id === product.id)?.quantity ?? 0;
  const limit = lineLimit(product);
  return inCart + quantity > limit ? { kind: 'short', limit } : null;
}

const OUT_OF_STOCK = 'This product is currently out of stock.';

/**
 * Why adding `quantity` of a product to the cart is refused, as the spec's toast, or null: 'Out of Stock' for a
 * product that cannot be bought now; 'Insufficient Stock' when the line would pass the stock (or 10).
 */
export function stockRefusal(items: CartItem[], product: Pick<Product, 'id' | 'name' | 'inStock' | 'stockQuantity'>, quantity = 1): StockRefusal | null {
  const shortfall = stockShortfall(items, product, quantity);
  if (!shortfall) return null;
  if (shortfall.kind === 'out') return { title: 'Out of Stock', description: OUT_OF_STOCK };
  return { title: 'Insufficient Stock', description: `Only ${shortfall.limit} items available for ${product.name}.` };
}

/**
 * The same rule for ADD TO CART and BUY NOW on a product page or card, in the words the spec gives those buttons:
 * what is already in the cart counts, so a tap that would pass the stock is refused rather than silently capped.
 * `outTitle` is the button's own out-of-stock title ('Out of stock' for Buy Now).
 */
export function addToCartRefusal(
  items: CartItem[],
  product: Pick<Product, 'id' | 'inStock' | 'stockQuantity'>,
  quantity = 1,
  outTitle = 'Out of Stock',
): StockRefusal | null {
  const shortfall = stockShortfall(items, product, quantity);
  if (!shortfall) return null;
  if (shortfall.kind === 'out') return { title: outTitle, description: OUT_OF_STOCK };
  return { title: 'Insufficient Stock', description: `Only ${shortfall.limit} items available. Please reduce quantity.` };
}

export function mergeCarts(base: CartItem[], extra: CartItem[]): CartItem[] {
  return extra.reduce((acc, item) => addLine(acc, item, item.quantity), base);
}
