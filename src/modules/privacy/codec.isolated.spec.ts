import { randomBytes, randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { types } from 'node:util';
import { runInNewContext } from 'node:vm';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '../../core/event-store.js';
import { BatchOpener } from './batch-opener.js';
import * as cipher from './cipher.js';
import { PersonalDataCodec } from './codec.js';
import { ERASED_NAME } from './personal-fields.js';
import { SubjectErasedError, SubjectKeyStore } from './subject-keys.js';
import './personal-fields.js';

vi.mock('./cipher.js', async (original) => {
  const actual = await original<typeof import('./cipher.js')>();
  return { ...actual, open: vi.fn(actual.open) };
});

/** The key table in memory: the key store's look-up and insert. */
function memoryPool(): pg.Pool {
  const rows = new Map<string, { subject_id: string; wrapped_key: Buffer; master_key_id: string }>();
  return {
    query: async (text: string, values: unknown[]) => {
      if (text.includes('pg_notify')) return { rows: [] };
      if (text.includes('erased_at')) {
        // The key store's destroy: the wrapped key overwritten with null.
        const subject = values[0] as string;
        rows.set(subject, { subject_id: subject, wrapped_key: null as unknown as Buffer, master_key_id: null as unknown as string });
        return { rows: [], rowCount: 1 };
      }
      if (text.trimStart().startsWith('insert')) {
        const [subjects, wrapped, id] = values as [string[], Buffer[], string];
        subjects.forEach((s, i) => rows.has(s) || rows.set(s, { subject_id: s, wrapped_key: wrapped[i]!, master_key_id: id }));
        return { rows: [], rowCount: subjects.length };
      }
      return { rows: (values[0] as string[]).flatMap((s) => (rows.has(s) ? [rows.get(s)!] : [])) };
    },
  } as unknown as pg.Pool;
}

describe('personal-data codec: envelopes opened on first use', () => {
  it('decrypts only when a personal field (or the key list) is read, once, and reads exactly as the plain event', async () => {
    const codec = await PersonalDataCodec.create(new SubjectKeyStore(memoryPool(), randomBytes(32)));
    const customerId = randomUUID();
    const plain = { customerId, fullName: 'Lazy Shopper', email: 'lazy@example.in', phone: '9800000001', updatedAt: '2026-11-24T00:00:00.000Z' };
    const [sealed] = await codec.encode([{ type: 'ProfileUpdated', data: plain, metadata: { correlationId: 'c', timestamp: plain.updatedAt } }]);
    const recorded = () =>
      ({
        ...sealed!,
        id: randomUUID(),
        streamId: `customer-${customerId}`,
        streamVersion: 0,
        position: { commit: 1n, prepare: 1n },
        createdAt: plain.updatedAt,
        data: structuredClone(sealed!.data),
      }) as RecordedEvent;
    const opened = vi.mocked(cipher.open);
    opened.mockClear();

    const [event] = await codec.decode([recorded()]);
    const data = event!.data as Record<string, unknown>;
    expect([data.customerId, data.updatedAt]).toEqual([customerId, plain.updatedAt]);
    expect(opened).not.toHaveBeenCalled(); // fields that are not personal need no decryption
    expect(types.isProxy(event!.data)).toBe(true);
    expect(data.fullName).toBe('Lazy Shopper');
    expect(data.email).toBe('lazy@example.in');
    expect(opened).toHaveBeenCalledTimes(1); // opened once for all its fields
    // Once opened, the event holds the plain data: later reads through it pay no proxy.
    expect(types.isProxy(event!.data)).toBe(false);
    expect(event!.data).toEqual(plain);
    expect('personal' in data).toBe(false);
    expect(data).toEqual(plain);
    expect(JSON.parse(JSON.stringify(data))).toEqual(plain);
    expect({ ...data }).toEqual(plain);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);

    // Listing the keys (spread, JSON, Object.keys) opens it too; so does a personal field tested with `in`.
    for (const read of [(d: object) => ({ ...d }), (d: object) => JSON.stringify(d), (d: object) => Object.keys(d), (d: object) => 'phone' in d]) {
      const [again] = await codec.decode([recorded()]);
      opened.mockClear();
      const answer = read(again!.data as object);
      expect(opened, String(read)).toHaveBeenCalledTimes(1);
      expect(JSON.stringify(answer)).not.toContain('sealed');
    }

    // A changed byte fails on first use, as it failed on read before.
    const tampered = recorded();
    const envelope = (tampered.data as { personal: { sealed: string } }).personal;
    envelope.sealed = `${envelope.sealed[0] === 'A' ? 'B' : 'A'}${envelope.sealed.slice(1)}`;
    const [broken] = await codec.decode([tampered]);
    expect(() => (broken!.data as { fullName: string }).fullName).toThrow();
  });
});

