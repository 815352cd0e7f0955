import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { REVIEW_MESSAGES } from './decide.js';
import { insertDeliveredOrderRows, insertOrderRows, insertProductRow } from './delivered-order.fixture.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

type Auth = Record<string, string>;
const post = (url: string, auth: Auth, payload: object) => ctx.app.inject({ method: 'POST', url, headers: auth, payload });
const reviewsOf = async (productId: string) => (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews` })).json();
const good = { rating: 5, comment: '  Stunning sculpt, arrived safely.  ' };

describe('GET /api/products/{id}/reviews', () => {
  it('answers an empty list for a product without reviews and 404 for an unknown product', async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    expect(await reviewsOf(productId)).toEqual({ success: true, reviews: [], average: 0, count: 0, page: 1, limit: 200, nextPage: null });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/products/no-such-product/reviews' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Product not found' });
  });

  it('lists reviews newest first with userName, the average to one decimal and the count', async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const ratings = [5, 4, 4];
    for (const [i, rating] of ratings.entries()) {
      const shopper = await signUp(ctx.app, { full_name: `Reviewer ${i}` });
      await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, [productId]);
      expect((await post(`/api/products/${productId}/reviews`, shopper.auth, { rating, comment: `Review ${i}` })).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const listed = await reviewsOf(productId);
    expect(listed).toMatchObject({ success: true, count: 3, average: 4.3 });
    expect(listed.reviews.map((r: { userName: string }) => r.userName)).toEqual(['Reviewer 2', 'Reviewer 1', 'Reviewer 0']);
    // The public DTO names the reviewer and carries the spec's userId as a pseudonym: neither their account id nor the order.
    expect(listed.reviews[0]).toEqual({
      id: expect.any(String),
      productId,
      userId: expect.stringMatching(/^r_[A-Za-z0-9_-]{22}$/),
      userName: 'Reviewer 2',
      rating: 4,
      comment: 'Review 2',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      mine: false,
    });
  });

  it('tells a signed-in reader which review is theirs, without ids', async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const [author, other] = [await signUp(ctx.app), await signUp(ctx.app)];
    await insertDeliveredOrderRows(ctx.runtime.pool, author.user.id, [productId]);
    expect((await post(`/api/products/${productId}/reviews`, author.auth, good)).statusCode).toBe(201);
    const as = async (headers: Record<string, string>) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/products/${productId}/reviews`, headers })).json().reviews[0];
    expect(await as(author.auth)).toMatchObject({ mine: true });
    expect(await as(other.auth)).toMatchObject({ mine: false });
    const raw = JSON.stringify(await as(author.auth));
    expect(raw).not.toContain(author.user.id);
    expect(raw).not.toMatch(/orderId|user_id|order_id/);
  });

  it("gives each review the spec's userId: a stable pseudonym of the reviewer, the same on every product, never the account id", async () => {
    const [first, second] = [await insertProductRow(ctx.runtime.pool), await insertProductRow(ctx.runtime.pool)];
    const [author, other] = [await signUp(ctx.app, { full_name: 'Pseudonym Author' }), await signUp(ctx.app, { full_name: 'Pseudonym Other' })];
    await insertDeliveredOrderRows(ctx.runtime.pool, author.user.id, [first, second]);
    await insertDeliveredOrderRows(ctx.runtime.pool, other.user.id, [first]);
    for (const [who, productId] of [
      [author, first],
      [author, second],
      [other, first],
    ] as const) {
      expect((await post(`/api/products/${productId}/reviews`, who.auth, good)).statusCode).toBe(201);
    }
    const byName = async (productId: string) =>
      new Map(((await reviewsOf(productId)).reviews as { userId: string; userName: string }[]).map((r) => [r.userName, r.userId]));
    const onFirst = await byName(first);
    const onSecond = await byName(second);
    const authorId = onFirst.get('Pseudonym Author')!;
    expect(authorId).toMatch(/^r_[A-Za-z0-9_-]{22}$/);
    expect(onSecond.get('Pseudonym Author')).toBe(authorId);
    expect(onFirst.get('Pseudonym Other')).not.toBe(authorId);
    expect(authorId).not.toContain(author.user.id);
    // The same answer for the author, another shopper and a guest: the id does not depend on who reads.
    const asAuthor = (await ctx.app.inject({ method: 'GET', url: `/api/products/${second}/reviews`, headers: author.auth })).json().reviews[0];
    expect(asAuthor).toMatchObject({ userId: authorId, mine: true });
  });
});

