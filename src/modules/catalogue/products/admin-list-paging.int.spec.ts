import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv } from '../../../../tests/helpers/catalogue-import.js';
import { createTestApp, loginAdmin, type TestContext } from '../../../../tests/helpers/test-runtime.js';

const COUNT = 150;
/** One bulk import: every row gets the import's timestamp, and all share one name, so only the id tells them apart. */
const CSV = ['name,category,price,description,stockQuantity', ...Array.from({ length: COUNT }, () => 'Chibi Keychain,Keychains,299,"A keychain",5')].join('\n');

interface Listed {
  id: string;
  created_at: string;
}

describe('GET /api/admin/products pages a bulk import (equal timestamps and names) without repeats or gaps', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { SEED_DEMO: 'false' } });
    admin = (await loginAdmin(ctx.app)).auth;
    expect((await importCsv(ctx.app, admin, CSV)).created).toBe(COUNT);
  });
  afterAll(async () => ctx?.close());

  const page = async (n: number, limit: number) => {
    const res = await ctx.app.inject({ url: `/api/admin/products?page=${n}&limit=${limit}`, headers: admin });
    expect(res.statusCode).toBe(200);
    return res.json() as { products: Listed[]; total: number; totalPages: number };
  };

  it('walking every page returns each product exactly once, the ties in id order', async () => {
    const ids = (await ctx.runtime.pool.query<{ id: string; at: string }>('select id, created_at::text as at from products')).rows;
    expect(ids).toHaveLength(COUNT);
    // The premise: the import gave every product the same timestamp.
    expect(new Set(ids.map((r) => r.at)).size).toBe(1);

    for (const limit of [7, 40]) {
      const first = await page(1, limit);
      expect(first.total).toBe(COUNT);
      const walked: string[] = first.products.map((p) => p.id);
      for (let n = 2; n <= first.totalPages; n++) walked.push(...(await page(n, limit)).products.map((p) => p.id));
      expect(walked).toHaveLength(COUNT);
      expect(new Set(walked).size).toBe(COUNT);
      // created_at desc, then name, then id: with both equal, the id decides, so every page is one slice of one order.
      expect(walked).toEqual(ids.map((r) => r.id).sort((a, b) => (a < b ? -1 : 1)));
    }
  });
});
