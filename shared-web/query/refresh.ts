import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Reads the matching queries again after a change the server has confirmed. A read already under way may have been
 * answered before the change landed; invalidating alone would wait for that read when the query has no data yet
 * (TanStack dedupes a first fetch instead of cancelling it) and keep its stale answer for good. It is cancelled first.
 */
export async function refreshQueries(client: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
