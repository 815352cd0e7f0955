import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv } from '../../../../tests/helpers/catalogue-import.js';
import { createTestApp, loginAdmin, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import type { CatalogueModule } from '../index.js';
import { CatalogueSnapshotFile, SNAPSHOT_FORMAT } from './catalogue-snapshot.js';
import { readSnapshot, writeSnapshot } from './snapshot-format.js';

const SERIES = ['Naruto', 'One Piece', 'Jujutsu Kaisen', 'Demon Slayer'];
const csv = (from: number, count: number) =>
  [
    'name,category,price,originalPrice,isOnSale,isNew,image,description,rating,reviews,stockQuantity',
    ...Array.from({ length: count }, (_, k) => {
      const i = from + k;
      const series = SERIES[i % SERIES.length]!;
      const [kind, category] = i % 2 === 0 ? ['Figure', 'Anime Figures'] : ['Keychain', 'Keychains'];
      return `Snapshot ${series} ${kind} ${i},${category},${300 + i * 97},,${i % 5 === 0},${i % 7 === 0},,"${kind} from ${series}, number ${i}",${(3 + (i % 20) / 10).toFixed(1)},${i % 30},${i % 4}`;
    }),
  ].join('\n');

/** What a shopper can see: every list, sort, band, search and product the test asks about. */
async function answers(ctx: TestContext, ids: string[]) {
  const urls = [
    ...['featured', 'price-low', 'price-high', 'rating', 'newest'].map((sort) => `/api/products?limit=200&sort=${sort}`),
    '/api/products/category/Keychains?priceRange=500-1000',
    '/api/products/category/Anime%20Figures?sort=price-high&limit=5&page=2',
    '/api/products?featured=true&limit=8',
    ...['naruto figre', 'kaisen keychain', 'demon', 'snapshot renamed', 'added later'].map((q) => `/api/products/search?q=${encodeURIComponent(q)}&limit=50`),
    ...ids.map((id) => `/api/products/${id}`),
  ];
  const out: Record<string, unknown> = {};
  for (const url of urls) {
    const res = await ctx.app.inject({ method: 'GET', url });
    out[url] = { status: res.statusCode, body: res.json() };
  }
  return out;
}

const memoryOf = (ctx: TestContext) => (ctx.runtime.modules.find((m) => m.name === 'catalogue') as CatalogueModule).catalogue;

describe('catalogue snapshot: restart from a file, follow the log from its position', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-snapshot-'));
  const file = path.join(dataDir, 'catalogue-snapshot.bin');
  // One secret for every instance, so the admin's token works on each.
  const withSnapshot = { DATA_DIR: dataDir, CATALOGUE_SNAPSHOT_MIN_PRODUCTS: '1', JWT_SECRET: 'snapshot-spec-secret-0123456789' };
  let first: TestContext;
  let admin: Record<string, string>;
  let databaseUrl: string;
  let pool: pg.Pool;
  const ids: string[] = [];
  const warnings: string[] = [];
  const log = { info: () => undefined, error: () => undefined, warn: (_: unknown, message?: string) => void warnings.push(message ?? '') };

  beforeAll(async () => {
    first = await createTestApp({ env: withSnapshot });
    databaseUrl = first.databaseUrl;
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    admin = (await loginAdmin(first.app)).auth;
    await importCsv(first.app, admin, csv(0, 40));
    const listed = (await first.app.inject({ method: 'GET', url: '/api/products?limit=200&sort=newest' })).json() as { products: { id: string }[] };
    ids.push(...listed.products.map((p) => p.id));
    await first.close();
  });
  afterAll(() => pool.end());

  it('writes a snapshot on shutdown; a restart loads it and sees what changed after it, like a restart from the read model', async () => {
    expect(existsSync(file)).toBe(true);
    // Changes made after the snapshot was taken, by an instance that writes none.
    const writer = await createTestApp({ databaseUrl, env: { ...withSnapshot, CATALOGUE_SNAPSHOT: 'false' } });
    const [renamed, repriced, restocked, deleted] = [ids[3]!, ids[8]!, ids[12]!, ids[20]!];
    const put = (id: string, payload: Record<string, unknown>) =>
      writer.app.inject({ method: 'PUT', url: `/api/admin/products/${id}`, headers: admin, payload });
    expect((await put(renamed, { name: 'Snapshot Renamed Figure', description: 'renamed after the snapshot' })).statusCode).toBe(200);
    expect((await put(repriced, { price: 9999 })).statusCode).toBe(200);
    expect((await put(restocked, { stock_quantity: 77 })).statusCode).toBe(200);
    expect((await writer.app.inject({ method: 'DELETE', url: `/api/admin/products/${deleted}`, headers: admin })).statusCode).toBe(200);
    const added = await writer.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin,
      payload: { name: 'Added Later Keychain', price: 650, category: 'Keychains', stock_quantity: 3, description: 'added after the snapshot' },
    });
    expect(added.statusCode).toBe(201);
    const addedId = (added.json() as { product: { id: string } }).product.id;
    await writer.close();
    const snapshotBefore = readFileSync(file);

    const fromSnapshot = await createTestApp({ databaseUrl, env: withSnapshot });
    const fromReadModel = await createTestApp({ databaseUrl, env: { ...withSnapshot, CATALOGUE_SNAPSHOT: 'false' } });
    try {
      expect(memoryOf(fromSnapshot).loadedFrom).toBe('snapshot');
      expect(memoryOf(fromReadModel).loadedFrom).toBe('read model');
      // Wait until the snapshot instance has followed the log past the changes (its start follows from the file's position).
      const asked = [...ids, addedId];
      await expect.poll(async () => (await fromSnapshot.app.inject({ method: 'GET', url: `/api/products/${addedId}` })).statusCode).toBe(200);
      const expected = await answers(fromReadModel, asked);
      expect(await answers(fromSnapshot, asked)).toEqual(expected);
      expect(expected[`/api/products/${renamed}`]).toMatchObject({ body: { product: { name: 'Snapshot Renamed Figure' } } });
      expect(expected[`/api/products/${repriced}`]).toMatchObject({ body: { product: { price: 9999 } } });
      expect(expected[`/api/products/${restocked}`]).toMatchObject({ body: { product: { stock_quantity: 77 } } });
      expect(expected[`/api/products/${deleted}`]).toMatchObject({ status: 404 });
      expect((expected['/api/products/search?q=added%20later&limit=50'] as { body: { products: { id: string }[] } }).body.products[0]?.id).toBe(addedId);
    } finally {
      await fromSnapshot.close();
      await fromReadModel.close();
    }
    // The instance that followed the changes wrote a newer snapshot on shutdown.
    expect(readFileSync(file).equals(snapshotBefore)).toBe(false);
  });

  it('ignores a damaged snapshot with a warning and loads the read model instead', async () => {
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    writeFileSync(file, bytes);
    warnings.length = 0;
    expect(await new CatalogueSnapshotFile(file, pool, log).load()).toBeNull();
    expect(warnings).toEqual(['catalogue snapshot ignored: unreadable']);
    const ctx = await createTestApp({ databaseUrl, env: withSnapshot });
    try {
      expect(memoryOf(ctx).loadedFrom).toBe('read model');
      const res = await ctx.app.inject({ method: 'GET', url: '/api/products/search?q=added%20later' });
      expect(res.json()).toMatchObject({ products: [{ name: 'Added Later Keychain' }] });
    } finally {
      await ctx.close();
    }
    // That start wrote a whole snapshot again (from the read model it loaded).
    expect(await new CatalogueSnapshotFile(file, pool, log).load()).not.toBeNull();
  });

  it('ignores a snapshot of another format version with a warning', async () => {
    const whole = await readSnapshot(file);
    const older = path.join(dataDir, 'older-format.bin');
    await writeSnapshot(older, { ...(whole.meta as object), format: SNAPSHOT_FORMAT - 1 }, { 'table.meta': { json: {} } });
    warnings.length = 0;
    expect(await new CatalogueSnapshotFile(older, pool, log).load()).toBeNull();
    expect(warnings).toEqual(['catalogue snapshot ignored: another format']);
    // The same file with this code's format is taken (only the version differs).
    await writeSnapshot(older, whole.meta, { 'table.meta': { json: {} } });
    expect(await new CatalogueSnapshotFile(older, pool, log).load()).not.toBeNull();
  });

  it("ignores another database's snapshot", async () => {
    warnings.length = 0;
    const other = await createTestApp({ env: { CATALOGUE_SNAPSHOT: 'false' } });
    try {
      expect(await new CatalogueSnapshotFile(file, other.runtime.pool, log).load()).toBeNull();
      expect(warnings).toEqual(['catalogue snapshot ignored: taken from another database, log or schema']);
    } finally {
      await other.close();
    }
  });
});
