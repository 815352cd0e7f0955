import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../core/event-store.js';
import { migrate } from '../db/migrate.js';
import { createTestDatabase } from '../../tests/helpers/test-runtime.js';
import { verifyStoreChains } from '../modules/audit/chain-sources.js';
import '../modules/customers/customer.js';
import { PersonalDataCodec } from '../modules/privacy/codec.js';
import { ERASED_NAME } from '../modules/privacy/personal-fields.js';
import { SubjectKeyStore } from '../modules/privacy/subject-keys.js';
import { EventStoreDbEventStore, type EsdbClient } from './eventstoredb.js';

/**
 * The EventStoreDB adapter's serialisation with the personal-data codec (issue 21), on every machine: the adapter
 * talks to an in-memory stand-in for the client, so the test sees exactly what would be sent to the server. (The
 * contract suite runs the same adapter against a real server where EVENTSTORE_URL is set.)
 */
interface StoredEvent {
  id: string;
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  isJson: true;
  created: Date;
  position: { commit: bigint; prepare: bigint };
}

function memoryClient() {
  const all: StoredEvent[] = [];
  const of = (streamId: string) => all.filter((e) => e.streamId === streamId);
  const iterate = (events: StoredEvent[]) => ({
    async *[Symbol.asyncIterator]() {
      for (const event of events) yield { event, commitPosition: event.position.commit };
    },
  });
  const client = {
    async appendToStream(streamId: string, events: { id: string; type: string; data: unknown; metadata: unknown }[], options: { expectedRevision: unknown }) {
      const current = of(streamId).length - 1;
      const expected = typeof options.expectedRevision === 'bigint' ? Number(options.expectedRevision) : -1;
      if (expected !== current) throw new Error(`stand-in: expected ${expected}, stream at ${current}`);
      events.forEach((e, i) => {
        const commit = BigInt(all.length + 1);
        // What the server would keep: the event as serialised JSON (no object shared with the adapter).
        all.push({
          id: e.id,
          streamId,
          revision: BigInt(current + 1 + i),
          type: e.type,
          data: JSON.parse(JSON.stringify(e.data)),
          metadata: JSON.parse(JSON.stringify(e.metadata)),
          isJson: true,
          created: new Date(0),
          position: { commit, prepare: commit },
        });
      });
      return { nextExpectedRevision: BigInt(current + events.length), position: all.at(-1)!.position };
    },
    readStream(streamId: string, options: { direction: string; fromRevision: unknown; maxCount?: number }) {
      let events = of(streamId);
      if (options.direction === 'backwards') events = [...events].reverse();
      else if (typeof options.fromRevision === 'bigint') events = events.filter((e) => e.revision >= (options.fromRevision as bigint));
      return iterate(events.slice(0, options.maxCount ?? Infinity));
    },
    readAll(options: { fromPosition: unknown; direction: string; maxCount: number }) {
      if (options.direction === 'backwards') return iterate([...all].reverse().slice(0, options.maxCount));
      const from = typeof options.fromPosition === 'object' ? (options.fromPosition as { commit: bigint }).commit : 0n;
      return iterate(all.filter((e) => e.position.commit >= from).slice(0, options.maxCount));
    },
    subscribeToAll() {
      throw new Error('not used here');
    },
    async dispose() {},
  };
  return { client: client as unknown as EsdbClient, all };
}

let pool: pg.Pool;
beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 4 });
  await migrate(pool);
});
afterAll(async () => pool?.end());

const metadata = () => ({ correlationId: randomUUID(), timestamp: new Date().toISOString() });

describe('EventStoreDB adapter with the personal-data codec', () => {
  it('sends only ciphertext and keyed-hash stream ids to the server; reads decrypt; the chain covers the stored bytes; a destroyed key reads as erased', async () => {
    const keys = new SubjectKeyStore(pool, randomBytes(32));
    const codec = await PersonalDataCodec.create(keys);
    const { client, all } = memoryClient();
    const store = new EventStoreDbEventStore('esdb://unused:2113?tls=false', { codec, client });
    const tag = randomBytes(4).toString('hex');
    const customerId = randomUUID();
    const email = `esdb-${tag}@example.in`;
    const profile: NewEvent = {
      type: 'ProfileUpdated',
      data: {
        customerId,
        fullName: `Esdb Shopper ${tag}`,
        email,
        phone: '9811177766',
        address: `8 Park Street ${tag}`,
        city: 'Kolkata',
        state: 'West Bengal',
        pincode: '700016',
        updatedAt: new Date().toISOString(),
      },
      metadata: metadata(),
    };
    await store.append(`customer-${customerId}`, [profile], { expectedVersion: 'any' });
    await store.append(`customer-email-${email}`, [{ type: 'EmailClaimed', data: { email, customerId }, metadata: metadata() }], {
      expectedVersion: 'no_stream',
    });

    // What the server holds: no name, e-mail, phone or address, in data, metadata or stream ids.
    const sent = JSON.stringify(all, (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    for (const secret of [tag, email, '9811177766', 'Park Street']) expect(sent, secret).not.toContain(secret);
    expect(all.map((e) => e.streamId)).toEqual([`customer-${customerId}`, `customer-email-${codec.emailIndex(email)}`]);
    expect(all[0]!.data).toMatchObject({ customerId, updatedAt: (profile.data as { updatedAt: string }).updatedAt, personal: { subject: customerId } });

    // Readers see plain data: by stream (the e-mail claim by its address), the global order, the version.
    expect((await store.readStream(`customer-${customerId}`))[0]!.data).toEqual(profile.data);
    expect((await store.readStream(`customer-email-${email}`))[0]!.data).toEqual({ email, customerId });
    expect(await store.streamVersion(`customer-email-${email}`)).toBe(0);
    expect((await store.readAll({ commit: 0n, prepare: 0n }, 10)).map((e) => e.data)).toEqual([profile.data, { email, customerId }]);

    // The chain is over the stored bytes: it verifies; the audit reads see the stored form, as on PostgreSQL.
    const report = await verifyStoreChains(store);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    const found = await store.findEvents({ types: ['ProfileUpdated'] });
    expect(JSON.stringify(found.map((e) => e.data))).not.toContain(tag);
    expect(found).toHaveLength(1);

    // Crypto-shredding: the same bytes now read as erased; the chain still verifies.
    await keys.destroy(customerId);
    expect((await store.readStream(`customer-${customerId}`))[0]!.data).toMatchObject({ customerId, fullName: undefined, email: undefined });
    await expect(store.append(`customer-${customerId}`, [{ ...profile, metadata: metadata() }], { expectedVersion: 'any' })).rejects.toThrow(/erased/);
    expect((await verifyStoreChains(store)).ok).toBe(true);
    expect(ERASED_NAME).toBe('Erased customer');
  });

  it('without a codec it stores events as given (the contract suite case)', async () => {
    const { client, all } = memoryClient();
    const store = new EventStoreDbEventStore('esdb://unused:2113?tls=false', { client });
    const customerId = randomUUID();
    await store.append(`customer-email-plain@example.in`, [{ type: 'EmailClaimed', data: { email: 'plain@example.in', customerId }, metadata: metadata() }], {
      expectedVersion: 'no_stream',
    });
    expect(all[0]).toMatchObject({ streamId: 'customer-email-plain@example.in', data: { email: 'plain@example.in', customerId } });
  });
});
