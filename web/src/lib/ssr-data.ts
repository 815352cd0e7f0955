import type { DehydratedState } from '@tanstack/react-query';

/**
 * The server sends a page rendered from the catalogue version it holds now (a kept render may be minutes old, but is
 * dropped when the catalogue changes: src/shop-pages/shop-html.ts), so its data counts as fetched on arrival, by this
 * browser's clock (not the server's: a phone's clock may be off by minutes): the queries' 30 s freshness starts now,
 * and hydration asks for none of it again.
 */
export function receivedNow(state: DehydratedState, now = Date.now()): DehydratedState {
  for (const query of state.queries) {
    if (query.state.status === 'success') query.state.dataUpdatedAt = now;
  }
  return state;
}