describe('personal-data codec: an opened event keeps no ciphertext', () => {
  it('lets go of the stored data (envelope and ciphertext) once opened, while an unopened one still holds it', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void; // a full, blocking collection
    const codec = await PersonalDataCodec.create(new SubjectKeyStore(memoryPool(), randomBytes(32)));
    const customerId = randomUUID();
    const [sealed] = await codec.encode([
      { type: 'ProfileUpdated', data: { customerId, fullName: 'Let Go', email: 'go@example.in' }, metadata: { correlationId: 'c', timestamp: 't' } },
    ]);
    /** A decoded event and a weak reference to the stored data it was decoded from (nothing else holds that). */
    const decodeOne = async () => {
      const stored = structuredClone(sealed!.data) as object;
      const row = {
        ...sealed!,
        id: randomUUID(),
        streamId: `customer-${customerId}`,
        streamVersion: 0,
        position: { commit: 1n, prepare: 1n },
        createdAt: 't',
        data: stored,
      };
      const [event] = await codec.decode([row as RecordedEvent]);
      return { data: event!.data as Record<string, unknown>, stored: new WeakRef(stored) };
    };
    const opened = await decodeOne();
    const unopened = await decodeOne();
    expect(opened.data.fullName).toBe('Let Go');
    await new Promise((resolve) => setImmediate(resolve)); // WeakRefs hold their target until the current job ends
    collect();
    expect(opened.stored.deref()).toBeUndefined();
    expect(unopened.stored.deref()).toBeDefined(); // the unopened proxy still needs it (and shows the check can fail)
    expect(opened.data).toEqual({ customerId, fullName: 'Let Go', email: 'go@example.in' });
    expect(unopened.data.email).toBe('go@example.in');
  });
});

describe('personal-data codec: keys taken from the cache on append', () => {
  const profile = (customerId: string, fullName: string) => ({
    type: 'ProfileUpdated',
    data: { customerId, fullName, email: 'cached@example.in', updatedAt: '2026-11-24T00:00:00.000Z' },
    metadata: { correlationId: 'c', timestamp: '2026-11-24T00:00:00.000Z' },
  });

  it('never seals with a destroyed key: erased here (cached as destroyed) or on another instance (dropped from the cache)', async () => {
    const pool = memoryPool();
    const master = randomBytes(32);
    const here = new SubjectKeyStore(pool, master);
    const there = new SubjectKeyStore(pool, master);
    const codec = await PersonalDataCodec.create(here);
    const [mine, theirs] = [randomUUID(), randomUUID()];
    // Both keys created and cached here: the next appends take them from the cache, with no look-up.
    await codec.encode([profile(mine, 'Cached One')]);
    await codec.encode([profile(theirs, 'Cached Two')]);
    const query = vi.spyOn(pool, 'query');
    const [sealed] = await codec.encode([profile(mine, 'Cached One Again')]);
    expect(query).not.toHaveBeenCalled();
    expect(JSON.stringify(sealed!.data)).not.toContain('Cached One Again');

    // Erased through this store: the cache holds the destruction.
    await here.destroy(mine);
    await expect(codec.encode([profile(mine, 'After Erasure')])).rejects.toBeInstanceOf(SubjectErasedError);

    // Erased by another instance: the notification (or the PersonalDataErased read) makes this store forget its copy.
    await there.destroy(theirs);
    here.forget(theirs);
    await expect(codec.encode([profile(theirs, 'After Erasure')])).rejects.toBeInstanceOf(SubjectErasedError);
    // One erased subject among live ones: nothing is sealed for any of them.
    await expect(codec.encode([profile(randomUUID(), 'Live'), profile(mine, 'Erased')])).rejects.toBeInstanceOf(SubjectErasedError);
  });
});

