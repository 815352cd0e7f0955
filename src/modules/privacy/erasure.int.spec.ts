import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { customerStream } from '../customers/customer.js';
import { busyShopper as makeBusyShopper } from './busy-shopper.fixture.js';
import { verifyStoreChains } from '../audit/chain-sources.js';
import { replay } from '../../../projections/replay.js';
import { ERASED_READ_MODELS } from './erase.js';
import { PersonalDataCodec } from './codec.js';
import { PostgresEventStore } from '../../event-store/postgres.js';
import { auditCli } from '../audit/test-cli.js';
import { ERASED_NAME } from './personal-fields.js';
import { purgeExpiredInvoices, retainUntil } from './retention.js';
import { taxPeriodOf } from '../../shared/financial-year.js';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The PDF's text as poppler's pdftotext reads it. */
function pdfToText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'erased-invoice-')), 'invoice.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Auth = Record<string, string>;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Auth = {}, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const busyShopper = (tag: string) => makeBusyShopper(ctx, tag);

const rows = async (sql: string, params: unknown[]) => (await ctx.runtime.pool.query(sql, params)).rows;

describe('erasure', () => {
  it('the shopper deletes their account: key gone, read models blank, sessions refused, order amounts kept, chains verify, replay stays erased, invoice retained', async () => {
    const tag = randomBytes(4).toString('hex');
    const { shopper, order, admin } = await busyShopper(tag);

    // The month's return and its reconciliation with the log, before the erasure (compared to the paisa after it).
    const month = taxPeriodOf(new Date().toISOString());
    const gst = async () => ({
      gstr1: (await inject('GET', `/api/admin/gst/gstr1?month=${month}`, admin.auth)).json().gstr1.totals,
      reconciliation: (await inject('GET', `/api/admin/gst/reconciliation?month=${month}`, admin.auth)).json().reconciliation,
    });
    const gstBefore = await gst();
    expect(gstBefore.reconciliation.reconciled).toBe(true);
    expect(gstBefore.gstr1.invoices).toBeGreaterThanOrEqual(1);
    const invoiceBefore = (await inject('GET', `/api/orders/${order.id}/invoice`, shopper.auth)).json().invoice;
    expect(invoiceBefore.customer.name).toContain(tag);

    // Wrong password or no confirmation: 400, nothing changes.
    const eventsBefore = (await rows('select count(*)::int as n from events', []))[0].n;
    expect((await inject('DELETE', '/api/user/account', shopper.auth, { currentPassword: 'wrong-pass', confirm: 'DELETE' })).json()).toEqual({
      success: false,
      error: 'Current password is incorrect',
    });
    expect((await inject('DELETE', '/api/user/account', shopper.auth, { currentPassword: shopper.password })).statusCode).toBe(400);
    expect((await rows('select count(*)::int as n from events', []))[0].n).toBe(eventsBefore);

    const deleted = await inject('DELETE', '/api/user/account', shopper.auth, { currentPassword: shopper.password, confirm: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // The event says who, when and why; the key is destroyed; no hash left.
    const events = await ctx.runtime.store.readStream(customerStream(shopper.user.id));
    expect(events.at(-1)).toMatchObject({ type: 'PersonalDataErased', data: { customerId: shopper.user.id, requestedBy: 'customer', by: shopper.user.id } });
    expect((events.at(-1)!.data as { reason: string }).reason).toMatch(/deleted by the customer/i);
    expect(await rows('select wrapped_key, erased_at from personal_data_keys where subject_id = $1', [shopper.user.id])).toEqual([
      { wrapped_key: null, erased_at: expect.any(Date) },
    ]);
    expect(await rows('select 1 from customer_credentials where customer_id = $1', [shopper.user.id])).toEqual([]);
    // Older events read as erased now.
    expect(events[0]!.data).toMatchObject({ fullName: ERASED_NAME, phone: '' });

    // Sessions end; the account cannot sign in; the address is free again.
    expect((await inject('GET', '/api/user/profile', shopper.auth)).statusCode).toBe(401);
    expect((await inject('POST', '/api/auth/login', {}, { email: shopper.email, password: shopper.password })).statusCode).toBe(401);

    const readModels = async () => ({
      customer: await rows('select email, full_name, phone, address, city, pincode from customers where id = $1', [shopper.user.id]),
      orders: await rows(
        'select customer_name, customer_email, shipping_address, status, total_amount::text, subtotal::text from orders where customer_id = $1',
        [shopper.user.id],
      ),
      items: await rows('select product_id, quantity, price::text from order_items where order_id = $1', [order.id]),
      addresses: await rows('select * from customer_addresses where customer_id = $1', [shopper.user.id]),
      wishlist: await rows('select * from wishlist_items where customer_id = $1', [shopper.user.id]),
      reviews: await rows('select user_name, comment, rating from product_reviews where user_id = $1', [shopper.user.id]),
      invoices: await rows('select document_number, customer_id, total_paise::text, document from invoices where order_id = $1', [order.id]),
    });
    const erased = await readModels();
    expect(erased.customer[0]).toMatchObject({ full_name: ERASED_NAME, phone: '', address: '' });
    expect(erased.orders[0]).toMatchObject({
      customer_name: ERASED_NAME,
      status: 'delivered',
      total_amount: '3000.00',
      shipping_address: { name: ERASED_NAME, address: '', phone: '', state: 'Kerala' },
    });
    expect(erased.items).toEqual([expect.objectContaining({ quantity: 2, price: '1500.00' })]);
    expect(erased.addresses).toEqual([]);
    expect(erased.wishlist).toEqual([]);
    expect(erased.reviews).toEqual([expect.objectContaining({ user_name: ERASED_NAME, rating: 5 })]);
    expect(erased.invoices).toEqual([
      expect.objectContaining({
        customer_id: shopper.user.id,
        document: expect.objectContaining({
          recipient: expect.objectContaining({ name: ERASED_NAME, address: '', phone: '', state: { code: '32', name: 'Kerala' } }),
        }),
      }),
    ]);
    expect(JSON.stringify(erased)).not.toContain(tag);

    // The invoice JSON and PDF (an admin's view of the order) show "Erased customer", amounts intact; GSTR-1 and the
    // reconciliation add up to the paisa as before.
    const invoiceAfter = (await inject('GET', `/api/orders/${order.id}/invoice`, admin.auth)).json().invoice;
    expect(invoiceAfter).toEqual({
      ...invoiceBefore,
      customer: { name: ERASED_NAME, email: '' },
      shippingAddress: { ...invoiceBefore.shippingAddress, name: ERASED_NAME, address: '', addressLine2: '', city: '', pincode: '', phone: '' },
      recipient: { ...invoiceBefore.recipient, name: ERASED_NAME, address: '', addressLine2: '', city: '', pincode: '' },
    });
    const pdf = await inject('GET', `/api/orders/${order.id}/invoice.pdf`, admin.auth);
    expect(pdf.statusCode).toBe(200);
    const pdfText = pdfToText(pdf.rawPayload);
    expect(pdfText).toContain(ERASED_NAME);
    expect(pdfText).not.toContain(tag);
    expect(await gst()).toEqual(gstBefore);

    // The admin's order view shows the erased customer with the amounts.
    const adminOrders = await inject('GET', `/api/admin/customers/${shopper.user.id}/orders`, admin.auth);
    expect(adminOrders.body).toContain(ERASED_NAME);
    expect(adminOrders.body).not.toContain(tag);

    // The audit trail is whole.
    expect((await verifyStoreChains(ctx.runtime.store)).ok).toBe(true);
    const verified = await auditCli(ctx.databaseUrl, 'verify');
    expect(verified.code, verified.stdout).toBe(0);
    expect(verified.stdout).toMatch(/^OK: /m);
    const asOf = await inject('GET', `/api/admin/orders/${order.id}/history`, admin.auth);
    expect(asOf.statusCode, asOf.body).toBe(200);
    expect(asOf.body).toContain('3000');
    expect(asOf.body).not.toContain(tag);

    // Replay from the log reproduces the erased read models: nothing comes back.
    await replay(ctx.runtime.store, ctx.runtime.pool, ctx.runtime.projections.projectors, ERASED_READ_MODELS);
    expect(await readModels()).toEqual(erased);
    // So does a replay whose batches are opened in the worker thread (every batch here: a real log has far more).
    const codec = await PersonalDataCodec.create(ctx.runtime.personalData.keys, { workerMinEvents: 1 });
    const bulk = new PostgresEventStore(ctx.runtime.pool, { codec });
    try {
      await replay(bulk, ctx.runtime.pool, ctx.runtime.projections.projectors, ERASED_READ_MODELS);
      expect(codec.workerBatches).toBeGreaterThan(0);
      expect(await readModels()).toEqual(erased);
    } finally {
      await bulk.close();
    }

    // The seller's copy of the tax invoice is in the retention store, with the name; reading it is logged.
    const retained = await inject('GET', `/api/admin/retained-invoices/${order.id}?purpose=GST%20audit%20FY%202026-27`, admin.auth);
    expect(retained.statusCode, retained.body).toBe(200);
    const body = retained.json().retained as { invoice: { customer: { name: string } }; retainUntil: string; accessLog: { action: string; purpose: string }[] };
    const { paymentStatus: _status, ...printed } = invoiceBefore;
    expect(body.invoice).toEqual(printed); // the tax invoice the shopper was given, recipient and all
    expect(body.invoice.customer.name).toContain(tag);
    expect(body.retainUntil).toBe(retainUntil(new Date()));
    expect(body.accessLog.map((a) => a.action)).toEqual(['stored', 'read']);
    expect((await inject('GET', `/api/admin/retained-invoices/${order.id}`, admin.auth)).statusCode).toBe(400);
    // The retained copy printed (the order's own PDF now shows "Erased customer"); the read is logged too.
    const retainedPdf = await inject('GET', `/api/admin/retained-invoices/${order.id}?purpose=GST%20audit&format=pdf`, admin.auth);
    expect(retainedPdf.statusCode).toBe(200);
    expect(retainedPdf.headers['content-type']).toBe('application/pdf');
    expect(pdfToText(retainedPdf.rawPayload)).toContain(`Kavya Menon ${tag}`);
    expect(await rows('select action, purpose from retention_access_log where order_id = $1 order by id', [order.id])).toEqual([
      { action: 'stored', purpose: expect.any(String) },
      { action: 'read', purpose: 'GST audit FY 2026-27' },
      { action: 'read', purpose: 'GST audit (PDF)' },
    ]);
  });

  it('an admin erases a customer on request with a reason; the e-mail may sign up again; the erasure is recorded once', async () => {
    const shopper = await signUp(ctx.app);
    const admin = await loginAdmin(ctx.app);
    expect((await inject('POST', `/api/admin/customers/${shopper.user.id}/erase`, admin.auth, {})).statusCode).toBe(400);
    expect((await inject('POST', `/api/admin/customers/${shopper.user.id}/erase`, shopper.auth, { reason: 'DPDP request' })).statusCode).toBe(403);
    expect((await inject('POST', `/api/admin/customers/${admin.user.id}/erase`, admin.auth, { reason: 'DPDP request' })).statusCode).toBe(400);
    const erased = await inject('POST', `/api/admin/customers/${shopper.user.id}/erase`, admin.auth, { reason: 'DPDP request by e-mail, ticket 4411' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await inject('POST', `/api/admin/customers/${shopper.user.id}/erase`, admin.auth, { reason: 'again' })).statusCode).toBe(200);
    const events = (await ctx.runtime.store.readStream(customerStream(shopper.user.id))).filter((e) => e.type === 'PersonalDataErased');
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ requestedBy: 'admin', by: admin.user.id, reason: 'DPDP request by e-mail, ticket 4411' }),
    ]);
    expect((await inject('GET', '/api/user/profile', shopper.auth)).statusCode).toBe(401);
    const again = await inject(
      'POST',
      '/api/auth/signup',
      {},
      {
        email: shopper.email,
        password: 'secret123',
        full_name: 'New Me',
        phone: '9876543210',
        pincode: '400001',
        address: '1 Road',
        city: 'Mumbai',
        state: 'Maharashtra',
      },
    );
    expect(again.statusCode, again.body).toBe(201);
    expect((await inject('POST', `/api/admin/customers/00000000-0000-4000-8000-000000000000/erase`, admin.auth, { reason: 'DPDP request' })).statusCode).toBe(
      404,
    );
  });
});

