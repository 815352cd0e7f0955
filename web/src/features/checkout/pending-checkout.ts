/**
 * The checkout a shopper is paying for, kept in this tab's sessionStorage: the same cart, address and method give
 * the same checkout id, so paying again (after dismissing or failing the payment window, or a reload) reaches the
 * order already placed for it (see docs/decisions/0004-sessions-and-retries.md) instead of placing a second one.
 */
export interface PendingCheckout {
  userId: string;
  /** What was being bought: items with quantities, the address and the payment method. */
  key: string;
  checkoutId: string;
  orderId?: string;
}

const STORAGE_KEY = 'pendingCheckout';

function newCheckoutId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function readPendingCheckout(storage: Storage = sessionStorage): PendingCheckout | null {
  try {
    const parsed = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as PendingCheckout | null;
    return parsed && typeof parsed.checkoutId === 'string' && typeof parsed.key === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

/** The checkout for this user and contents: the pending one when it is the same purchase, else a new one. */
export function checkoutFor(userId: string, key: string, storage: Storage = sessionStorage): PendingCheckout {
  const pending = readPendingCheckout(storage);
  if (pending && pending.userId === userId && pending.key === key) return pending;
  const fresh: PendingCheckout = { userId, key, checkoutId: newCheckoutId() };
  storage.setItem(STORAGE_KEY, JSON.stringify(fresh));
  return fresh;
}

export function rememberCheckoutOrder(checkout: PendingCheckout, orderId: string, storage: Storage = sessionStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify({ ...checkout, orderId }));
}

/** Paid, or its order expired: the next checkout starts afresh. */
export function forgetPendingCheckout(storage: Storage = sessionStorage): void {
  storage.removeItem(STORAGE_KEY);
}
