import { useEffect, useRef } from 'react';

/**
 * Taps made before the application started, carried out once it has (docs/decisions/0010-early-actions.md).
 *
 * The page's inline script (src/shop-pages/early-actions-script.ts on the server) records a click on a control marked
 * `data-early="<action>"` in `window.__earlyActions` while the page is not yet hydrated. Here the components that own
 * those controls register a handler for their action and product; once the page has hydrated (`openEarlyActions`,
 * called by PageHydrated) every recorded action is handed to its handler exactly once, in the order it was made, and
 * the control's "taken" mark is removed. A handler that mounts later (a card below a boundary that hydrates after)
 * still receives its actions when it registers.
 */
export type EarlyActionName = 'add-to-cart' | 'buy-now' | 'wishlist' | 'load-more';

export interface EarlyAction {
  action: EarlyActionName;
  /** '' for actions that are not about one product (Load More). */
  productId: string;
  quantity: number;
  at: number;
}

type Handler = (action: EarlyAction) => void;

declare global {
  interface Window {
    __earlyActions?: EarlyAction[];
  }
}

const handlers = new Map<string, Handler>();
let open = false;

const keyOf = (action: string, productId: string) => `${action}|${productId}`;

function queue(): EarlyAction[] {
  if (typeof window === 'undefined') return [];
  return (window.__earlyActions ??= []);
}

function clearMarks(): void {
  for (const el of document.querySelectorAll('[data-early-queued]')) {
    el.removeAttribute('data-early-queued');
    el.removeAttribute('aria-busy');
  }
}

/** Hands every recorded action that has a handler to it, and removes it from the queue (so it runs once). */
function drain(): void {
  const pending = queue();
  for (let i = 0; i < pending.length;) {
    const item = pending[i];
    const handler = handlers.get(keyOf(item.action, item.productId));
    if (!handler) {
      i += 1;
      continue;
    }
    pending.splice(i, 1);
    handler(item);
  }
  if (pending.length === 0) clearMarks();
}

/** Called once the page's components have hydrated: from now on recorded actions are carried out. */
export function openEarlyActions(): void {
  if (open) return;
  open = true;
  // A tap the page's script still records (between hydrateRoot and `data-hydrated`) is carried out as it comes.
  const pending = queue();
  pending.push = (...items: EarlyAction[]) => {
    const length = Array.prototype.push.apply(pending, items);
    setTimeout(drain, 0);
    return length;
  };
  // After the commit's remaining effects (the cart and wishlist providers read what the browser stored in theirs).
  setTimeout(drain, 0);
}

/**
 * Registers what `action` on `productId` does in this component; it receives the actions recorded before the app started.
 * The latest handler is used (it sees the component's current state). `ready` false holds the actions back (the cart
 * is still loading what the browser stored: an item added before would be replaced by it).
 */
export function useEarlyAction(action: EarlyActionName, productId: string, handler: Handler, ready = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!ready) return;
    const key = keyOf(action, productId);
    const run: Handler = (item) => latest.current(item);
    handlers.set(key, run);
    if (open) setTimeout(drain, 0);
    return () => {
      if (handlers.get(key) === run) handlers.delete(key);
    };
  }, [action, productId, ready]);
}

/** For tests: forget every handler and recorded action. */
export function resetEarlyActions(): void {
  handlers.clear();
  open = false;
  if (typeof window !== 'undefined') window.__earlyActions = [];
}
