import { describe, expect, it } from 'vitest';
import type { EventStore } from '../../core/event-store.js';
import { SNAPSHOT_EVERY, type Snapshot, type SnapshotStore } from '../../core/snapshots.js';
import { MemoryEventStore } from '../../../tests/helpers/memory-event-store.js';
import { COD_SHARE_SNAPSHOT_KIND, loadCodLedgers } from './cod-ledger-store.js';
import { codShareLedger } from './cod-ledgers.js';

const at = '2026-11-28T10:00:00.000Z';
const metadata = { correlationId: 'c', timestamp: at };

/** Snapshots kept in memory, as the PostgreSQL adapter keeps them in a table. */
function memorySnapshots(): SnapshotStore & { saved: Map<string, Snapshot<unknown>> } {
  const saved = new Map<string, Snapshot<unknown>>();
  return {
    saved,
    load: async <State>(streamId: string, kind: string) => (saved.get(`${kind}:${streamId}`) as Snapshot<State> | undefined) ?? null,
    save: async <State>(streamId: string, kind: string, snapshot: Snapshot<State>) => {
      const key = `${kind}:${streamId}`;
      if ((saved.get(key)?.version ?? -1) < snapshot.version) saved.set(key, structuredClone(snapshot) as Snapshot<unknown>);
    },
  };
}

describe("a product's share ledger is folded from its snapshot", () => {
  it('counts exactly what the whole ledger holds, reading only the events after the snapshot', async () => {
    const store = new MemoryEventStore();
    const snapshots = memorySnapshots();
    store.snapshots = snapshots;
    const productId = 'p-share';
    const stream = codShareLedger(productId);
    // 2.5 × SNAPSHOT_EVERY holds of 1–3 units taken, every 4th given back (delivered or cancelled).
    let held = 0;
    for (let i = 0; i < 2.5 * SNAPSHOT_EVERY; i++) {
      const quantity = 1 + (i % 3);
      await store.append(stream, [{ type: 'CodShareTaken', data: { productId, orderId: `o-${i}`, quantity, at }, metadata }], {
        expectedVersion: 'any',
      });
      held += quantity;
      if (i % 4 === 3) {
        await store.append(stream, [{ type: 'CodShareReturned', data: { productId, orderId: `o-${i - 1}`, reason: 'delivered', at }, metadata }], {
          expectedVersion: 'any',
        });
        held -= 1 + ((i - 1) % 3);
      }
      // A checkout reads the ledger now and then: the snapshot follows the stream.
      if (i % 50 === 49) await loadCodLedgers(store, null, 'c-1', [productId], at, false);
    }
    const version = (await store.readStream(stream)).length - 1;
    const snapshot = snapshots.saved.get(`${COD_SHARE_SNAPSHOT_KIND}:${stream}`);
    expect(snapshot?.version).toBeGreaterThanOrEqual(SNAPSHOT_EVERY);

    const reads: number[] = [];
    const watched = Object.create(store, {
      readStream: { value: (id: string, from = 0) => (id === stream && reads.push(from), store.readStream(id, from)) },
    }) as EventStore;
    const ledgers = await loadCodLedgers(watched, null, 'c-1', [productId], at, false);
    expect(ledgers.facts.newAccountsHeld[productId]).toBe(held);
    expect(reads).toEqual([snapshot!.version + 1]);
    // Its next write expects the ledger's version, not the snapshot's.
    const writes = ledgers.writes('open', { orderId: 'o-new', customerId: 'c-1', units: [{ productId, quantity: 1 }] }, 'placed', {});
    expect(writes.find((w) => w.streamId === stream)?.expectedVersion).toBe(version);
  });
});