describe('POST /api/products/{id}/reviews', () => {
  it('accepts a shopper with a delivered order holding the product, once; records ProductReviewed with the contract fields', async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const shopper = await signUp(ctx.app, { full_name: 'Asha Rao' });
    const orderId = await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, [productId]);
    const response = await post(`/api/products/${productId}/reviews`, shopper.auth, good);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      review: { productId, userName: 'Asha Rao', rating: 5, comment: 'Stunning sculpt, arrived safely.', orderId },
    });

    const events = await ctx.runtime.store.readStream(`review-${productId}-${shopper.user.id}`);
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('ProductReviewed');
    expect(Object.keys(events[0]!.data as object).sort()).toEqual(['comment', 'createdAt', 'orderId', 'productId', 'rating', 'reviewId', 'userId', 'userName']);
    expect(events[0]!.data).toMatchObject({
      productId,
      userId: shopper.user.id,
      userName: 'Asha Rao',
      orderId,
      rating: 5,
      comment: 'Stunning sculpt, arrived safely.',
    });

    const second = await post(`/api/products/${productId}/reviews`, shopper.auth, { rating: 1, comment: 'Changed my mind' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ success: false, error: REVIEW_MESSAGES.alreadyReviewed });
    const rows = await ctx.runtime.pool.query('select rating, comment, user_name from product_reviews where product_id = $1', [productId]);
    expect(rows.rows).toEqual([{ rating: 5, comment: 'Stunning sculpt, arrived safely.', user_name: 'Asha Rao' }]);
  });

  it("refuses without a delivered order: none, an undelivered one, or someone else's delivered one", async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const shopper = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    await insertDeliveredOrderRows(ctx.runtime.pool, other.user.id, [productId]);
    const none = await post(`/api/products/${productId}/reviews`, shopper.auth, good);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ success: false, error: REVIEW_MESSAGES.notDelivered });
    for (const status of ['pending', 'confirmed', 'shipped', 'cancelled'] as const) {
      await insertOrderRows(ctx.runtime.pool, shopper.user.id, [productId], status);
      expect((await post(`/api/products/${productId}/reviews`, shopper.auth, good)).statusCode).toBe(403);
    }
    expect((await reviewsOf(productId)).count).toBe(0);
  });

  it.each([
    [{ comment: 'ok' }, REVIEW_MESSAGES.rating],
    [{ rating: 0, comment: 'ok' }, REVIEW_MESSAGES.rating],
    [{ rating: 6, comment: 'ok' }, REVIEW_MESSAGES.rating],
    [{ rating: 3.5, comment: 'ok' }, REVIEW_MESSAGES.rating],
    [{ rating: 'five', comment: 'ok' }, REVIEW_MESSAGES.rating],
    [{ rating: null, comment: 'ok' }, REVIEW_MESSAGES.rating],
    [{ rating: 4 }, REVIEW_MESSAGES.comment],
    [{ rating: 4, comment: '   ' }, REVIEW_MESSAGES.comment],
    [{ rating: 4, comment: 42 }, REVIEW_MESSAGES.comment],
    [{ rating: 4, comment: 'x'.repeat(2001) }, 'Your review is too long (at most 2000 characters)'],
  ])('refuses %j with "%s" and records nothing', async (payload, message) => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const shopper = await signUp(ctx.app);
    await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, [productId]);
    const response = await post(`/api/products/${productId}/reviews`, shopper.auth, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
    expect(await ctx.runtime.store.readStream(`review-${productId}-${shopper.user.id}`)).toEqual([]);
  });

  it('accepts a rating sent as text ("4")', async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const shopper = await signUp(ctx.app);
    await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, [productId]);
    const response = await post(`/api/products/${productId}/reviews`, shopper.auth, { rating: '4', comment: 'Nice' });
    expect(response.statusCode).toBe(201);
    expect(response.json().review.rating).toBe(4);
  });

  it('needs a signed-in shopper ("Please sign in") and a known product', async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const guest = await ctx.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, payload: good });
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ success: false, error: 'Please sign in' });
    const shopper = await signUp(ctx.app);
    const unknown = await post('/api/products/no-such-product/reviews', shopper.auth, good);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Product not found' });
  });

  it('ten concurrent reviews of the same product by the same shopper: exactly one succeeds, the rest are 409', async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const shopper = await signUp(ctx.app);
    await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, [productId]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(`/api/products/${productId}/reviews`, shopper.auth, { rating: (i % 5) + 1, comment: `Attempt ${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await ctx.runtime.store.readStream(`review-${productId}-${shopper.user.id}`)).toHaveLength(1);
    expect((await reviewsOf(productId)).count).toBe(1);
  });
});

describe('POST /api/user/orders/{id}/review', () => {
  it("reviews a product of the shopper's delivered order, with that orderId; the product page then says already reviewed", async () => {
    const [p1, p2] = [await insertProductRow(ctx.runtime.pool), await insertProductRow(ctx.runtime.pool)];
    const shopper = await signUp(ctx.app);
    const orderId = await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, [p1, p2]);
    const response = await post(`/api/user/orders/${orderId}/review`, shopper.auth, { productId: p1, ...good });
    expect(response.statusCode).toBe(201);
    expect(response.json().review).toMatchObject({ productId: p1, orderId, rating: 5 });
    expect((await post(`/api/user/orders/${orderId}/review`, shopper.auth, { productId: p1, ...good })).statusCode).toBe(409);
    expect((await post(`/api/products/${p1}/reviews`, shopper.auth, good)).statusCode).toBe(409);
    expect((await post(`/api/user/orders/${orderId}/review`, shopper.auth, { productId: p2, rating: 3, comment: 'Fine' })).statusCode).toBe(201);
    const row = await ctx.runtime.pool.query('select order_id from product_reviews where product_id = $1', [p1]);
    expect(row.rows).toEqual([{ order_id: orderId }]);
  });

  it('another shopper\'s order or an unknown order is 404 "Order not found"', async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const orderId = await insertDeliveredOrderRows(ctx.runtime.pool, owner.user.id, [productId]);
    const foreign = await post(`/api/user/orders/${orderId}/review`, other.auth, { productId, ...good });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, error: 'Order not found' });
    expect((await post('/api/user/orders/no-such-order/review', owner.auth, { productId, ...good })).statusCode).toBe(404);
    expect((await reviewsOf(productId)).count).toBe(0);
  });

  it('refuses an undelivered order (403) and a product that is not in the order (400)', async () => {
    const [p1, p2] = [await insertProductRow(ctx.runtime.pool), await insertProductRow(ctx.runtime.pool)];
    const shopper = await signUp(ctx.app);
    const shipped = await insertOrderRows(ctx.runtime.pool, shopper.user.id, [p1], 'shipped');
    const undelivered = await post(`/api/user/orders/${shipped}/review`, shopper.auth, { productId: p1, ...good });
    expect(undelivered.statusCode).toBe(403);
    expect(undelivered.json()).toEqual({ success: false, error: REVIEW_MESSAGES.notDelivered });
    const delivered = await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, [p1]);
    const notInOrder = await post(`/api/user/orders/${delivered}/review`, shopper.auth, { productId: p2, ...good });
    expect(notInOrder.statusCode).toBe(400);
    expect(notInOrder.json()).toEqual({ success: false, error: REVIEW_MESSAGES.notInOrder });
  });

  it.each([
    [{ rating: 5, comment: 'x' }, 'Product is required'],
    [{ productId: 'P', comment: 'x' }, REVIEW_MESSAGES.rating],
    [{ productId: 'P', rating: 9, comment: 'x' }, REVIEW_MESSAGES.rating],
    [{ productId: 'P', rating: 2, comment: '' }, REVIEW_MESSAGES.comment],
  ])('refuses %j with "%s"', async (payload, message) => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const shopper = await signUp(ctx.app);
    const orderId = await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, [productId]);
    const body = 'productId' in payload ? { ...payload, productId } : payload;
    const response = await post(`/api/user/orders/${orderId}/review`, shopper.auth, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: message });
  });

  it('needs a signed-in shopper', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/orders/x/review', payload: { productId: 'p', ...good } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, error: 'Please sign in' });
  });

  it('concurrent reviews through both routes: exactly one succeeds', async () => {
    const productId = await insertProductRow(ctx.runtime.pool);
    const shopper = await signUp(ctx.app);
    const orderId = await insertDeliveredOrderRows(ctx.runtime.pool, shopper.user.id, [productId]);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => post(`/api/user/orders/${orderId}/review`, shopper.auth, { productId, ...good })),
      ...Array.from({ length: 4 }, () => post(`/api/products/${productId}/reviews`, shopper.auth, good)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });
});

describe('once per product without the in-process lock', () => {
  it('two instances appending the first review to the same (product, user) stream: the store lets only one through', async () => {
    const { reviewStream } = await import('./review.js');
    const { WrongExpectedVersionError } = await import('../../core/errors.js');
    const { randomUUID } = await import('node:crypto');
    const productId = await insertProductRow(ctx.runtime.pool);
    const userId = randomUUID();
    const event = () => ({
      type: 'ProductReviewed',
      data: { reviewId: randomUUID(), productId, userId, userName: 'Racer', orderId: null, rating: 3, comment: 'ok', createdAt: new Date().toISOString() },
      metadata: { correlationId: randomUUID(), userId, timestamp: new Date().toISOString() },
    });
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => ctx.runtime.store.append(reviewStream(productId, userId), [event()], { expectedVersion: 'no_stream' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(4);
    for (const r of rejected) expect(r.reason).toBeInstanceOf(WrongExpectedVersionError);
  });
});
