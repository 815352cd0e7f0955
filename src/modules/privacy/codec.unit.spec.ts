import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '../../core/event-store.js';
import * as cipher from './cipher.js';
import { PersonalDataCodec } from './codec.js';
import { SubjectKeyStore } from './subject-keys.js';
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
    expect(data.fullName).toBe('Lazy Shopper');
    expect(data.email).toBe('lazy@example.in');
    expect(opened).toHaveBeenCalledTimes(1); // opened once for all its fields
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
