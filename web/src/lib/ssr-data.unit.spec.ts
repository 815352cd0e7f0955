import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { receivedNow } from './ssr-data';

const rendered = (dataUpdatedAt: number): DehydratedState => ({
  mutations: [],
  queries: [
    {
      dehydratedAt: dataUpdatedAt,
      queryKey: ['products', 'detail', 'p1'],
      queryHash: '["products","detail","p1"]',
      state: {
        data: { id: 'p1' },
        dataUpdateCount: 1,
        dataUpdatedAt,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    },
    {
      dehydratedAt: dataUpdatedAt,
      queryKey: ['products', 'detail', 'gone'],
      queryHash: '["products","detail","gone"]',
      state: {
        data: undefined,
        dataUpdateCount: 0,
        dataUpdatedAt: 0,
        error: new Error('Product not found'),
        errorUpdateCount: 1,
        errorUpdatedAt: dataUpdatedAt,
        fetchFailureCount: 1,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'error',
        fetchStatus: 'idle',
      },
    },
  ],
});

describe('receivedNow: a server-rendered page’s query cache counts as fetched on arrival', () => {
  it('a render kept for 10 minutes (or stamped by a server clock far behind) is fresh in the browser: no refetch on hydration', () => {
    const now = 1_800_000_000_000;
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    hydrate(client, receivedNow(rendered(now - 10 * 60_000), now));
    const query = client.getQueryCache().find({ queryKey: ['products', 'detail', 'p1'] })!;
    expect(query.state.dataUpdatedAt).toBe(now);
    expect(query.isStaleByTime(30_000)).toBe(false);
  });

  it('leaves failed queries (a missing product) as the server recorded them', () => {
    const state = receivedNow(rendered(5), 99);
    expect(state.queries[1]!.state.dataUpdatedAt).toBe(0);
    expect(state.queries[1]!.state.errorUpdatedAt).toBe(5);
  });
});
