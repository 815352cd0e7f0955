import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import { multipartBody as multipart } from '../../../../tests/helpers/catalogue-import.js';
import { replay } from '../../../../projections/runner.js';
import { istDate } from '../../../shared/financial-year.js';
import { PREORDER_MESSAGES } from '../../../shared/preorder.js';

const inDays = (days: number) => istDate(new Date(Date.now() + days * 86_400_000));
const dayFirst = (date: string) => date.split('-').reverse().join('/');

describe('bulk import: the isPreorder and releaseDate columns', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = (await loginAdmin(ctx.app)).auth;
  });
  afterAll(() => ctx.close());

  const upload = (file: { name: string; content: Buffer }, fields: Record<string, string> = {}) => {
    const body = multipart({ mode: 'upsert', ...fields }, file);
    return ctx.app.inject({ method: 'POST', url: '/api/admin/products/bulk', headers: { ...admin, ...body.headers }, payload: body.payload });
  };
  const rows = async (prefix: string) =>
    (await ctx.runtime.pool.query('select name, release_date::text from products where name like $1 order by name', [`${prefix}%`])).rows;

  it('reads a CSV: a release date (ISO or DD/MM/YYYY) makes a pre-order; a past, missing or impossible date is refused per row', async () => {
    const csv = [
      'name,category,price,stockQuantity,isPreorder,releaseDate',
      `Pre A Figure,Anime Figures,4999,20,true,${inDays(90)}`,
      `Pre B Figure,Anime Figures,4999,20,,${dayFirst(inDays(40))}`,
      `Pre C Figure,Anime Figures,4999,20,true,${inDays(-2)}`,
      'Pre D Figure,Anime Figures,4999,20,true,',
      'Pre E Figure,Anime Figures,4999,20,true,2027-02-30',
      'Pre F Figure,Anime Figures,4999,20,maybe,',
      'Pre G Keychain,Keychains,299,20,false,',
    ].join('\n');
    const res = await upload({ name: 'preorders.csv', content: Buffer.from(csv) });
    expect(res.json()).toMatchObject({ success: true, created: 3 });
    expect(res.json().errors).toEqual([
      { row: 4, name: 'Pre C Figure', reason: PREORDER_MESSAGES.releaseDateInPast },
      { row: 5, name: 'Pre D Figure', reason: PREORDER_MESSAGES.needsReleaseDate },
      { row: 6, name: 'Pre E Figure', reason: PREORDER_MESSAGES.invalidReleaseDate },
      { row: 7, name: 'Pre F Figure', reason: 'is_preorder must be true or false' },
    ]);
    expect(await rows('Pre ')).toEqual([
      { name: 'Pre A Figure', release_date: inDays(90) },
      { name: 'Pre B Figure', release_date: inDays(40) },
      { name: 'Pre G Keychain', release_date: null },
    ]);
    const found = (await ctx.app.inject({ url: '/api/products/search?q=Pre%20A%20Figure' })).json().products;
    expect(found.find((p: { name: string }) => p.name === 'Pre A Figure')).toMatchObject({ name: 'Pre A Figure', is_preorder: true, release_date: inDays(90) });
  });

  it('reads an .xlsx whose release date is a date cell', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(['name', 'category', 'price', 'stockQuantity', 'Pre-order', 'releaseDate']);
    sheet.addRow(['Xl Pre Figure', 'Anime Figures', 7999, 10, 'true', new Date(`${inDays(120)}T00:00:00Z`)]);
    const res = await upload({ name: 'preorders.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) });
    expect(res.json()).toMatchObject({ success: true, created: 1, errors: [] });
    expect(await rows('Xl Pre')).toEqual([{ name: 'Xl Pre Figure', release_date: inDays(120) }]);
  });

  it('the template imports as it is, its pre-order row included; replay rebuilds identical rows', async () => {
    const template = (await ctx.app.inject({ url: '/api/admin/products/template', headers: admin })).body;
    const pictures = ['luffy-gear5.jpg', 'akatsuki-keychain.png', 'frieren.jpg'].map((f) => [f, `https://images.unsplash.com/${f}`]);
    const res = await upload({ name: 'template.csv', content: Buffer.from(template) }, { imageMap: JSON.stringify(Object.fromEntries(pictures)) });
    expect(res.json()).toMatchObject({ success: true, created: 3, errors: [] });
    expect((await rows('Frieren')).map((r) => r.release_date)).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);

    const snapshot = async () => (await ctx.runtime.pool.query('select * from products order by id')).rows;
    const before = await snapshot();
    await ctx.runtime.projections.stop();
    await replay(ctx.runtime.store, ctx.runtime.pool, ctx.runtime.projections.projectors, ['catalogue']);
    expect(await snapshot()).toEqual(before);
    await ctx.runtime.projections.start();
  });
});
