import { describe, expect, it } from 'vitest';
import { MemoryEventStore } from '../../tests/helpers/memory-event-store.js';
import { disableLocalLocks, handleCommand, loadState, localLocks } from './command-handler.js';
import { COMMAND_RETRY } from './retry-policy.js';
import type { Decider } from './decider.js';
import { WrongExpectedVersionError } from './errors.js';

/** A counter that refuses to go above a limit: enough rules to see the handler decide against the latest state. */
type CounterEvent = { type: 'Added'; data: { by: number } };
type CounterCommand = { type: 'Add'; by: number } | { type: 'Nothing' };
const LIMIT = 5;
const counter: Decider<number, CounterCommand, CounterEvent> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command, total) => {
    if (command.type === 'Nothing') return [];
    if (total + command.by > LIMIT) throw new Error(`over the limit: ${total} + ${command.by}`);
    return [{ type: 'Added', data: { by: command.by } }];
  },
};
const add = (by: number): CounterCommand => ({ type: 'Add', by });
const competing = (store: MemoryEventStore, streamId: string, by: number) => async () => {
  await store.append(streamId, [{ type: 'Added', data: { by }, metadata: { correlationId: 'other', timestamp: new Date().toISOString() } }], {
    expectedVersion: 'any',
  });
};

describe('handleCommand', () => {
  it('appends the decided events to a new stream and answers them with the state after them', async () => {
    const store = new MemoryEventStore();
    const { events, state, result } = await handleCommand(store, 'c-1', counter, add(2));
    expect(events).toEqual([{ type: 'Added', data: { by: 2 } }]);
    expect(state).toBe(2);
    expect(result).toEqual({ nextExpectedVersion: 0, position: { commit: 1n, prepare: 1n } });
    expect(await loadState(store, 'c-1', counter)).toMatchObject({ state: 2, version: 0 });
  });

  it('decides against every earlier event of the stream and expects the version it read', async () => {
    const store = new MemoryEventStore();
    await handleCommand(store, 'c-1', counter, add(2));
    await handleCommand(store, 'c-1', counter, add(2));
    const third = await handleCommand(store, 'c-1', counter, add(1));
    expect([third.state, third.result?.nextExpectedVersion]).toEqual([5, 2]);
    await expect(handleCommand(store, 'c-1', counter, add(1))).rejects.toThrow('over the limit: 5 + 1');
    expect(store.log).toHaveLength(3);
  });

  it('a command deciding nothing writes nothing and answers the current state', async () => {
    const store = new MemoryEventStore();
    await handleCommand(store, 'c-1', counter, add(3));
    const appends = store.appends;
    expect(await handleCommand(store, 'c-1', counter, { type: 'Nothing' })).toEqual({ events: [], state: 3, result: null });
    expect(store.appends).toBe(appends);
  });

  it('a write that lands between read and append makes it decide again on the new state', async () => {
    const store = new MemoryEventStore();
    await handleCommand(store, 'c-1', counter, add(1));
    store.beforeAppend = competing(store, 'c-1', 3); // total 4 once the retry reads
    await expect(handleCommand(store, 'c-1', counter, add(2))).rejects.toThrow('over the limit: 4 + 2');
    expect(store.log.map((e) => (e.data as { by: number }).by)).toEqual([1, 3]);

    store.beforeAppend = competing(store, 'c-1', 0);
    const retried = await handleCommand(store, 'c-1', counter, add(1));
    expect([retried.state, retried.result?.nextExpectedVersion]).toEqual([5, 3]);
  });

  it('a new stream written meanwhile is a conflict too (no_stream), not overwritten', async () => {
    const store = new MemoryEventStore();
    store.beforeAppend = competing(store, 'c-new', 4);
    const { state } = await handleCommand(store, 'c-new', counter, add(1));
    expect(state).toBe(5);
    expect(store.log.map((e) => [e.streamVersion, (e.data as { by: number }).by])).toEqual([
      [0, 4],
      [1, 1],
    ]);
  });

  it("gives up after the retry policy's attempts with the conflict; other errors are not retried", async () => {
    const store = new MemoryEventStore();
    let attempts = 0;
    // Every command appends through appendMany (one append per decision, core/command-handler.ts runCommand).
    const conflicting = Object.assign(store, {
      appendMany: async () => {
        attempts++;
        throw new WrongExpectedVersionError('c-1', 0, 1);
      },
    });
    await expect(handleCommand(conflicting, 'c-1', counter, add(1))).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(attempts).toBe(COMMAND_RETRY.attempts);

    const broken = Object.assign(new MemoryEventStore(), {
      appendMany: async () => {
        attempts++;
        throw new Error('disk full');
      },
    });
    attempts = 0;
    await expect(handleCommand(broken, 'c-1', counter, add(1))).rejects.toThrow('disk full');
    expect(attempts).toBe(1);
  });

  it('writes the context as metadata: user, correlation, causation and the command time', async () => {
    const store = new MemoryEventStore();
    const now = new Date('2026-01-02T03:04:05.000Z');
    await handleCommand(store, 'c-1', counter, add(1), { userId: 'u-1', correlationId: 'corr', causationId: 'cause', now });
    expect(store.log[0]!.metadata).toEqual({ correlationId: 'corr', causationId: 'cause', userId: 'u-1', timestamp: '2026-01-02T03:04:05.000Z' });
    await handleCommand(store, 'c-1', counter, add(1));
    const plain = store.log[1]!.metadata;
    expect(plain.userId).toBeNull();
    expect('causationId' in plain).toBe(false);
    expect(plain.correlationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(Date.parse(plain.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it('runs commands on one stream one at a time in a runtime; each still decides on what the other wrote', async () => {
    const store = new MemoryEventStore();
    const results = await Promise.allSettled([1, 2, 3].map(() => handleCommand(store, 'c-1', counter, add(2))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(store.appends).toBe(2); // serialised: no append was attempted on a stale version
  });

  it('without the in-process lock, the store alone keeps concurrent commands apart', async () => {
    const store = new MemoryEventStore();
    disableLocalLocks(store);
    const results = await Promise.allSettled([1, 2, 3].map(() => handleCommand(store, 'c-1', counter, add(2))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect((await loadState(store, 'c-1', counter)).state).toBe(4);
    expect(store.appends).toBeGreaterThan(2); // the lock really was off: appends on a stale version were tried and refused
  });
});

describe('local locks', () => {
  it('one lock per store (per runtime)', () => {
    const inner = new MemoryEventStore();
    const other = new MemoryEventStore();
    expect(localLocks(inner)).toBe(localLocks(inner));
    expect(localLocks(inner)).not.toBe(localLocks(other));
  });
});

describe('loadState', () => {
  it('folds a stream and gives its version (-1 when empty) and events', async () => {
    const store = new MemoryEventStore();
    expect(await loadState(store, 'none', counter)).toEqual({ state: 0, version: -1, events: [] });
    await handleCommand(store, 'c-1', counter, add(2));
    await handleCommand(store, 'c-1', counter, add(1));
    const loaded = await loadState(store, 'c-1', counter);
    expect([loaded.state, loaded.version, loaded.events.length]).toEqual([3, 1, 2]);
  });
});
