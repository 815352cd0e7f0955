import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.js';

describe('query keys, one per endpoint', () => {
  const orderKeys = queryKeys(['admin', 'orders'], {
    list: (request: { page: number }) => [request],
    history: (id: string, asOf: string | null) => [id, asOf ?? 'now'],
  });

  it('builds [...root, endpoint, ...arguments], so the root is a prefix of every key of the feature', () => {
    expect(orderKeys.all).toEqual(['admin', 'orders']);
    expect(orderKeys.list({ page: 2 })).toEqual(['admin', 'orders', 'list', { page: 2 }]);
    expect(orderKeys.history('o1', null)).toEqual(['admin', 'orders', 'history', 'o1', 'now']);
  });

  it('gives equal keys for equal arguments (one cache entry) and different ones otherwise', () => {
    expect(orderKeys.list({ page: 1 })).toEqual(orderKeys.list({ page: 1 }));
    expect(orderKeys.history('o1', '2026-11-01T00:00:00Z')).not.toEqual(orderKeys.history('o1', null));
  });
});
