import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { codOrderBody } from '../../../tests/helpers/test-orders.js';
import type { CatalogueModule } from '../catalogue/index.js';

/**
 * Holds this instance's in-memory catalogue before it applies what it followed (its position stays behind) until the
 * code under test asks it to wait (`waitFor`); a route that does not ask answers while it is behind.
 */
function holdCatalogueMemoryUntilAwaited(t: TestContext) {
  const memory = (t.runtime.modules.find((m) => m.name === 'catalogue') as CatalogueModule).catalogue;
  const inner = memory as unknown as { reload(ids: string[]): Promise<void>; waitFor: typeof memory.waitFor };
  const original = { reload: inner.reload, waitFor: inner.waitFor };
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  inner.reload = async (ids) => (await held, original.reload.call(memory, ids));
  let askedFor = () => undefined as void;
  const asked = new Promise<void>((resolve) => (askedFor = resolve));
  inner.waitFor = (position, timeoutMs) => (askedFor(), original.waitFor.call(memory, position, timeoutMs));
  return {
    async settle<T>(answer: Promise<T>): Promise<T> {
      if ((await Promise.race([answer.then(() => 'answered' as const), asked.then(() => 'asked' as const)])) === 'asked') release();
      return answer;
    },
    restore(): void {
      inner.reload = original.reload;
      inner.waitFor = original.waitFor;
      release();
    },
  };
}

/**
 * A review moves its product's rating in the catalogue read model and then in this instance's in-memory
 * catalogue, which the product page and GET /api/products/{id} read: the review route answers once both have it, so the
 * page the shopper opens next (refetched by the storefront at once, then fresh for 30 s) shows it.
 */
describe('reviews: read-your-writes of the product rating', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it("the product's rating is the review's as soon as the review has answered, however far behind the catalogue was", async () => {
    const admin = await loginAdmin(t.app);
    const send = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: object) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    const created = await send('POST', '/api/admin/products', admin.auth, {
      name: 'Nami Clima-Tact Figure',
      price: 2100,
      category: 'Anime Figures',
      stock_quantity: 4,
      rating: 3,
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json().product.id as string;
    const shopper = await signUp(t.app);
    const placed = await send('POST', '/api/orders', shopper.auth, codOrderBody(productId));
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    for (const status of ['confirmed', 'shipped', 'delivered'])
      expect((await send('PUT', `/api/orders/${orderId}/status`, admin.auth, { status })).statusCode).toBe(200);
    expect((await send('GET', `/api/products/${productId}`, {})).json().product.rating).toBe(3);

    const catalogue = holdCatalogueMemoryUntilAwaited(t);
    try {
      const review = await catalogue.settle(
        send('POST', `/api/user/orders/${orderId}/review`, shopper.auth, { productId, rating: 5, comment: 'Flawless paint' }),
      );
      expect(review.statusCode, review.body).toBe(201);
      expect((await send('GET', `/api/products/${productId}`, {})).json().product.rating).toBe(5);
    } finally {
      catalogue.restore();
    }
  });
});
