import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import { replay } from '../../../../projections/runner.js';
import { START } from '../../../core/event-store.js';
import { verifyStoreChains } from '../../audit/chain-sources.js';
import { biff8 } from './xls.fixture.js';
import { multipartBody as multipart } from '../../../../tests/helpers/catalogue-import.js';

const CSV = [
  'name,category,price,originalPrice,discount,isOnSale,isNew,image,description,inStock,rating,reviews,stockQuantity',
  '鬼滅の刃 竈門炭治郎 Tanjiro Figure,Anime Figures,1999.50,2499,20,true,true,tanjiro.png,"Demon Slayer, 18 cm",true,4.6,31,6',
  'Bad Price Keychain,Keychains,abc,,,false,false,,,true,4,1,3',
  'Gojo Satoru Keychain,keychains,349,,,false,false,https://images.unsplash.com/gojo.jpg,,true,4.1,12,40',
  ',Anime Figures,999,,,false,false,,,true,4,1,3',
  'Wrong Category Car,Cars,999,,,false,false,,,true,4,1,3',
].join('\n');

describe('bulk import (BulkImportProducts) through POST /api/admin/products/bulk', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginAdmin(ctx.app)).auth;
  });
  afterAll(() => ctx.close());

  const upload = (fields: Record<string, string>, file?: { name: string; content: Buffer }) => {
    const body = multipart(fields, file);
    return ctx.app.inject({ method: 'POST', url: '/api/admin/products/bulk', headers: { ...admin, ...body.headers }, payload: body.payload });
  };
  const productCount = async () => (await ctx.runtime.pool.query('select count(*)::int as n from products')).rows[0].n as number;

  it('imports good CSV rows (UTF-8 intact, rupees stay rupees, image map applied) and reports each bad row', async () => {
    const res = await upload({ imageMap: JSON.stringify({ 'tanjiro.png': '/media/abc123.png' }) }, { name: 'products.csv', content: Buffer.from(CSV, 'utf8') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, mode: 'upsert', total: 5, processed: 2, created: 2, updated: 0 });
    expect(body.errors).toEqual([
      { row: 3, name: 'Bad Price Keychain', reason: 'Please enter a valid price' },
      { row: 5, reason: 'Please fill in all required fields' },
      { row: 6, name: 'Wrong Category Car', reason: expect.stringContaining('Category must be one of') },
    ]);
    const rows = await ctx.runtime.pool.query('select name, price::text, image, category, stock_quantity from products order by name');
    expect(rows.rows).toEqual([
      { name: 'Gojo Satoru Keychain', price: '349.00', image: 'https://images.unsplash.com/gojo.jpg', category: 'Keychains', stock_quantity: 40 },
      { name: '鬼滅の刃 竈門炭治郎 Tanjiro Figure', price: '1999.50', image: '/media/abc123.png', category: 'Anime Figures', stock_quantity: 6 },
    ]);
    const search = await ctx.app.inject({ url: `/api/products/search?q=${encodeURIComponent('竈門炭治郎')}` });
    expect(search.json().products.map((p: { name: string }) => p.name)).toEqual(['鬼滅の刃 竈門炭治郎 Tanjiro Figure']);
  });

  it('imports an .xlsx made with exceljs; update mode changes only rows with a known id; a bad row changes nothing', async () => {
    const [existing] = (await ctx.runtime.pool.query("select id from products where name = 'Gojo Satoru Keychain'")).rows;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['id', 'name', 'category', 'price', 'stockQuantity']);
    sheet.addRow([existing.id, 'Gojo Satoru Keychain (Blue)', 'Keychains', 399, 35]);
    sheet.addRow(['no-such-product', 'Ghost', 'Keychains', 100, 1]);
    sheet.addRow([existing.id, 'Gojo again', 'Keychains', -3, 1]);
    sheet.addRow(['', 'No Id Figure', 'Anime Figures', 100, 1]);
    const content = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await productCount();
    const res = await upload({ mode: 'update' }, { name: 'products.xlsx', content });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ mode: 'update', total: 4, processed: 1, created: 0, updated: 1 });
    expect(body.errors.map((e: { row: number }) => e.row)).toEqual([3, 4, 5]);
    expect(body.errors[0].reason).toBe('Product no-such-product not found');
    expect(body.errors[1].reason).toBe('Please enter a valid price');
    expect(await productCount()).toBe(before);
    const row = (await ctx.runtime.pool.query('select name, price::text, stock_quantity from products where id = $1', [existing.id])).rows[0];
    expect(row).toEqual({ name: 'Gojo Satoru Keychain (Blue)', price: '399.00', stock_quantity: 35 });
  });

  it('imports a legacy Excel 97-2003 .xls (BIFF8, written by SheetJS) like any other spreadsheet', async () => {
    const content = biff8([
      ['name', 'category', 'price', 'originalPrice', 'isOnSale', 'inStock', 'stockQuantity'],
      ['呪術廻戦 五条悟 Gojo Figure (xls)', 'Anime Figures', 3499, 3999, true, true, 7],
      ['Bad Price (xls)', 'Keychains', 'abc', '', false, true, 1],
    ]);
    const res = await upload({ mode: 'add' }, { name: 'legacy-products.xls', content });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, total: 2, created: 1, errors: [{ row: 3, reason: 'Please enter a valid price' }] });
    const row = (
      await ctx.runtime.pool.query("select price::text, original_price::text, stock_quantity from products where name = '呪術廻戦 五条悟 Gojo Figure (xls)'")
    ).rows[0];
    expect(row).toEqual({ price: '3499.00', original_price: '3999.00', stock_quantity: 7 });
  });

  it('column check: names the headers, what each template column reads and what is missing; the mapping then imports', async () => {
    const csv = 'Product Title,Type,MRP,Qty\nTitle Mapped Figure,Anime Figures,1499,4\n';
    const body = multipart({ mode: 'add' }, { name: 'shop-export.csv', content: Buffer.from(csv) });
    const check = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/bulk/columns',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(check.json()).toMatchObject({
      success: true,
      headers: ['Product Title', 'Type', 'MRP', 'Qty'],
      columns: {},
      missing: ['name', 'category', 'price'],
    });
    const columnMapping = JSON.stringify({ name: 'Product Title', category: 'Type', price: 'MRP', stockQuantity: 'Qty' });
    const mapped = multipart({ mode: 'add', columnMapping }, { name: 'shop-export.csv', content: Buffer.from(csv) });
    const recheck = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/bulk/columns',
      headers: { ...admin, ...mapped.headers },
      payload: mapped.payload,
    });
    expect(recheck.json()).toMatchObject({ columns: { name: 'Product Title', category: 'Type', price: 'MRP', stockQuantity: 'Qty' }, missing: [] });
    const before = await productCount();
    const imported = await upload({ mode: 'add', columnMapping }, { name: 'shop-export.csv', content: Buffer.from(csv) });
    expect(imported.json()).toMatchObject({ success: true, created: 1, errors: [] });
    expect(await productCount()).toBe(before + 1);
    const empty = multipart({ mode: 'add' });
    const noFile = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/bulk/columns',
      headers: { ...admin, ...empty.headers },
      payload: empty.payload,
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ success: false, error: 'Please upload a .csv, .xlsx or .xls file' });
  });

  it("a Drive link in the image column takes the store's copy named in the image map", async () => {
    const link = 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz0CSV/view?usp=sharing';
    const csv = `name,category,price,image\nDrive Copied Figure,Anime Figures,999,${link}\n`;
    const res = await upload({ mode: 'add', imageMap: JSON.stringify({ [link]: '/media/drive-copy.webp' }) }, { name: 'drive.csv', content: Buffer.from(csv) });
    expect(res.json()).toMatchObject({ created: 1, errors: [] });
    const row = (await ctx.runtime.pool.query("select image from products where name = 'Drive Copied Figure'")).rows[0];
    expect(row.image).toBe('/media/drive-copy.webp');
  });

  it('add mode ignores rows with an id; upsert creates a given new id and updates a known one', async () => {
    const csv = 'id,name,category,price,stockQuantity\nfig-001,Luffy Gear 5,Anime Figures,2899,5\n,Zoro Keychain,Keychains,299,9\n';
    const added = (await upload({ mode: 'add' }, { name: 'a.csv', content: Buffer.from(csv) })).json();
    expect(added).toMatchObject({ mode: 'add', total: 2, created: 1, updated: 0, skipped: 1, errors: [] });
    expect((await ctx.app.inject({ url: '/api/products/fig-001' })).statusCode).toBe(404);
    const upserted = (await upload({ mode: 'upsert' }, { name: 'a.csv', content: Buffer.from(csv.replace('2899', '2999')) })).json();
    expect(upserted).toMatchObject({ created: 2, updated: 0 });
    expect((await ctx.app.inject({ url: '/api/products/fig-001' })).json().product).toMatchObject({ price: 2999, stock_quantity: 5 });
    const again = (await upload({}, { name: 'a.csv', content: Buffer.from('id,name,category,price\nfig-001,Luffy Gear 5,Anime Figures,3099\n') })).json();
    expect(again).toMatchObject({ mode: 'upsert', created: 0, updated: 1 });
    expect((await ctx.app.inject({ url: '/api/products/fig-001' })).json().product).toMatchObject({ price: 3099, stock_quantity: 5 });
  });

  it('refuses a file without the required columns, an unknown mode and a missing file', async () => {
    const noPrice = await upload({}, { name: 'x.csv', content: Buffer.from('name,category\nA,Keychains\n') });
    expect(noPrice.json()).toMatchObject({ success: false, error: 'Missing required columns: price' });
    expect((await upload({ mode: 'merge' }, { name: 'x.csv', content: Buffer.from(CSV) })).json()).toMatchObject({
      success: false,
      error: 'Mode must be add, update, upsert or deleteall',
    });
    expect((await upload({ mode: 'upsert' })).json()).toMatchObject({ success: false, error: 'No file uploaded' });
    expect((await upload({}, { name: 'x.txt', content: Buffer.from(CSV) })).json()).toMatchObject({
      success: false,
      error: 'Please upload a .csv, .xlsx or .xls file',
    });
  });

  it('the CSV template has the columns the import reads', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/products/template', headers: admin });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.split('\n')[0]).toBe(
      'id,name,category,price,originalPrice,discount,isOnSale,isNew,image,description,inStock,rating,reviews,stockQuantity,hsn,gstRate,isPreorder,releaseDate',
    );
  });

  it('reads the GST columns hsn and gstRate: 4/6/8-digit HSN, a rate among the slabs; blank takes the category default', async () => {
    const csv = [
      'name,category,price,stockQuantity,hsn,gstRate',
      'GST Figure A,Anime Figures,1000,5,95030010,5',
      'GST Keychain B,Keychains,300,5,,',
      'GST Figure C,Anime Figures,1000,5,950,5',
      'GST Figure D,Anime Figures,1000,5,9503,12',
      'GST Figure E,Anime Figures,1000,5,9503,18%',
    ].join('\n');
    const res = await upload({}, { name: 'gst.csv', content: Buffer.from(csv) });
    expect(res.json()).toMatchObject({ success: true, processed: 3 });
    expect(res.json().errors).toEqual([
      { row: 4, name: 'GST Figure C', reason: 'HSN must be 4, 6 or 8 digits' },
      { row: 5, name: 'GST Figure D', reason: 'GST rate must be one of 0, 5, 18, 40 %' },
    ]);
    const rows = await ctx.runtime.pool.query("select name, hsn, gst_rate::text from products where name like 'GST %' order by name");
    expect(rows.rows).toEqual([
      { name: 'GST Figure A', hsn: '95030010', gst_rate: '5.00' },
      { name: 'GST Figure E', hsn: '9503', gst_rate: '18.00' },
      { name: 'GST Keychain B', hsn: null, gst_rate: null },
    ]);
    const listed = await ctx.app.inject({ url: `/api/products/search?q=${encodeURIComponent('GST Figure A')}` });
    expect(listed.json().products[0]).toMatchObject({ name: 'GST Figure A', hsn: '95030010', gst_rate: 5 });
  });

  it('replaying the catalogue projection rebuilds identical rows', async () => {
    const snapshot = async () => (await ctx.runtime.pool.query('select * from products order by id')).rows;
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(0);
    await ctx.runtime.projections.stop();
    await replay(ctx.runtime.store, ctx.runtime.pool, ctx.runtime.projections.projectors, ['catalogue']);
    expect(await snapshot()).toEqual(before);
  });

  it('deleteall mode needs no file and empties the catalogue', async () => {
    const before = await productCount();
    await ctx.runtime.projections.start();
    const res = await upload({ mode: 'deleteall' });
    expect(res.json()).toMatchObject({ success: true, mode: 'deleteall', processed: before, total: before, created: 0, updated: 0, errors: [] });
    expect((await ctx.app.inject({ url: '/api/products' })).json().products).toEqual([]);
  });
});

