import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-runtime.js';
import { CATALOGUE_COLUMNS, PRODUCT_COLUMNS, type CatalogueRow, type ProductRow } from '../products/product-dto.js';
import { ProductTable } from './product-table.js';

/** Times at the edges of a millisecond (pg keeps microseconds; the catalogue keeps milliseconds, cut as before). */
const TIMES = [
  '2026-11-24 10:00:00+00',
  '2026-11-24 10:00:00.029+00',
  '2026-11-24 10:00:00.123+00',
  '2026-11-24 10:00:00.123456+00',
  '2026-11-24 10:00:00.999999+00',
  '2026-11-24 10:00:00.000001+00',
  '2026-11-24 10:00:00.000999+00',
  '2026-11-24 10:00:00.5005+05:30',
  '2000-01-01 00:00:00.0015+00',
  '1969-12-31 23:59:59.1234+00',
  '1969-12-31 23:59:59.999+00',
];
const IMAGE = 'https://images.unsplash.com/photo-1.jpg';
/** [image, images] as the read model may hold them. */
const IMAGES: [string, string[]][] = [
  [IMAGE, [IMAGE]],
  ['', []],
  [IMAGE, []],
  ['', ['']],
  [IMAGE, [IMAGE, 'https://images.unsplash.com/photo-2.jpg']],
  [IMAGE, ['https://images.unsplash.com/photo-2.jpg']],
  ['/media/"quoted" \\ é.webp', ['/media/"quoted" \\ é.webp']],
  ['', ['https://images.unsplash.com/photo-3.jpg']],
];

let pool: pg.Pool;
const ids: string[] = [];

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: await createTestDatabase({ migrated: true }), max: 2 });
  let n = 0;
  for (const created of TIMES) {
    for (const [image, images] of IMAGES) {
      const id = `p-${String(n).padStart(3, '0')}`;
      const updated = TIMES[(n * 5) % TIMES.length]!;
      await pool.query(
        `insert into products (id, name, price, original_price, image, images, category, is_new, is_on_sale, discount, description,
           in_stock, in_stock_flag, stock_quantity, rating, reviews_count, power_points, hsn, gst_rate, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, 'Anime Figures', $7, $8, $9, 'A figure', $10, true, $11, $12, $13, 50, $14, $15, $16, $17)`,
        [
          id,
          `Figure ${n}`,
          n % 3 === 0 ? '1999.50' : '499',
          n % 4 === 0 ? '2499.99' : null,
          image,
          JSON.stringify(images),
          n % 2 === 0,
          n % 3 === 0,
          n % 4 === 0 ? '20.5' : null,
          n % 5 !== 0,
          n % 7,
          (n % 6) * 0.75,
          n,
          n % 9 === 0 ? '9503' : null,
          n % 9 === 0 ? '12' : null,
          created,
          updated,
        ],
      );
      ids.push(id);
      n++;
    }
  }
});

afterAll(async () => {
  await pool?.end();
});

describe("the in-memory catalogue's columns (CATALOGUE_COLUMNS)", () => {
  it('fill the table exactly as the read model rows with Dates and parsed images did', async () => {
    const before = new ProductTable();
    const after = new ProductTable();
    const old = await pool.query<ProductRow>(`select ${PRODUCT_COLUMNS} from products order by id`);
    const now = await pool.query<CatalogueRow>(`select ${CATALOGUE_COLUMNS} from products order by id`);
    expect(now.rows).toHaveLength(TIMES.length * IMAGES.length);
    for (const row of old.rows) before.put(row);
    for (const row of now.rows) after.put(row);
    for (const id of ids) {
      const a = before.slotOf(id)!;
      const b = after.slotOf(id)!;
      expect(after.dto(b), id).toEqual(before.dto(a));
      expect(after.created[b], id).toBe(before.created[a]);
    }
    // Putting the other shape of the same row again changes nothing a sort, a filter or search reads.
    for (const row of old.rows) expect(after.put(row), row.id).toMatchObject({ text: false, order: false });
    for (const row of now.rows) expect(before.put(row), row.id).toMatchObject({ text: false, order: false });
  });

  it('send times as epoch milliseconds and images only when they are more than [image]', async () => {
    const { rows } = await pool.query<CatalogueRow>(`select ${CATALOGUE_COLUMNS} from products order by id`);
    for (const row of rows) {
      expect(typeof row.created_at, row.id).toBe('number');
      expect(typeof row.updated_at, row.id).toBe('number');
    }
    const plain = rows.filter((row) => row.images === null).length;
    // Per time: [image] (twice), '' with [] and '' with [''] are plain; the other four are sent as they are.
    expect(plain).toBe(TIMES.length * 4);
    expect(rows.find((row) => row.images !== null && row.image === '' && row.images.length === 1)?.images).toEqual(['https://images.unsplash.com/photo-3.jpg']);
  });
});
