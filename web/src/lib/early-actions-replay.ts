import type { EarlyAction, EarlyActionHandler } from './early-actions';

/**
 * The replay of early actions (./early-actions.ts), loaded only on a page where the shopper tapped before the app
 * started (it imports nothing from the app: whatever it shared with it would become one more chunk on every page).
 * Each recorded action that has a handler is handed to it once, in the order it was made, and taken off the
 * queue; once the queue is empty, the controls lose their "taken" mark.
 */
function clearMarks(): void {
  for (const el of document.querySelectorAll('[data-early-queued]')) {
    el.removeAttribute('data-early-queued');
    el.removeAttribute('aria-busy');
  }
}

/**
 * Starts the replay on the page's queue and returns its `drain`. Until `isOpen()` (the page has hydrated) nothing is
 * carried out; after it, a tap the page's script still records (between hydrateRoot and `data-hydrated`) is carried
 * out as it comes.
 */
export function startReplay(pending: EarlyAction[], handlerOf: (item: EarlyAction) => EarlyActionHandler | undefined, isOpen: () => boolean): () => void {
  const drain = () => {
    if (!isOpen()) return;
    for (let i = 0; i < pending.length;) {
      const item = pending[i]!;
      const handler = handlerOf(item);
      if (!handler) {
        i += 1;
        continue;
      }
      pending.splice(i, 1);
      handler(item);
    }
    if (pending.length === 0) clearMarks();
  };
  pending.push = (...items: EarlyAction[]) => {
    const length = Array.prototype.push.apply(pending, items);
    setTimeout(drain, 0);
    return length;
  };
  return drain;
}