describe('personal-data codec: bulk reads opened in the worker thread', () => {
  const at = '2026-11-24T00:00:00.000Z';
  const profile = (customerId: string, i: number) => ({
    type: 'ProfileUpdated',
    data: { customerId, fullName: `Bulk Shopper ${i}`, email: `bulk${i}@example.in`, phone: '9800000002', updatedAt: at },
    metadata: { correlationId: 'c', timestamp: at },
  });
  const order = (customerId: string) => ({
    type: 'OrderPlaced',
    data: {
      customerId,
      orderId: 'o-1',
      customerName: 'Nested Shopper',
      customerEmail: 'nested@example.in',
      shippingAddress: { name: 'Nested Shopper', address: '1 Worker Lane', city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: '9800000003' },
      totalAmount: 1299,
    },
    metadata: { correlationId: 'c', timestamp: at },
  });
  const notPersonal = { type: 'WishlistItemAdded', data: { customerId: 'x', productId: 'p' }, metadata: { correlationId: 'c', timestamp: at } };
  const recorded = (events: { type: string; data: unknown; metadata: unknown }[]) =>
    events.map(
      (e, i) =>
        ({
          ...e,
          id: `e-${i}`,
          streamId: `s-${i}`,
          streamVersion: 0,
          position: { commit: 1n, prepare: BigInt(i + 1) },
          createdAt: at,
          data: structuredClone(e.data),
        }) as RecordedEvent,
    );

  async function setUp() {
    const pool = memoryPool();
    const keys = new SubjectKeyStore(pool, randomBytes(32));
    const codec = await PersonalDataCodec.create(keys, { workerMinEvents: 2 });
    const [kept, erased] = [randomUUID(), randomUUID()];
    const plain = [profile(kept, 1), order(kept), notPersonal, profile(erased, 2), order(erased)];
    const stored = recorded(await codec.encode(plain));
    return { keys, codec, kept, erased, plain, stored };
  }

  it('opens every envelope of a bulk read off this thread into plain objects that read exactly as the plain events', async () => {
    const { codec, plain, stored } = await setUp();
    try {
      const opened = vi.mocked(cipher.open);
      opened.mockClear();
      const decoded = await codec.decode(stored);
      expect(codec.workerBatches).toBe(1);
      expect(opened).not.toHaveBeenCalled(); // nothing opened on this thread
      expect(decoded.map((e) => e.data)).toEqual(plain.map((e) => e.data));
      for (const e of decoded) expect(types.isProxy(e.data), e.type).toBe(false);
      expect(JSON.stringify(decoded.map((e) => e.data))).not.toContain('sealed');
    } finally {
      await codec.close();
    }
  });

  it('never hands the worker a destroyed key: an erased shopper reads as erased, before and during the batch', async () => {
    const { keys, codec, kept, erased, stored } = await setUp();
    const handed: Buffer[] = [];
    const open = BatchOpener.prototype.open;
    const spy = vi.spyOn(BatchOpener.prototype, 'open').mockImplementation(function (this: BatchOpener, items) {
      handed.push(...items.map((i) => i.key));
      return open.call(this, items);
    });
    try {
      const erasedKey = (await keys.keysOf([erased])).get(erased)!;
      await keys.destroy(erased);
      const decoded = await codec.decode(stored);
      expect(codec.workerBatches).toBe(1);
      expect(handed).not.toContainEqual(erasedKey);
      const byCustomer = (id: string) =>
        decoded.filter((e) => (e.data as { customerId: string }).customerId === id).map((e) => e.data as Record<string, unknown>);
      expect(byCustomer(kept).map((d) => d.fullName ?? d.customerName)).toEqual(['Bulk Shopper 1', 'Nested Shopper']);
      const [erasedProfile, erasedOrder] = byCustomer(erased);
      expect(erasedProfile!.fullName).toBeUndefined();
      expect(erasedOrder!.customerName).toBe(ERASED_NAME);
      expect((erasedOrder!.shippingAddress as Record<string, unknown>).state).toBe('Maharashtra'); // kept in clear
      expect(JSON.stringify(decoded.map((e) => e.data))).not.toContain('Bulk Shopper 2');

      // Destroyed while the worker opens the batch: the opened values are dropped, the events read as erased.
      handed.length = 0;
      spy.mockImplementation(async function (this: BatchOpener, items) {
        handed.push(...items.map((i) => i.key));
        const values = await open.call(this, items);
        await keys.destroy(kept);
        return values;
      });
      const during = await codec.decode(stored);
      expect(handed.length).toBe(2); // the kept shopper's two envelopes were opened by the worker...
      expect(JSON.stringify(during.map((e) => e.data))).not.toMatch(/Bulk Shopper|Nested Shopper|Worker Lane|bulk1@/); // ...and not handed out
      expect((during[1]!.data as Record<string, unknown>).customerName).toBe(ERASED_NAME);
    } finally {
      spy.mockRestore();
      await codec.close();
    }
  });

  it('a changed byte fails the batch in the worker; the batch is then decoded here, where reading that field throws', async () => {
    const { codec, stored } = await setUp();
    try {
      const envelope = (stored[0]!.data as { personal: { sealed: string } }).personal;
      envelope.sealed = `${envelope.sealed[0] === 'A' ? 'B' : 'A'}${envelope.sealed.slice(1)}`;
      const decoded = await codec.decode(stored);
      expect(codec.workerBatches).toBe(1);
      expect(() => (decoded[0]!.data as { fullName: string }).fullName).toThrow();
      expect((decoded[1]!.data as { customerName: string }).customerName).toBe('Nested Shopper'); // the others still open
      // The worker is still there for the next batch.
      const again = await codec.decode(recorded(await codec.encode([profile(randomUUID(), 3), profile(randomUUID(), 4)])));
      expect(codec.workerBatches).toBe(2);
      expect(types.isProxy(again[0]!.data)).toBe(false);
    } finally {
      await codec.close();
    }
  });

  it('keeps small reads on this thread, opened on first use', async () => {
    const pool = memoryPool();
    const codec = await PersonalDataCodec.create(new SubjectKeyStore(pool, randomBytes(32)), { workerMinEvents: 3 });
    const stored = recorded(await codec.encode([profile(randomUUID(), 5), profile(randomUUID(), 6)]));
    const decoded = await codec.decode(stored);
    expect(codec.workerBatches).toBe(0);
    expect(types.isProxy(decoded[0]!.data)).toBe(true);
    expect((decoded[1]!.data as { fullName: string }).fullName).toBe('Bulk Shopper 6');
  });
});
