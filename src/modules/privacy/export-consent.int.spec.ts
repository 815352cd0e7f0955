import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { customerStream } from '../customers/customer.js';
import { busyShopper } from './busy-shopper.fixture.js';
import { PRIVACY_NOTICE_VERSION } from '../../shared/privacy-notice.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

describe('consent to the privacy notice', () => {
  it('sign-up records the notice version and the time as an event', async () => {
    const before = Date.now();
    const shopper = await signUp(ctx.app);
    const events = await ctx.runtime.store.readStream(customerStream(shopper.user.id));
    const consent = events.find((e) => e.type === 'PrivacyNoticeAccepted');
    expect(consent?.data).toEqual({ customerId: shopper.user.id, version: PRIVACY_NOTICE_VERSION, at: expect.any(String) });
    expect(Date.parse((consent!.data as { at: string }).at)).toBeGreaterThanOrEqual(before - 1000);
    const notice = await ctx.app.inject({ method: 'GET', url: '/api/privacy/notice' });
    expect(notice.json()).toEqual({ success: true, version: PRIVACY_NOTICE_VERSION });
  });
});

describe('data export', () => {
  it('the shopper downloads profile, consents, addresses, orders, reviews and wishlist as JSON; an admin produces the same', async () => {
    const tag = randomBytes(4).toString('hex');
    const { shopper, product, order, admin } = await busyShopper(ctx, tag);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/user/data-export', headers: shopper.auth });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="my-data-${shopper.user.id}.json"`);
    expect(mine.headers['cache-control']).toBe('no-store');
    const data = mine.json();
    expect(data.profile).toMatchObject({ id: shopper.user.id, email: shopper.email, full_name: `Kavya Menon ${tag}` });
    expect(data.consents).toEqual([{ notice: 'privacy', version: PRIVACY_NOTICE_VERSION, acceptedAt: expect.any(String) }]);
    expect(data.addresses).toEqual([expect.objectContaining({ name: `Kavya ${tag}`, city: 'Kochi' })]);
    expect(data.orders).toEqual([expect.objectContaining({ id: order.id, status: 'delivered' })]);
    expect(JSON.stringify(data.orders[0])).toContain(`9 Lake View ${tag}`);
    expect(data.reviews).toEqual([expect.objectContaining({ productId: product.id, rating: 5, comment: `Lovely figure, ${tag}` })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ productId: product.id })]);

    const forRequest = await ctx.app.inject({ method: 'GET', url: `/api/admin/customers/${shopper.user.id}/data-export`, headers: admin.auth });
    expect(forRequest.statusCode).toBe(200);
    expect(forRequest.json()).toEqual(data);

    const other = await signUp(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/admin/customers/${shopper.user.id}/data-export`, headers: other.auth })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/data-export' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/customers/00000000-0000-4000-8000-000000000000/data-export', headers: admin.auth })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/customers/not-a-uuid/data-export', headers: admin.auth })).statusCode).toBe(400);
  });
});
