import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { recomputedHash } from '../../tests/helpers/recomputed-hash.js';
import { WrongExpectedVersionError } from '../core/errors.js';
import { registerEvents } from '../core/event-registry.js';
import { START, type NewEvent } from '../core/event-store.js';
import { memoryClient } from './esdb-memory-client.fixture.js';
import { EventStoreDbEventStore, supportsMultiStreamAppend } from './eventstoredb.js';

/**
 * PlaceOrder writes the order, its stock reservations and its number in one appendMany. On KurrentDB 25.1 and later the
 * adapter sends them as one multiStreamAppend (all or nothing); on older servers stream by stream. These run against the
 * in-memory stand-in of the client, which refuses metadata that is not a flat map of strings as the real client does.
 */
registerEvents({ MultiAppendTested: z.object({ n: z.number() }) });

const event = (n: number): NewEvent => ({
  type: 'MultiAppendTested',
  data: { n },
  metadata: { correlationId: randomUUID(), timestamp: new Date().toISOString(), causationId: `cmd-${n}` },
});

function storeOn(serverVersion: string) {
  const memory = memoryClient({ serverVersion });
  const server = memory.client.multiStreamAppend.bind(memory.client);
  const multi = vi.spyOn(memory.client, 'multiStreamAppend');
  const store = new EventStoreDbEventStore('esdb://unused:2113?tls=false', { client: memory.client });
  return { store, multi, server, all: memory.all };
}

describe('supportsMultiStreamAppend', () => {
  it('is true from KurrentDB 25.1 on, false before it and for a version it cannot read', () => {
    expect(['25.1.0', '25.1.0.1234', '25.2.3', '26.0.0'].map(supportsMultiStreamAppend)).toEqual([true, true, true, true]);
    expect(['25.0.9', '24.10.0', '23.10.1', '', '<unknown>', undefined].map(supportsMultiStreamAppend)).toEqual([false, false, false, false, false, false]);
  });
});

describe('EventStoreDB appendMany on a server with multiStreamAppend', () => {
  it('writes every stream in one call, and every read path gives back the metadata, chain and versions a single append would', async () => {
    const { store, multi } = storeOn('25.1.0');
    await store.append('order-1', [event(1)], { expectedVersion: 'no_stream' });
    const given = [event(2), event(3)];
    const result = await store.appendMany([
      { streamId: 'order-1', events: [given[0]!], expectedVersion: 0 },
      { streamId: 'stock-1', events: [given[1]!], expectedVersion: 'no_stream' },
    ]);
    expect(multi).toHaveBeenCalledTimes(1);
    expect(result.nextExpectedVersion).toBe(0);

    const order = await store.readStream('order-1');
    expect(order.map((e) => e.streamVersion)).toEqual([0, 1]);
    expect(order[1]!.metadata).toEqual(given[0]!.metadata);
    expect(order[1]!.prevHash).toBe(order[0]!.hash);
    const stock = await store.readStream('stock-1');
    expect(stock[0]!.metadata).toEqual(given[1]!.metadata);
    expect(stock[0]!.prevHash).toBeNull();
    for (const e of [...order, ...stock]) expect(recomputedHash(e)).toBe(e.hash);

    const all = await store.readAll(START);
    expect(all.map((e) => [e.streamId, e.streamVersion])).toEqual([
      ['order-1', 0],
      ['order-1', 1],
      ['stock-1', 0],
    ]);
    expect(all[2]!.metadata).toEqual(given[1]!.metadata);
    expect(result.position).toEqual(all[2]!.position);

    // A later single append chains on from an event the multi-stream append wrote.
    await store.append('stock-1', [event(4)], { expectedVersion: 0 });
    const next = await store.readStream('stock-1');
    expect(next[1]!.prevHash).toBe(stock[0]!.hash);
    expect(recomputedHash(next[1]!)).toBe(next[1]!.hash);
  });

  it('writes nothing when one stream is not where it was expected, and names that stream', async () => {
    const { store, all } = storeOn('25.1.0');
    await store.append('stock-2', [event(1), event(2)], { expectedVersion: 'no_stream' });
    const before = all.length;
    const refused = await store
      .appendMany([
        { streamId: 'order-2', events: [event(3)], expectedVersion: 'no_stream' },
        { streamId: 'stock-2', events: [event(4)], expectedVersion: 0 },
      ])
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WrongExpectedVersionError);
    expect(refused).toMatchObject({ streamId: 'stock-2', expected: 0, actual: 1 });
    expect(all.length).toBe(before);
    expect(await store.readStream('order-2')).toEqual([]);
  });

  it("retries a stream written with 'any' that another writer moved between the read and the write", async () => {
    const { store, multi, server } = storeOn('25.1.0');
    await store.append('counter', [event(1)], { expectedVersion: 'no_stream' });
    multi.mockImplementationOnce(async (requests) => {
      await store.append('counter', [event(9)], { expectedVersion: 0 });
      return server(requests);
    });
    await store.appendMany([
      { streamId: 'order-3', events: [event(2)], expectedVersion: 'no_stream' },
      { streamId: 'counter', events: [event(3)], expectedVersion: 'any' },
    ]);
    expect(multi).toHaveBeenCalledTimes(2);
    const counter = await store.readStream('counter');
    expect(counter.map((e) => e.data)).toEqual([{ n: 1 }, { n: 9 }, { n: 3 }]);
    for (const e of counter) expect(recomputedHash(e)).toBe(e.hash);
  });
});

describe('EventStoreDB appendMany on an older server', () => {
  it('writes stream by stream, so a refused later stream leaves the earlier one written (the documented limitation)', async () => {
    for (const version of ['24.10.0', '<unknown>']) {
      const { store, multi } = storeOn(version);
      await store.append('stock-4', [event(1), event(2)], { expectedVersion: 'no_stream' });
      await expect(
        store.appendMany([
          { streamId: 'order-4', events: [event(3)], expectedVersion: 'no_stream' },
          { streamId: 'stock-4', events: [event(4)], expectedVersion: 0 },
        ]),
      ).rejects.toMatchObject({ streamId: 'stock-4', expected: 0, actual: 1 });
      expect(multi).not.toHaveBeenCalled();
      expect(await store.readStream('order-4')).toHaveLength(1);
    }
  });
});