describe('retention rule (72 months after the annual return of the financial year)', () => {
  it('computes the last day and purges invoices past it, logged', async () => {
    expect(retainUntil(new Date('2026-11-24T10:00:00Z'))).toBe('2033-12-31');
    expect(retainUntil(new Date('2027-03-31T17:00:00Z'))).toBe('2033-12-31'); // still 31 March in India
    expect(retainUntil(new Date('2027-03-31T19:00:00Z'))).toBe('2034-12-31'); // 1 April in India: the next year
    const orderId = `retention-${randomBytes(4).toString('hex')}`;
    await ctx.runtime.pool.query(
      `insert into retained_invoices (order_id, order_number, customer_id, invoice, invoice_date, retain_until) values ($1, 'AC-2019-000001', gen_random_uuid(), '{}', '2019-05-01', '2025-12-31')`,
      [orderId],
    );
    expect(await purgeExpiredInvoices(ctx.runtime.pool, '2025-12-31')).toBe(0);
    expect(await purgeExpiredInvoices(ctx.runtime.pool, '2026-01-01')).toBeGreaterThanOrEqual(1);
    expect(await rows('select 1 from retained_invoices where order_id = $1', [orderId])).toEqual([]);
    expect(await rows(`select action from retention_access_log where order_id = $1`, [orderId])).toEqual([{ action: 'purged' }]);
  });
});
