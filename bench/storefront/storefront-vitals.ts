/**
 * Storefront page weight and Web Vitals in headless Chromium, against the real server with the demo catalogue.
 * Prints: gzip size of the home page's initial JS (what index.html loads) and of all JS the home page loads,
 * then LCP and CLS (median of 3 cold loads) of the home and a product page at 375 px and 1280 px, with the
 * ratio against a baseline measured in the same run (the plain /about page).
 * Usage: npx tsx bench/storefront/storefront-vitals.ts   (builds web/ first if web/dist is missing)
 */
import { existsSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../src/app.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { benchEnv, silent, startBenchDatabase } from '../lib/harness.js';

const DIST = path.resolve('web/dist');
const RUNS = 3;

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(DIST, file))).length / 1024;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function initialScripts(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

async function vitals(browser: Browser, url: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    w.__lcp = 0;
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const result = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((r) => r.name.endsWith('.js'))
      .map((r) => new URL(r.name).pathname.slice(1));
    return { lcp: w.__lcp, cls: w.__cls, scripts };
  });
  await context.close();
  return result;
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) execFileSync(process.execPath, ['scripts/build-frontends.mjs'], { stdio: 'inherit' });
  const db = await startBenchDatabase();
  const env = benchEnv(path.join(db.dir, 'data'), { NODE_ENV: 'test', SEED_DEMO: 'true' });
  const runtime = await createRuntime({ env, log: silent, connectionString: await db.createDatabase(), limits: NO_LIMITS });
  const app = await buildApp(runtime, { serveFrontends: true });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const chromiumPath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync', '--disable-dev-shm-usage'],
  });
  try {
    const products = ((await (await fetch(`${base}/api/products?limit=200`)).json()) as { products: { id: string; in_stock: boolean }[] }).products;
    const productId = products.find((p) => p.in_stock)!.id;

    const initial = initialScripts();
    const initialKb = initial.reduce((sum, f) => sum + gzipKb(f), 0);
    const home = await vitals(browser, `${base}/`, 1280);
    const homeKb = [...new Set(home.scripts)].reduce((sum, f) => sum + (existsSync(path.join(DIST, f)) ? gzipKb(f) : 0), 0);
    console.log(`home initial JS (index.html entry + preloads, gzip): ${initialKb.toFixed(1)} KB  (budget 150 KB: ${initialKb < 150 ? 'OK' : 'OVER'})`);
    console.log(`home all JS loaded by the page (gzip):              ${homeKb.toFixed(1)} KB  (${[...new Set(home.scripts)].length} files)`);

    console.log('\npage              width   LCP ms (median of 3)   ratio to /about   CLS');
    for (const width of [375, 1280]) {
      const measure = async (route: string) => {
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await vitals(browser, `${base}${route}`, width));
        return { lcp: median(runs.map((r) => r.lcp)), cls: Math.max(...runs.map((r) => r.cls)) };
      };
      const baseline = await measure('/about');
      for (const [label, route] of [
        ['/about (baseline)', '/about'],
        ['home /', '/'],
        ['product', `/product/${productId}`],
      ] as const) {
        const m = route === '/about' ? baseline : await measure(route);
        console.log(
          `${label.padEnd(18)}${String(width).padEnd(8)}${m.lcp.toFixed(0).padStart(10)}            ${(m.lcp / baseline.lcp).toFixed(2).padStart(8)}×      ${m.cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    await browser.close();
    await app.close();
    await runtime.close();
    await db.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
