import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../../tests/helpers/catalogue-import.js';
import { createTestApp, loginAdmin, type TestContext } from '../../../../tests/helpers/test-runtime.js';

const HEADER = 'name,category,price,originalPrice,discount,isOnSale,isNew,image,description,inStock,rating,reviews,stockQuantity';

/** What an import refuses is named by a short excerpt, never sent back whole. */
describe('bulk import: bounded error answers', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginAdmin(ctx.app)).auth;
  });
  afterAll(async () => ctx?.close());

  const upload = (url: string, csv: string) => {
    const body = multipartBody({ mode: 'upsert' }, { name: 'products.csv', content: Buffer.from(csv, 'utf8'), type: 'text/csv' });
    return ctx.app.inject({ method: 'POST', url, headers: { ...admin, ...body.headers }, payload: body.payload });
  };

  it('a 5 MB name is refused with its first characters only', async () => {
    const huge = `Huge ${'n'.repeat(5 * 1024 * 1024)}`;
    const res = await upload('/api/admin/products/bulk', `${HEADER}\n${huge},Anime Figures,999,,,false,false,,d,true,4,0,3\n`);
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(2000);
    const [error] = res.json().errors;
    expect(error.row).toBe(2);
    expect(error.name).toHaveLength(80);
    expect(error.name.startsWith('Huge nnn')).toBe(true);
    expect(error.name.endsWith('…')).toBe(true);
  });

  it('an image cell that is neither a URL nor a file name is quoted by an excerpt', async () => {
    const res = await upload('/api/admin/products/bulk', `${HEADER}\nFig,Anime Figures,999,,,false,false,${'x'.repeat(100_000)} y,d,true,4,0,3\n`);
    expect(res.body.length).toBeLessThan(2000);
  });

  it('a file of many bad rows lists the first thousand and counts them all', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) => `Bad ${i},Anime Figures,not-a-price,,,false,false,,d,true,4,0,3`);
    const res = await upload('/api/admin/products/bulk', `${HEADER}\n${rows.join('\n')}\n`);
    const body = res.json();
    expect(body.errors).toHaveLength(1000);
    expect(body.errors[999].row).toBe(1001);
    expect(body.message).toBe('Processed 0 of 1500 rows: 0 created, 0 updated, 1500 errors (the first 1000 listed)');
  });

  it('the column preview names a huge header by an excerpt', async () => {
    const res = await upload('/api/admin/products/bulk/columns', `${HEADER},${'h'.repeat(1024 * 1024)}\nx\n`);
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(4000);
    expect(res.json().headers.at(-1)).toHaveLength(80);
  });
});
