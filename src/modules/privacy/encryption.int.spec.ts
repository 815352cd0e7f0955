import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext, attemptSignUp } from '../../../tests/helpers/test-runtime.js';
import { customerStream } from '../customers/customer.js';
import { createTestProduct } from '../../../tests/helpers/test-products.js';
import { verifyStoreChains } from '../audit/chain-sources.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

/** Every byte of every events row a shopper's data could hide in: stream id, data, metadata. */
async function rawLogContains(text: string): Promise<number> {
  const { rows } = await ctx.runtime.pool.query<{ n: string }>(
    `select count(*) as n from events where position(lower($1) in lower(stream_id || ' ' || data::text || ' ' || metadata::text)) > 0`,
    [text],
  );
  return Number(rows[0]!.n);
}

describe('personal data is stored encrypted', () => {
  it("a shopper's name, e-mail, phone and addresses appear nowhere in plain text in the events rows; every reader sees them", async () => {
    const tag = randomBytes(4).toString('hex');
    const name = `Meera Krishnan ${tag}`;
    const shopper = await signUp(ctx.app, { full_name: name, phone: '9123456780', address: `7 Residency Road ${tag}` });
    const newName = `Meera K ${tag}`;
    const updated = await ctx.app.inject({ method: 'PUT', url: '/api/user/profile', headers: shopper.auth, payload: { full_name: newName } });
    expect(updated.statusCode, updated.body).toBe(200);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/addresses',
      headers: shopper.auth,
      payload: {
        name: `Ravi ${tag}`,
        address: `12 Brigade Road ${tag}`,
        address_line2: '',
        landmark: `Opposite ${tag} temple`,
        city: 'Bengaluru',
        state: 'Karnataka',
        pincode: '560001',
        phone: '9988776655',
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const product = await createTestProduct(ctx.runtime, { price: 1500 });
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: {
        items: [{ id: product.id, quantity: 1 }],
        shipping_address: `44 Church Street ${tag}`,
        shipping_city: 'Bengaluru',
        shipping_state: 'Karnataka',
        shipping_pincode: '560001',
        shipping_phone: '9000012345',
        payment_method: 'cod',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    // Confirmed: the GST tax invoice is issued, its recipient (name, address, phone, e-mail) sealed with the buyer's key.
    const admin = await loginAdmin(ctx.app);
    const orderId = placed.json().order.id as string;
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/admin/orders/${orderId}/status`, headers: admin.auth, payload: { status: 'confirmed' } })).statusCode,
    ).toBe(200);
    const issued = (await ctx.runtime.store.readStream(`tax-documents-${orderId}`)).find((e) => e.type === 'InvoiceIssued');
    expect(issued?.data).toMatchObject({
      customerId: shopper.user.id,
      recipient: { name: newName, email: shopper.email, address: `44 Church Street ${tag}`, phone: '9000012345' },
    });
    const stored = await ctx.runtime.pool.query<{ data: { personal?: unknown; recipient: Record<string, unknown> } }>(
      `select data from events where type = 'InvoiceIssued' and stream_id = $1`,
      [`tax-documents-${orderId}`],
    );
    expect(stored.rows[0]!.data.personal).toBeDefined();
    expect(stored.rows[0]!.data.recipient).toEqual({ state: { code: '29', name: 'Karnataka' } }); // the place of supply stays

    for (const secret of [shopper.email, name, newName, tag, '9123456780', '9988776655', '9000012345', `Residency Road`, 'Church Street']) {
      expect(await rawLogContains(secret), secret).toBe(0);
    }
    // The e-mail claim stream is stored under a keyed hash, not the address.
    expect(await rawLogContains(shopper.email.split('@')[0]!)).toBe(0);

    // Readers see plain data: the write side, the read models, the admin, sign-in by e-mail.
    const events = await ctx.runtime.store.readStream(customerStream(shopper.user.id));
    expect(events[0]!.data).toMatchObject({ email: shopper.email, fullName: name, phone: '9123456780' });
    const profile = await ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: shopper.auth });
    expect(profile.json().user).toMatchObject({ email: shopper.email, full_name: newName });
    expect(JSON.stringify(profile.json())).toContain(`12 Brigade Road ${tag}`);
    const orders = await ctx.app.inject({ method: 'GET', url: '/api/user/orders', headers: shopper.auth });
    expect(orders.body).toContain(`44 Church Street ${tag}`);
    const customers = await ctx.app.inject({ method: 'GET', url: `/api/admin/customers?search=${tag}`, headers: admin.auth });
    expect(customers.body).toContain(newName);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: shopper.email.toUpperCase(), password: shopper.password } });
    expect(login.statusCode, login.body).toBe(200);
    const again = await attemptSignUp(ctx.app, { email: shopper.email, full_name: 'Dup' });
    expect(again.statusCode).toBe(409);

    // The chain covers the stored (encrypted) bytes.
    const report = await verifyStoreChains(ctx.runtime.store);
    expect(report.ok, JSON.stringify(report)).toBe(true);
  });

  it('keys live in their own table, wrapped: no data key in clear', async () => {
    const shopper = await signUp(ctx.app);
    const { rows } = await ctx.runtime.pool.query<{ wrapped_key: Buffer; master_key_id: string }>(
      'select wrapped_key, master_key_id from personal_data_keys where subject_id = $1',
      [shopper.user.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.wrapped_key.length).toBe(12 + 32 + 16);
    expect(rows[0]!.master_key_id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('key cache', () => {
  it('is bounded (least recently used dropped), creates a batch of keys in one go, and forgets a destroyed key', async () => {
    const { randomUUID } = await import('node:crypto');
    const { parseMasterKey } = await import('./master-key.js');
    const { SubjectKeyStore, SubjectErasedError } = await import('./subject-keys.js');
    const store = new SubjectKeyStore(ctx.runtime.pool, parseMasterKey(ctx.runtime.env.DATA_KEY!), 3);
    const subjects = Array.from({ length: 5 }, () => randomUUID());
    const keys = await store.keysForWriting([...subjects, subjects[0]!]);
    expect(keys.size).toBe(5);
    expect(new Set([...keys.values()].map((k) => k.toString('hex'))).size).toBe(5);
    expect(store.cachedKeys).toBe(3);
    // An evicted key is read back from its table, the same key.
    expect((await store.keysOf([subjects[0]!])).get(subjects[0]!)).toEqual(keys.get(subjects[0]!));
    expect(store.cachedKeys).toBe(3);
    await store.destroy(subjects[1]!);
    expect((await store.keysOf([subjects[1]!])).get(subjects[1]!)).toBeNull();
    await expect(store.keysForWriting([subjects[2]!, subjects[1]!])).rejects.toBeInstanceOf(SubjectErasedError);
    // A fresh store (another instance) sees the destroyed key as destroyed too.
    const other = new SubjectKeyStore(ctx.runtime.pool, parseMasterKey(ctx.runtime.env.DATA_KEY!));
    expect((await other.keysOf([subjects[1]!])).get(subjects[1]!)).toBeNull();
  });
});

describe('erasure on another instance', () => {
  it('makes the data unreadable on an instance that had the key cached, before it reads PersonalDataErased', async () => {
    const { randomUUID } = await import('node:crypto');
    const { parseMasterKey } = await import('./master-key.js');
    const { SubjectKeyStore } = await import('./subject-keys.js');
    const { PersonalDataCodec } = await import('./codec.js');
    const { ERASED_NAME } = await import('./personal-fields.js');
    const master = parseMasterKey(ctx.runtime.env.DATA_KEY!);
    // Two API instances: each its own key store and codec over the same tables.
    const here = new SubjectKeyStore(ctx.runtime.pool, master);
    const there = new SubjectKeyStore(ctx.runtime.pool, master);
    await here.listen();
    try {
      const codec = await PersonalDataCodec.create(here);
      const customerId = randomUUID();
      const [sealed] = await codec.encode([
        {
          type: 'AddressAdded',
          data: { customerId, addressId: randomUUID(), name: 'Cached Key Shopper', address: '4 Residency Road', city: 'Bengaluru' },
          metadata: { correlationId: randomUUID(), timestamp: new Date().toISOString() },
        },
      ]);
      const read = async () => {
        const stored = { ...sealed!, id: randomUUID(), streamId: `customer-${customerId}`, streamVersion: 0, position: { commit: 1n, prepare: 1n } };
        const [event] = await codec.decode([{ ...stored, data: structuredClone(sealed!.data), createdAt: new Date().toISOString() }]);
        return (event!.data as { name: string }).name;
      };
      expect(await read()).toBe('Cached Key Shopper'); // the key is in this instance's cache now
      const write = () =>
        codec.encode([
          {
            type: 'ProfileUpdated',
            data: { customerId, fullName: 'Written After', updatedAt: new Date().toISOString() },
            metadata: { correlationId: randomUUID(), timestamp: new Date().toISOString() },
          },
        ]);
      await write(); // sealed with the cached key (the append path takes it from the cache)
      await there.destroy(customerId);
      // No PersonalDataErased goes through this codec: only the notification of the destruction reaches it.
      await expect.poll(read, { timeout: 15_000, interval: 20 }).toBe(ERASED_NAME);
      // Nor is the destroyed key used to write: the append is refused.
      const { SubjectErasedError } = await import('./subject-keys.js');
      await expect(write()).rejects.toBeInstanceOf(SubjectErasedError);
    } finally {
      await here.close();
    }
  });
});

describe('master key rotation', () => {
  it('re-wraps every live data key under the new master key; the log is untouched and still decrypts', async () => {
    const { randomBytes: bytes } = await import('node:crypto');
    const { parseMasterKey } = await import('./master-key.js');
    const { SubjectKeyStore, rewrapSubjectKeys } = await import('./subject-keys.js');
    const shopper = await signUp(ctx.app);
    const oldKey = parseMasterKey(ctx.runtime.env.DATA_KEY!);
    const newKey = bytes(32);
    const before = (await new SubjectKeyStore(ctx.runtime.pool, oldKey).keysOf([shopper.user.id])).get(shopper.user.id)!;
    const hashes = async () =>
      (await ctx.runtime.pool.query<{ h: string }>("select string_agg(hash, ',' order by global_position) as h from events")).rows[0]!.h;
    const logBefore = await hashes();
    expect(await rewrapSubjectKeys(ctx.runtime.pool, oldKey, newKey)).toBeGreaterThanOrEqual(2);
    expect(await hashes()).toBe(logBefore);
    expect((await new SubjectKeyStore(ctx.runtime.pool, newKey).keysOf([shopper.user.id])).get(shopper.user.id)).toEqual(before);
    await expect(new SubjectKeyStore(ctx.runtime.pool, oldKey).keysOf([shopper.user.id])).rejects.toThrow(/wrapped by master key/);
    expect(await rewrapSubjectKeys(ctx.runtime.pool, newKey, oldKey)).toBeGreaterThanOrEqual(2); // back, for the other tests
  });
});
