import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../tests/helpers/memory-event-store.js';
import { comparePositions, eventsOf, START } from './event-store.js';

const p = (commit: number, prepare: number) => ({ commit: BigInt(commit), prepare: BigInt(prepare) });

describe('global positions', () => {
  it('order by commit first, then prepare', () => {
    expect(comparePositions(p(1, 9), p(2, 0))).toBe(-1);
    expect(comparePositions(p(2, 0), p(1, 9))).toBe(1);
    expect(comparePositions(p(2, 3), p(2, 4))).toBe(-1);
    expect(comparePositions(p(2, 4), p(2, 3))).toBe(1);
    expect(comparePositions(p(2, 4), p(2, 4))).toBe(0);
    expect(START).toEqual(p(0, 0));
  });
});

describe('eventsOf', () => {
  it('reads the whole log after a position in batches, in order', async () => {
    const store = new MemoryEventStore();
    for (let i = 0; i < 7; i++)
      await store.append(`s-${i % 2}`, [{ type: 'T', data: i, metadata: { correlationId: 'c', timestamp: 't' } }], { expectedVersion: 'any' });
    const limits: number[] = [];
    const reading = { readAll: (from: typeof START, limit?: number) => (limits.push(limit!), store.readAll(from, limit)) };
    const seen: unknown[] = [];
    for await (const e of eventsOf(reading, START, 3)) seen.push(e.data);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(limits).toEqual([3, 3, 3, 3]);
    const after: unknown[] = [];
    for await (const e of eventsOf(store, store.log[4]!.position)) after.push(e.data);
    expect(after).toEqual([5, 6]);
  });

  it('asks for the next batch before handing out this one, and a caller that stops early leaves no failure unhandled', async () => {
    const store = new MemoryEventStore();
    for (let i = 0; i < 5; i++) await store.append('s', [{ type: 'T', data: i, metadata: { correlationId: 'c', timestamp: 't' } }], { expectedVersion: 'any' });
    let reads = 0;
    const reading = {
      readAll: (from: typeof START, limit?: number) => (++reads === 2 ? Promise.reject(new Error('read-ahead failed')) : store.readAll(from, limit)),
    };
    const events = eventsOf(reading, START, 2);
    expect((await events.next()).value?.data).toBe(0);
    expect(reads).toBe(2); // the second batch was asked for before the first event was handed out
    await events.return(undefined); // its failure is never awaited: it must not surface as an unhandled rejection
    await new Promise((resolve) => setImmediate(resolve));
  });
});
