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
 *
 * Only the registry lives here. The replay itself (./early-actions-replay.ts) is a chunk of its own, fetched only when
 * the queue holds something: a page the shopper did not touch before the app started never downloads it.
 */
export type EarlyActionName = 'add-to-cart' | 'buy-now' | 'wishlist' | 'load-more';

export interface EarlyAction {
  action: EarlyActionName;
  /** '' for actions that are not about one product (Load More). */
  productId: string;
  quantity: number;
  at: number;
}

export type EarlyActionHandler = (action: EarlyAction) => void;

declare global {
  interface Window {
    __earlyActions?: EarlyAction[];
  }
}

/** The handler of each control, by `earlyActionKey`. */
const earlyActionHandlers = new Map<string, EarlyActionHandler>();
let open = false;
/** The replay's `drain`, once its chunk is loaded (at most once per page). */
let replay: Promise<() => void> | null = null;

const earlyActionKey = (action: string, productId: string) => `${action}|${productId}`;

/** What the page's script recorded (an empty array on the server and in tests that recorded nothing). */
export function earlyActionQueue(): EarlyAction[] {
  if (typeof window === 'undefined') return [];
  return (window.__earlyActions ??= []);
}

/** Fetches the replay and starts it on the queue; called as soon as the queue is known not to be empty. */
export function loadEarlyActionReplay(): Promise<() => void> {
  replay ??= import('./early-actions-replay').then(({ startReplay }) =>
    startReplay(
      earlyActionQueue(),
      (item) => earlyActionHandlers.get(earlyActionKey(item.action, item.productId)),
      () => open,
    ),
  );
  return replay;
}

/** Called once the page's components have hydrated: from now on recorded actions are carried out. */
export function openEarlyActions(): void {
  if (open) return;
  open = true;
  const pending = earlyActionQueue();
  if (pending.length > 0) {
    // After the commit's remaining effects (the cart and wishlist providers read what the browser stored in theirs).
    void loadEarlyActionReplay().then((drain) => setTimeout(drain, 0));
    return;
  }
  // Nothing recorded yet, but the page's script records until `data-hydrated` (a moment after this): the first tap
  // it still records fetches the replay.
  pending.push = (...items: EarlyAction[]) => {
    // The replay installs its own `push` on the queue once loaded.
    const length = Array.prototype.push.apply(pending, items);
    void loadEarlyActionReplay().then((drain) => setTimeout(drain, 0));
    return length;
  };
}

/**
 * Registers what `action` on `productId` does in this component; it receives the actions recorded before the app started.
 * The latest handler is used (it sees the component's current state). `ready` false holds the actions back (the cart
 * is still loading what the browser stored: an item added before would be replaced by it).
 */
export function useEarlyAction(action: EarlyActionName, productId: string, handler: EarlyActionHandler, ready = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!ready) return;
    const key = earlyActionKey(action, productId);
    const run: EarlyActionHandler = (item) => latest.current(item);
    earlyActionHandlers.set(key, run);
    if (open && replay) void replay.then((drain) => setTimeout(drain, 0));
    return () => {
      if (earlyActionHandlers.get(key) === run) earlyActionHandlers.delete(key);
    };
  }, [action, productId, ready]);
}

/** For tests: forget every handler and recorded action. */
export function resetEarlyActions(): void {
  earlyActionHandlers.clear();
  open = false;
  replay = null;
  if (typeof window !== 'undefined') window.__earlyActions = [];
}
