import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCsv } from '../../../../tests/helpers/catalogue-import.js';
import { createTestApp, loginAdmin, type TestContext } from '../../../../tests/helpers/test-runtime.js';
import type { CatalogueModule } from '../index.js';
import { ResponseCache } from './response-cache.js';

describe('ResponseCache', () => {
  it('stays within its byte bound however many distinct answers it is given', () => {
    const cache = new ResponseCache(64 * 1024);
    const body = { products: 'x'.repeat(1000) };
    for (let i = 0; i < 2500; i++) cache.get(`key-${i}`, () => ({ ...body, i }));
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.entries).toBeGreaterThan(10);
    expect(cache.entries).toBeLessThan(2500);
  });
});

describe('catalogue answer cache under attacker-chosen queries', () => {
  let ctx: TestContext;
  let memory: CatalogueModule['catalogue'];
  beforeAll(async () => {
    ctx = await createTestApp();
    const admin = (await loginAdmin(ctx.app)).auth;
    const rows = Array.from(
      { length: 300 },
      (_, i) => `Naruto Figure ${i},${i % 2 ? 'Keychains' : 'Anime Figures'},${100 + i * 10},"A figure numbered ${i}",3`,
    );
    await importCsv(ctx.app, admin, ['name,category,price,description,stockQuantity', ...rows].join('\n'));
    memory = (ctx.runtime.modules.find((m) => m.name === 'catalogue') as CatalogueModule).catalogue;
  });
  afterAll(() => ctx?.close());

  it('2,500 distinct free-form queries (minPrice, maxPrice, q, offset, category) add nothing; canonical pages stay within the byte bound', async () => {
    const before = memory.responseCache.entries;
    for (let i = 0; i < 2500; i++) {
      const url = [
        `/api/products?minPrice=${i}`,
        `/api/products?maxPrice=${i + 0.5}`,
        `/api/products/search?q=naruto${i}`,
        `/api/products?offset=${i}`,
        `/api/products/category/c${i}`,
      ][i % 5]!;
      expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    }
    expect(memory.responseCache.entries).toBe(before);
    // Canonical listings are cached, every page size included, and still bounded in bytes.
    for (let limit = 1; limit <= 200; limit++) {
      for (const sort of ['featured', 'price-low', 'price-high']) {
        expect((await ctx.app.inject({ url: `/api/products?limit=${limit}&sort=${sort}` })).statusCode).toBe(200);
      }
    }
    expect(memory.responseCache.entries).toBeGreaterThan(before);
    expect(memory.responseCache.bytes).toBeLessThanOrEqual(memory.responseCache.maxBytes);
  });
});
