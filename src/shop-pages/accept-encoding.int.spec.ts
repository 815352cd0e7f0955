import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, loginAdmin, type TestContext } from '../../tests/helpers/test-runtime.js';
import { importCsv } from './test-catalogue.js';

/** A coding the client refuses with q=0 is never used, on pages, built assets and API answers alike. */
describe('Accept-Encoding with q=0', () => {
  let ctx: TestContext;
  let web: FastifyInstance;
  let asset: string;
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit' });
    // A script the build wrote .br and .gz copies of.
    const files = readdirSync('web/dist/assets');
    asset = `/assets/${files.find((f) => f.endsWith('.js') && files.includes(`${f}.br`) && files.includes(`${f}.gz`))!}`;
    ctx = await createTestApp();
    const admin = (await loginAdmin(ctx.app)).auth;
    await importCsv(
      ctx.app,
      admin,
      Array.from(
        { length: 30 },
        (_, i) => `Encoding Figure ${i},Anime Figures,${999 + i},,,false,false,,A figure with a long enough description ${i},true,4,0,3`,
      ),
    );
    web = await buildApp(ctx.runtime, { serveFrontends: true });
    await web.ready();
  }, 180_000);
  afterAll(async () => {
    await web?.close();
    await ctx?.close();
  });

  const encodingOf = async (url: string, acceptEncoding: string) => {
    const res = await web.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
    expect(res.statusCode, url).toBe(200);
    return res.headers['content-encoding'] ?? 'identity';
  };

  it('br;q=0, gzip;q=0 gets the body as it is', async () => {
    for (const url of ['/', '/products', asset, '/api/products?limit=30']) {
      expect(await encodingOf(url, 'br;q=0, gzip;q=0'), url).toBe('identity');
    }
  });

  it('br;q=0 with gzip allowed gets gzip; both allowed gets brotli', async () => {
    for (const url of ['/', '/products', asset, '/api/products?limit=30']) {
      expect(await encodingOf(url, 'br;q=0, gzip'), url).toBe('gzip');
      expect(await encodingOf(url, 'gzip, deflate, br'), url).toBe('br');
    }
  });
});
