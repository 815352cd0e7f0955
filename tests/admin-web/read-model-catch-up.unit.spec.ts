import { describe, expect, it } from 'vitest';
import type { LiveEventMessage, LogPosition, ReadModel } from '../../src/contract/live.js';

// admin-web resolves `@contract` through its own tsconfig (bundler resolution): load the module at run time rather than
// through this project's NodeNext type check.
const web = (path: string): Promise<any> => import(/* @vite-ignore */ new URL(`../../admin-web/src/${path}`, import.meta.url).href);
const { ReadModelCatchUp, compareLogPositions, MAX_WAITING } = await web('features/live/api/read-model-catch-up.ts');

/** The dashboard's read model → queries map (use-live-feed.ts; its own mapping is checked in tests/e2e/admin/admin-rules.e2e.ts). */
const QUERIES: Partial<Record<ReadModel, string[][]>> = {
  orders: [
    ['admin', 'orders'],
    ['admin', 'stats'],
    ['admin', 'analytics'],
    ['admin', 'customers'],
  ],
  catalogue: [
    ['admin', 'products'],
    ['admin', 'stats'],
  ],
  customers: [
    ['admin', 'customers'],
    ['admin', 'stats'],
    ['admin', 'orders'],
  ],
  carousels: [['admin', 'carousels']],
};
const queriesOf = (readModel: ReadModel) => QUERIES[readModel] ?? [];

const at = (commit: number, prepare = commit): LogPosition => ({ commit: String(commit), prepare: String(prepare) });
const event = (position: LogPosition, affects: ReadModel[], orderId = 'o1'): LiveEventMessage => ({
  type: 'order.status',
  eventType: 'OrderStatusChanged',
  at: '2026-11-24T05:00:00.000Z',
  by: 'admin',
  position,
  affects,
  orderId,
  from: 'pending',
  status: 'shipped',
});
const projected = (readModel: ReadModel, position: LogPosition) => ({ type: 'projected' as const, readModel, position });

/** A catch-up whose invalidations are recorded as 'admin/orders'-style strings. */
function recorder(maxWaiting?: number) {
  const invalidated: string[] = [];
  const catchUp = new ReadModelCatchUp(queriesOf, (key: readonly string[]) => invalidated.push(key.join('/')), maxWaiting);
  return { catchUp, invalidated };
}

describe('the dashboard refetches once the read model has caught up', () => {
  it('holds a message until its read model reaches its position, then invalidates exactly its queries', () => {
    const { catchUp, invalidated } = recorder();
    catchUp.onProjected(projected('orders', at(10)));
    catchUp.onEvent(event(at(12), ['orders']));
    expect(invalidated).toEqual([]);
    catchUp.onProjected(projected('catalogue', at(20))); // another read model: not this message's
    catchUp.onProjected(projected('orders', at(11))); // not there yet
    expect(invalidated).toEqual([]);
    catchUp.onProjected(projected('orders', at(12)));
    expect(invalidated.sort()).toEqual(['admin/analytics', 'admin/customers', 'admin/orders', 'admin/stats']);
    expect(catchUp.waiting).toBe(0);
    catchUp.onProjected(projected('orders', at(13)));
    expect(invalidated).toHaveLength(4);
  });

  it('refetches at once when the read model is already past the message (the projector was quicker than the feed)', () => {
    const { catchUp, invalidated } = recorder();
    catchUp.onProjected(projected('catalogue', at(30)));
    catchUp.onEvent({
      ...event(at(25), ['catalogue']),
      type: 'stock.changed',
      eventType: 'StockReserved',
      productId: 'p',
      change: 'reserved',
      quantity: 1,
    } as LiveEventMessage);
    expect(invalidated.sort()).toEqual(['admin/products', 'admin/stats']);
  });

  it('waits for every read model a message affects, compares positions by commit then prepare, and invalidates each key once', () => {
    const { catchUp, invalidated } = recorder();
    catchUp.onEvent(event(at(5, 900), ['orders', 'customers']));
    catchUp.onEvent(event(at(6, 100), ['orders']));
    catchUp.onProjected(projected('orders', at(6, 100)));
    expect(invalidated.sort()).toEqual(['admin/analytics', 'admin/customers', 'admin/orders', 'admin/stats']);
    catchUp.onProjected(projected('customers', at(5, 899)));
    expect(invalidated).toHaveLength(4);
    catchUp.onProjected(projected('customers', at(5, 900)));
    // The first message came due: its queries, each once.
    expect(invalidated.slice(4).sort()).toEqual(['admin/analytics', 'admin/customers', 'admin/orders', 'admin/stats']);
    expect(compareLogPositions(at(7, 1), at(6, 999_999_999_999_999))).toBe(1);
    expect(compareLogPositions(at(6, 2), at(6, 10))).toBe(-1);
  });

  it('never refetches for a message no read model handles, nor for read models the dashboard does not show', () => {
    const { catchUp, invalidated } = recorder();
    catchUp.onEvent(event(at(1), []));
    catchUp.onEvent(event(at(2), ['wishlists']));
    catchUp.onProjected(projected('wishlists', at(2)));
    expect(invalidated).toEqual([]);
  });

  it('holds at most MAX_WAITING messages while a read model stands still', () => {
    const { catchUp, invalidated } = recorder();
    for (let i = 1; i <= MAX_WAITING + 100; i++) catchUp.onEvent(event(at(i), ['orders'], `o${i}`));
    expect(catchUp.waiting).toBe(MAX_WAITING);
    expect(catchUp.refreshesDue).toBe(1);
    expect(invalidated).toEqual([]);
    catchUp.onProjected(projected('orders', at(MAX_WAITING + 100)));
    expect(catchUp.waiting).toBe(0);
    expect(catchUp.refreshesDue).toBe(0);
    expect(invalidated.sort()).toEqual(['admin/analytics', 'admin/customers', 'admin/orders', 'admin/stats']);
  });

  it('drops the oldest message for a full refresh of each read model it affects, once that read model reaches it', () => {
    const { catchUp, invalidated } = recorder(3);
    catchUp.onEvent(event(at(1), ['orders'], 'o1'));
    catchUp.onEvent(event(at(2), ['catalogue'], 'p2'));
    catchUp.onEvent(event(at(3), ['orders'], 'o3'));
    catchUp.onEvent(event(at(4), ['orders'], 'o4'));
    catchUp.onEvent(event(at(5), ['orders'], 'o5'));
    // o1 and p2 were dropped: their read models are refreshed whole when they get there, not before.
    expect(catchUp.waiting).toBe(3);
    expect(catchUp.refreshesDue).toBe(2);
    catchUp.onProjected(projected('catalogue', at(1)));
    expect(invalidated).toEqual([]);
    catchUp.onProjected(projected('catalogue', at(2)));
    expect(invalidated.sort()).toEqual(['admin/products', 'admin/stats']);
    catchUp.onProjected(projected('orders', at(1)));
    expect(invalidated.slice(2).sort()).toEqual(['admin/analytics', 'admin/customers', 'admin/orders', 'admin/stats']);
    expect(catchUp.waiting).toBe(3);
    catchUp.onProjected(projected('orders', at(5)));
    expect(invalidated.slice(6).sort()).toEqual(['admin/analytics', 'admin/customers', 'admin/orders', 'admin/stats']);
    expect([catchUp.waiting, catchUp.refreshesDue]).toEqual([0, 0]);
  });
});
