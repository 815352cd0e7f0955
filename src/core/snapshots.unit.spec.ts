import { describe, expect, it } from 'vitest';
import { MemoryEventStore, MemorySnapshotStore } from '../../tests/helpers/memory-event-store.js';
import { loadSnapshotted, SNAPSHOT_EVERY } from './snapshots.js';

type Added = { type: 'Added'; data: { by: number } };
const sum = {
  initialState: () => ({ total: 0, seen: 0 }),
  evolve: (s: { total: number; seen: number }, e: Added) => ({ total: s.total + e.data.by, seen: s.seen + 1 }),
};
const meta = { correlationId: 'c', timestamp: '2026-01-01T00:00:00.000Z' };

async function streamOf(count: number, snapshots?: MemorySnapshotStore) {
  const store = new MemoryEventStore();
  store.snapshots = snapshots;
  for (let i = 1; i <= count; i++) await store.append('s-1', [{ type: 'Added', data: { by: i }, metadata: meta }], { expectedVersion: 'any' });
  return store;
}
const total = (n: number) => (n * (n + 1)) / 2;

describe('loadSnapshotted', () => {
  it('without a snapshot store it folds the whole stream', async () => {
    const store = await streamOf(3);
    expect(await loadSnapshotted(store, 's-1', sum, 'k')).toEqual({ state: { total: 6, seen: 3 }, version: 2 });
    expect(await loadSnapshotted(store, 'none', sum, 'k')).toEqual({ state: { total: 0, seen: 0 }, version: -1 });
  });

  it(`writes a snapshot once ${SNAPSHOT_EVERY} events lie past the last one, and not before`, async () => {
    expect(SNAPSHOT_EVERY).toBe(100);
    const snapshots = new MemorySnapshotStore();
    const short = await streamOf(SNAPSHOT_EVERY - 1, snapshots);
    await loadSnapshotted(short, 's-1', sum, 'k');
    expect(snapshots.saves).toBe(0);

    const store = await streamOf(SNAPSHOT_EVERY, snapshots);
    expect(await loadSnapshotted(store, 's-1', sum, 'k')).toEqual({ state: { total: total(100), seen: 100 }, version: 99 });
    expect(snapshots.saved.get('s-1')).toEqual({ kind: 'k', snapshot: { version: 99, state: { total: total(100), seen: 100 } } });
  });

  it('folds only the events after the snapshot, onto the snapshot state, with the same result as a full fold', async () => {
    const snapshots = new MemorySnapshotStore();
    const store = await streamOf(105, snapshots);
    snapshots.saved.set('s-1', { kind: 'k', snapshot: { version: 99, state: { total: total(100), seen: 1000 } } });
    const loaded = await loadSnapshotted(store, 's-1', sum, 'k');
    // seen 1000 + 5 proves only events 100..104 were folded, onto the stored state
    expect(loaded).toEqual({ state: { total: total(105), seen: 1005 }, version: 104 });
    expect(snapshots.saves).toBe(0);
  });

  it('a snapshot with no events after it is the state and version', async () => {
    const snapshots = new MemorySnapshotStore();
    const store = await streamOf(3, snapshots);
    snapshots.saved.set('s-1', { kind: 'k', snapshot: { version: 2, state: { total: 6, seen: 3 } } });
    expect(await loadSnapshotted(store, 's-1', sum, 'k')).toEqual({ state: { total: 6, seen: 3 }, version: 2 });
  });

  it('a snapshot of another kind (state shape) is ignored', async () => {
    const snapshots = new MemorySnapshotStore();
    const store = await streamOf(3, snapshots);
    snapshots.saved.set('s-1', { kind: 'old', snapshot: { version: 2, state: { total: 999, seen: 999 } } });
    expect((await loadSnapshotted(store, 's-1', sum, 'k')).state).toEqual({ total: 6, seen: 3 });
  });

  it('a gap between the snapshot and the log: trusts the log alone', async () => {
    const snapshots = new MemorySnapshotStore();
    const store = await streamOf(5, snapshots);
    snapshots.saved.set('s-1', { kind: 'k', snapshot: { version: 1, state: { total: 999, seen: 999 } } });
    const gappy = Object.assign(store, {
      readStream: async (id: string, from = 0) =>
        (await MemoryEventStore.prototype.readStream.call(store, id, from)).filter((e) => e.streamVersion !== 2 || from === 0),
    });
    expect(await loadSnapshotted(gappy, 's-1', sum, 'k')).toEqual({ state: { total: 15, seen: 5 }, version: 4 });
  });

  it('uses the decider foldMany when it has one', async () => {
    const store = await streamOf(4);
    let calls = 0;
    const withFoldMany = { ...sum, foldMany: (s: { total: number; seen: number }, events: readonly Added[]) => (calls++, events.reduce(sum.evolve, s)) };
    expect((await loadSnapshotted(store, 's-1', withFoldMany, 'k')).state.total).toBe(10);
    expect(calls).toBe(1);
  });

  it('a snapshot that cannot be written changes nothing', async () => {
    const snapshots = new MemorySnapshotStore();
    snapshots.failSaves = true;
    const store = await streamOf(SNAPSHOT_EVERY + 1, snapshots);
    expect((await loadSnapshotted(store, 's-1', sum, 'k')).version).toBe(100);
    expect(snapshots.saves).toBe(1);
  });
});
