import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestApp, type TestContext } from '../../tests/helpers/test-runtime.js';
import { createTestProduct } from '../../tests/helpers/test-products.js';
import { formatReleaseDate } from '../modules/orders/preorder-rules.js';
import { istDate } from '../shared/financial-year.js';

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
/** What React rendered into #root (not the dehydrated data after it). */
const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="ssr-data">'));

describe("server-rendered pages show a pre-order's labels", () => {
  let ctx: TestContext;
  let web: FastifyInstance;
  const release = istDate(new Date(Date.now() + 75 * 86_400_000));
  let figure: { id: string; name: string };
  let plain: { id: string; name: string };
  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-frontends.mjs', '--if-missing'], { stdio: 'inherit' });
    ctx = await createTestApp();
    figure = await createTestProduct(ctx.runtime, { name: 'Himmel Preorder Statue', price: 8999, releaseDate: release });
    plain = await createTestProduct(ctx.runtime, { name: 'Himmel Released Statue', price: 7999 });
    web = await buildApp(ctx.runtime, { serveFrontends: true });
    await web.ready();
    // The in-memory catalogue follows the log: wait until it serves the last product added.
    const until = Date.now() + 15_000;
    while ((await ctx.app.inject({ url: `/api/products/${plain.id}` })).statusCode !== 200 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  }, 180_000);
  afterAll(async () => {
    await web?.close();
    await ctx?.close();
  });

  it("the product page says 'Pre-order' and 'Ships from {date}'; a released product's page says neither", async () => {
    const shipsFrom = `Ships from ${formatReleaseDate(release)}`;
    const page = text(root((await web.inject({ url: `/product/${figure.id}` })).body));
    expect(page).toContain('Himmel Preorder Statue');
    expect(page).toContain('Pre-order');
    expect(page).toContain(shipsFrom);
    // Its own panel, not the related products below it (the pre-order is one of them).
    const other = text(root((await web.inject({ url: `/product/${plain.id}` })).body)).split('You might also like')[0]!;
    expect(other).toContain('Himmel Released Statue');
    expect(other).not.toContain('Pre-order');
    expect(other).not.toContain('Ships from');
  });

  it('the search results card carries both labels too', async () => {
    const results = text(root((await web.inject({ url: '/search?q=himmel' })).body));
    expect(results).toContain('Himmel Preorder Statue');
    expect(results).toContain(`Pre-order`);
    expect(results).toContain(`Ships from ${formatReleaseDate(release)}`);
  });
});
