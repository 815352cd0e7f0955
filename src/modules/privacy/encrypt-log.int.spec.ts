import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { toNewEvents } from '../../core/command-handler.js';
import { PostgresEventStore } from '../../event-store/postgres.js';
import { verifyStoreChains } from '../audit/chain-sources.js';
import { customerStream } from '../customers/customer.js';
import { CredentialStore } from '../customers/credentials.js';
import { hashPassword } from '../customers/password.js';
import { legacyRegistration } from '../customers/legacy-registration.fixture.js';
import { addressBookStream } from '../profile/address-book.js';
import { encryptExistingLog, LOG_MIGRATION_STREAM } from './encrypt-log.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const rawLogContains = async (text: string) =>
  Number(
    (
      await ctx.runtime.pool.query<{ n: string }>(`select count(*) as n from events where position(lower($1) in lower(stream_id || ' ' || data::text)) > 0`, [
        text,
      ])
    ).rows[0]!.n,
  );

describe('an older log with personal data in clear (forward migration)', () => {
  it('is re-encrypted once, chains recomputed and verifying, recorded in an event; sign-in and readers work; a second run finds nothing', async () => {
    const tag = randomBytes(4).toString('hex');
    const customerId = randomUUID();
    const email = `legacy-${tag}@example.in`;
    const legacyHash = await hashPassword('legacy-pass1');
    const now = new Date().toISOString();
    // Written as the store did before: no codec, plain stream id, the hash in the event.
    const plainStore = new PostgresEventStore(ctx.runtime.pool);
    await plainStore.appendMany([
      ...legacyRegistration(
        { customerId, email, passwordHash: legacyHash, registeredAt: now, fullName: `Old Shopper ${tag}`, phone: '9811122233', address: `3 Old Lane ${tag}` },
        [{ type: 'PasswordChanged', data: { customerId, passwordHash: legacyHash, changedAt: now } }],
      ),
      {
        streamId: addressBookStream(customerId),
        expectedVersion: 'no_stream',
        events: toNewEvents(
          [
            {
              type: 'AddressAdded',
              data: {
                customerId,
                addressId: randomUUID(),
                name: `Old Shopper ${tag}`,
                address: `3 Old Lane ${tag}`,
                addressLine2: '',
                landmark: '',
                city: 'Pune',
                state: 'MH',
                pincode: '411001',
                phone: '9811122233',
                addressType: 'Home',
                addedAt: now,
              },
            },
          ],
          {},
        ),
      },
    ]);
    await new CredentialStore(ctx.runtime.pool).setPasswordHash(customerId, legacyHash);
    expect(await rawLogContains(tag)).toBeGreaterThan(0);
    expect((await verifyStoreChains(ctx.runtime.store)).ok).toBe(true);

    const migrated = await encryptExistingLog(ctx.runtime.pool, ctx.runtime.personalData.codec);
    expect(migrated).toEqual({ events: 4, streams: 3 });

    for (const secret of [tag, email, '9811122233', legacyHash, 'scrypt$']) expect(await rawLogContains(secret), secret).toBe(0);
    const report = await verifyStoreChains(ctx.runtime.store);
    expect(report.ok, JSON.stringify(report.breaks)).toBe(true);
    const [record] = await ctx.runtime.store.readStream(LOG_MIGRATION_STREAM);
    expect(record).toMatchObject({ type: 'PersonalDataLogEncrypted', data: { events: 4, streams: 3 } });
    expect((record!.data as { headsBefore: unknown[] }).headsBefore).toHaveLength(3);

    // Readers see the data again; sign-in by e-mail finds the moved claim.
    const events = await ctx.runtime.store.readStream(customerStream(customerId));
    expect(events[0]!.data).toMatchObject({ email, fullName: `Old Shopper ${tag}`, phone: '9811122233' });
    expect(events[0]!.data).not.toHaveProperty('passwordHash');
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'legacy-pass1' } });
    expect(login.statusCode, login.body).toBe(200);
    const taken = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email,
        password: 'secret123',
        full_name: 'Dup',
        phone: '9876543210',
        pincode: '400001',
        address: '1 Road',
        city: 'Mumbai',
        state: 'Maharashtra',
      },
    });
    expect(taken.statusCode).toBe(409);

    expect(await encryptExistingLog(ctx.runtime.pool, ctx.runtime.personalData.codec)).toBeNull();
  });

  it('an invoice issued before the buyer was recorded in it takes the buyer from its order and is sealed with their key', async () => {
    const { loginAdmin, signUp } = await import('../../../tests/helpers/test-runtime.js');
    const { createTestProduct } = await import('../../../tests/helpers/test-products.js');
    const tag = randomBytes(4).toString('hex');
    const shopper = await signUp(ctx.app, { full_name: `Invoice Buyer ${tag}` });
    const admin = await loginAdmin(ctx.app);
    const product = await createTestProduct(ctx.runtime, { price: 900 });
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: shopper.auth,
      payload: {
        items: [{ id: product.id, quantity: 1 }],
        shipping_name: `Invoice Buyer ${tag}`,
        shipping_address: `5 Old Market ${tag}`,
        shipping_city: 'Pune',
        shipping_state: 'Maharashtra',
        shipping_pincode: '411001',
        shipping_phone: '9811100011',
        payment_method: 'cod',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    expect(
      (await ctx.app.inject({ method: 'PUT', url: `/api/admin/orders/${orderId}/status`, headers: admin.auth, payload: { status: 'confirmed' } })).statusCode,
    ).toBe(200);
    const issued = (await ctx.runtime.store.readStream(`tax-documents-${orderId}`)).find((e) => e.type === 'InvoiceIssued')!;
    // The same invoice as an older store wrote it: no customerId, recipient in clear (another stream, same order).
    const { customerId: _buyer, ...legacy } = issued.data as Record<string, unknown>;
    const legacyStream = `tax-documents-legacy-${randomUUID()}`;
    await new PostgresEventStore(ctx.runtime.pool).appendMany([
      { streamId: legacyStream, expectedVersion: 'no_stream', events: toNewEvents([{ type: 'InvoiceIssued', data: legacy }], {}) },
    ]);
    expect(await rawLogContains(`5 Old Market ${tag}`)).toBe(1);

    expect(await encryptExistingLog(ctx.runtime.pool, ctx.runtime.personalData.codec)).toEqual({ events: 1, streams: 1 });
    for (const secret of [tag, '9811100011', 'Old Market']) expect(await rawLogContains(secret), secret).toBe(0);
    expect((await verifyStoreChains(ctx.runtime.store)).ok).toBe(true);
    const [migrated] = await ctx.runtime.store.readStream(legacyStream);
    expect(migrated!.data).toEqual(issued.data);
    const { rows } = await ctx.runtime.pool.query<{ subject: string }>(`select data->'personal'->>'subject' as subject from events where stream_id = $1`, [
      legacyStream,
    ]);
    expect(rows).toEqual([{ subject: shopper.user.id }]);
    expect(await encryptExistingLog(ctx.runtime.pool, ctx.runtime.personalData.codec)).toBeNull();
  });
});