describe('a bulk import of many rows (several append transactions and projector batches)', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginAdmin(ctx.app)).auth;
  });
  afterAll(() => ctx.close());

  const ROWS = 1_500;
  const BAD = new Set([7, 1_001, 1_499]);
  const csv = () => {
    const lines = ['name,category,price,originalPrice,isOnSale,description,rating,reviews,stockQuantity'];
    for (let i = 0; i < ROWS; i++) {
      const price = BAD.has(i) ? 'not-a-price' : String(199 + ((i * 37) % 5000));
      lines.push(
        `Bulk Figure ${i},${i % 2 ? 'Keychains' : 'Anime Figures'},${price},${i % 5 ? '' : 5999},${i % 5 === 0},"Edition ${i}",4.${i % 10},${i % 7},${i % 4}`,
      );
    }
    return Buffer.from(lines.join('\n'), 'utf8');
  };

  it('appends each good row as ProductAdded then StockLevelSet on new streams, chains verify, a bad row is named and writes nothing', async () => {
    const body = multipart({ mode: 'add' }, { name: 'many.csv', content: csv() });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/products/bulk', headers: { ...admin, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, processed: ROWS - BAD.size, total: ROWS, created: ROWS - BAD.size, updated: 0 });
    expect(res.json().errors).toEqual([...BAD].map((i) => ({ row: i + 2, name: `Bulk Figure ${i}`, reason: expect.any(String) })));
    const events = (await ctx.runtime.store.readAll(START, 1_000_000)).filter((e) => e.type === 'ProductAdded' || e.type === 'StockLevelSet');
    expect(events).toHaveLength(2 * (ROWS - BAD.size));
    const names = new Set<string>();
    for (let i = 0; i < events.length; i += 2) {
      const [added, stock] = [events[i]!, events[i + 1]!];
      expect([added.type, added.streamVersion, stock.type, stock.streamVersion]).toEqual(['ProductAdded', 0, 'StockLevelSet', 0]);
      const productId = (added.data as { productId: string }).productId;
      expect(stock.data).toMatchObject({ productId });
      // A new product's id is time-ordered (UUID v7): new rows go to the right-hand edge of the keys' indexes.
      expect(productId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      names.add((added.data as { name: string }).name);
    }
    for (const i of BAD) expect(names.has(`Bulk Figure ${i}`)).toBe(false);
    expect(names.size).toBe(ROWS - BAD.size);
    const verified = await verifyStoreChains(ctx.runtime.store);
    expect(verified.ok).toBe(true);
    expect(verified.events).toBeGreaterThanOrEqual(events.length);
  });

  it('leaves the read model the per-event path writes (apply one event at a time), and a replay rebuilds it identically', async () => {
    const rows = async () => ({
      products: (await ctx.runtime.pool.query('select * from products order by id')).rows,
      facts: (await ctx.runtime.pool.query('select * from catalogue_product_facts order by product_id')).rows,
    });
    const live = await rows();
    expect(live.products).toHaveLength(ROWS - BAD.size);
    expect(live.products.filter((p) => p.stock_quantity > 0).length).toBeGreaterThan(0);
    await ctx.runtime.projections.stop();
    const catalogue = ctx.runtime.projections.projectors.find((p) => p.name === 'catalogue')!;
    const events = (await ctx.runtime.store.readAll(START, 1_000_000)).filter((e) => catalogue.handles.includes(e.type));
    const client = await ctx.runtime.pool.connect();
    try {
      await client.query('truncate products, catalogue_product_facts');
      for (const event of events) await catalogue.apply(client, event);
    } finally {
      client.release();
    }
    expect(await rows()).toEqual(live);
    await replay(ctx.runtime.store, ctx.runtime.pool, ctx.runtime.projections.projectors, ['catalogue']);
    expect(await rows()).toEqual(live);
  });
});

