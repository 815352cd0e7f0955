import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { RecordedEvent } from '../../src/core/event-store.js';
import { createTestDatabase } from '../../tests/helpers/test-runtime.js';
import { applyBatch } from '../apply-batch.js';
import { catalogueProjector } from './catalogue-projector.js';

let n = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent => {
  n++;
  return {
    id: randomUUID(),
    streamId: `${type}-${n}`,
    streamVersion: 0,
    type,
    data,
    metadata: { correlationId: 'c', timestamp: '2026-01-01T00:00:00.000Z' },
    position: { commit: 1n, prepare: BigInt(n) },
    createdAt: '2026-01-01T00:00:00.000Z',
  };
};

/** Every column distinct from its neighbours, so a column written from the wrong field shows. */
const details = (productId: string, k: number) => ({
  productId,
  name: `Levi "Captain" O'Brien figure ${k}`,
  price: 2899.5 + k,
  originalPrice: 3299 + k,
  image: `https://example.com/levi-${k}.jpg`,
  images: [`https://example.com/levi-${k}.jpg`, `https://example.com/levi-${k}-"back".jpg`],
  category: 'Anime Figures',
  isNew: true,
  isOnSale: false,
  discount: 12.5,
  description: `PVC, 20 cm; a backslash \\ and a comma, ${k}`,
  inStock: true,
  rating: 4.5,
  reviews: 120 + k,
  powerPoints: 70 + k,
  hsn: '9503',
  gstRate: 5,
});

const row = (pool: pg.Pool, id: string) =>
  pool
    .query(
      `select name, price::text, original_price::text, image, images, category, is_new, is_on_sale, discount::text, description,
              in_stock_flag, in_stock, stock_quantity, rating::text, imported_rating::text, reviews_count, imported_reviews, power_points,
              hsn, gst_rate::text, created_at, updated_at
         from products where id = $1`,
      [id],
    )
    .then((r) => r.rows[0]);

describe('catalogue projector: the product upsert (one array per column)', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 2 });
    await migrate(pool);
  });
  afterAll(async () => pool?.end());

  it('writes every field of a product event to its column, the folded stock with it, and an update replaces them', async () => {
    const a = randomUUID();
    const b = randomUUID();
    const addedAt = '2026-03-01T10:00:00.000Z';
    await applyBatch(pool, catalogueProjector, [
      recorded('ProductAdded', { ...details(a, 1), addedAt }),
      recorded('StockLevelSet', { productId: a, quantity: 7, reason: 'product added' }),
      recorded('ProductAdded', {
        ...details(b, 2),
        isNew: false,
        isOnSale: true,
        inStock: false,
        originalPrice: null,
        discount: null,
        hsn: null,
        gstRate: null,
        addedAt,
      }),
    ]);
    expect(await row(pool, a)).toEqual({
      name: `Levi "Captain" O'Brien figure 1`,
      price: '2900.50',
      original_price: '3300.00',
      image: 'https://example.com/levi-1.jpg',
      images: ['https://example.com/levi-1.jpg', 'https://example.com/levi-1-"back".jpg'],
      category: 'Anime Figures',
      is_new: true,
      is_on_sale: false,
      discount: '12.50',
      description: 'PVC, 20 cm; a backslash \\ and a comma, 1',
      in_stock_flag: true,
      in_stock: true,
      stock_quantity: 7,
      rating: '4.50',
      imported_rating: '4.50',
      reviews_count: 121,
      imported_reviews: 121,
      power_points: 71,
      hsn: '9503',
      gst_rate: '5.00',
      created_at: new Date(addedAt),
      updated_at: new Date(addedAt),
    });
    expect(await row(pool, b)).toMatchObject({
      is_new: false,
      is_on_sale: true,
      in_stock_flag: false,
      in_stock: false,
      stock_quantity: 0,
      original_price: null,
      discount: null,
      hsn: null,
      gst_rate: null,
      reviews_count: 122,
      power_points: 72,
    });
    const updatedAt = '2026-03-02T10:00:00.000Z';
    await applyBatch(pool, catalogueProjector, [recorded('ProductUpdated', { ...details(a, 3), isNew: false, updatedAt })]);
    expect(await row(pool, a)).toMatchObject({
      name: `Levi "Captain" O'Brien figure 3`,
      price: '2902.50',
      is_new: false,
      reviews_count: 123,
      stock_quantity: 7, // kept: the update carried no stock
      created_at: new Date(addedAt),
      updated_at: new Date(updatedAt),
    });
  });
});
