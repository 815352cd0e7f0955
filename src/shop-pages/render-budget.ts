import { LRUCache } from 'lru-cache';

const WINDOW_MS = 60_000;

interface Window {
  startedAt: number;
  used: number;
}

/**
 * How many pages a client may have rendered afresh per minute (a page already in the render cache costs nothing).
 * Counted like the API's budgets (per signed-in user or per client address, per instance, fixed one-minute windows);
 * the clients remembered are bounded, so a flood of addresses cannot grow it without limit.
 */
export function createRenderBudget(perMinute: number, now: () => number = Date.now) {
  const windows = new LRUCache<string, Window>({ max: 50_000 });
  const current = (client: string): Window => {
    const at = now();
    let window = windows.get(client);
    if (!window || at - window.startedAt >= WINDOW_MS) {
      window = { startedAt: at, used: 0 };
      windows.set(client, window);
    }
    return window;
  };
  return {
    /** Counts one render for the client; false once its budget for this minute is spent. */
    take(client: string): boolean {
      const window = current(client);
      if (window.used >= perMinute) return false;
      window.used += 1;
      return true;
    },
    /** Whole seconds until the client's window ends (at least 1). */
    retryAfterSeconds(client: string): number {
      return Math.max(1, Math.ceil((current(client).startedAt + WINDOW_MS - now()) / 1000));
    },
  };
}