describe('demo catalogue seed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { SEED_DEMO: 'true' } });
  });
  afterAll(() => ctx.close());

  it('seeds every row of seed/demo-catalogue.csv as events, each with a generated WebP picture', async () => {
    const { readFileSync } = await import('node:fs');
    const Papa = (await import('papaparse')).default;
    const rows = Papa.parse<Record<string, string>>(readFileSync('seed/demo-catalogue.csv', 'utf8'), { header: true, skipEmptyLines: true }).data;
    const listed = (await ctx.app.inject({ url: '/api/products?limit=200' })).json();
    const products = listed.products as { name: string; image: string; in_stock: boolean; category: string }[];
    // Shoppers are listed every row but those of the coming-soon categories (admins still have them: the events below).
    const onSale = rows.filter((r) => r.category !== 'Hot Wheels' && r.category !== 'Trending');
    expect(onSale.length).toBeLessThan(rows.length);
    expect(products).toHaveLength(onSale.length);
    expect(listed.total).toBe(onSale.length);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(['Anime Figures', 'Keychains']));
    expect(products.some((p) => !p.in_stock)).toBe(true);
    expect(products.find((p) => p.name.startsWith('鬼滅の刃'))).toBeDefined();
    const added = await ctx.runtime.pool.query("select count(*)::int as n from events where type = 'ProductAdded'");
    expect(added.rows[0].n).toBe(rows.length);
    const image = await ctx.app.inject({ url: products[0]!.image });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('max-age=31536000');
    expect(image.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const typo = (await ctx.app.inject({ url: '/api/products/search?q=naruto%20figre' })).json().products;
    expect(typo[0].name).toContain('Naruto');
  });
});
