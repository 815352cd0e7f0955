/**
 * First tap: is what a shopper does on a server-rendered page before the app has started honoured, and how soon does
 * the page show it took the tap? (docs/decisions/0010-early-actions.md)
 *
 * Chromium at 390×844, CPU slowed 4× and a slow-4G network (150 ms, 1.6 Mbit/s down, 750 kbit/s up), a fresh context per
 * try, against the real server with the demo catalogue. For each page and control, the tap (or the typing and Enter)
 * comes 0, STEP, 2×STEP … ms after the first contentful paint, as long as the app has not started when it lands; then
 * the outcome is read once the app has started. Prints, per control: tries, share honoured, time from the tap to the
 * first visible feedback (aria-busy on the control, a toast, the next page's paint) p50/p75, first paint and app start.
 *
 * Usage: npx tsx bench/storefront/first-tap.ts [--step 250] [--max-tries 6] [--quick]   (builds web/ first if missing)
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildApp } from '../../src/app.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { arg, benchEnv, loadAverage, percentile, silent, startBenchDatabase } from '../lib/harness.js';

interface Control {
  name: string;
  path: string;
  /** Performs the shopper's action. */
  act(page: Page): Promise<void>;
  /** After the app started: what the shopper asked for happened. */
  honoured(page: Page): Promise<boolean>;
}

const cartCount = async (page: Page) =>
  (
    await page
      .getByTestId('cart-count')
      .first()
      .textContent({ timeout: 2000 })
      .catch(() => null)
  )?.trim();

/** Polls `check` for up to 5 s (the app carries a recorded tap out a moment after it starts). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + 5000;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function controls(productId: string): Control[] {
  return [
    {
      name: 'product: Add to Cart',
      path: `/product/${productId}`,
      act: (page) => page.getByRole('button', { name: 'ADD TO CART' }).click(),
      honoured: async (page) => (await cartCount(page)) === '1',
    },
    {
      name: 'product: Buy Now (guest)',
      path: `/product/${productId}`,
      act: (page) => page.getByRole('button', { name: 'BUY NOW' }).click(),
      honoured: async (page) => page.url().includes('/login'),
    },
    {
      name: 'product: wishlist heart',
      path: `/product/${productId}`,
      act: (page) => page.getByRole('button', { name: /Add to Wishlist/ }).click(),
      honoured: async (page) => (await page.getByRole('button', { name: /In Wishlist/ }).count()) === 1,
    },
    {
      name: 'category: card Add to Cart',
      path: '/anime-figures',
      act: (page) => page.locator('.product-card__add:not([disabled])').first().click(),
      honoured: async (page) => (await cartCount(page)) === '1',
    },
    {
      name: 'category: search + Enter',
      path: '/anime-figures',
      act: async (page) => {
        await page.getByRole('searchbox', { name: 'Search in this category' }).fill('naruto');
        await page.getByRole('searchbox', { name: 'Search in this category' }).press('Enter');
      },
      honoured: async (page) =>
        new URL(page.url()).searchParams.get('q') === 'naruto' &&
        (await page.getByRole('searchbox', { name: 'Search in this category' }).inputValue()) === 'naruto',
    },
    {
      name: 'category: sort',
      path: '/anime-figures',
      act: async (page) => void (await page.getByLabel('Sort by').selectOption('price-low')),
      honoured: async (page) => new URL(page.url()).searchParams.get('sort') === 'price-low',
    },
    {
      name: 'category: list view',
      path: '/anime-figures',
      act: (page) => page.getByRole('button', { name: 'List view' }).click(),
      honoured: async (page) => (await page.getByRole('button', { name: 'List view' }).getAttribute('aria-pressed')) === 'true',
    },
    {
      name: 'home: Load More',
      path: '/',
      act: (page) => page.getByRole('button', { name: 'Load More' }).click(),
      honoured: async (page) => (await page.locator('#featured').getByTestId('product-card').count()) > 8,
    },
    {
      name: 'home: header search + Enter',
      path: '/',
      act: async (page) => {
        await page.getByRole('searchbox', { name: 'Search products' }).fill('goku');
        await page.getByRole('searchbox', { name: 'Search products' }).press('Enter');
      },
      honoured: async (page) => page.url().includes('/search?q=goku'),
    },
    {
      name: 'all products: page 2',
      path: '/products',
      act: (page) => page.getByRole('link', { name: 'Page 2' }).click(),
      honoured: async (page) => new URL(page.url()).searchParams.get('page') === '2',
    },
  ];
}

/**
 * In every document of the tab: the tap's time (the event's own timestamp: pointerdown, Enter, a select's change) and
 * the first visible answer to it, both as epoch milliseconds in sessionStorage so they survive a navigation. The
 * answer is the control marked busy, a toast, a pressed heart, the navigation bar — or the next page's first
 * contentful paint, whichever comes first.
 */
// A string, not a function: tsx names the functions it compiles (`__name(...)`), which does not exist in the page.
const MEASURE_IN_PAGE = `(() => {
  const s = sessionStorage;
  const now = () => performance.timeOrigin + performance.now();
  const tap = (timeStamp) => {
    if (s.getItem('armed') !== '1' || s.getItem('tapAt')) return;
    s.setItem('tapAt', String(performance.timeOrigin + timeStamp));
    s.setItem('tapHref', location.href);
  };
  addEventListener('pointerdown', (e) => tap(e.timeStamp), true);
  addEventListener('keydown', (e) => e.key === 'Enter' && tap(e.timeStamp), true);
  addEventListener('change', (e) => e.target.tagName === 'SELECT' && tap(e.timeStamp), true);
  const answered = (at) => {
    if (s.getItem('tapAt') && !s.getItem('answerAt')) s.setItem('answerAt', String(at));
  };
  new MutationObserver(() => {
    if (!s.getItem('tapAt') || s.getItem('tapHref') !== location.href) return;
    if (document.querySelector('html[data-navigating], [data-early-queued], [data-testid=toast], .purchase [aria-pressed=true]')) requestAnimationFrame(() => answered(now()));
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-early-queued', 'aria-pressed', 'data-navigating'] });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint' && s.getItem('tapHref') && s.getItem('tapHref') !== location.href) answered(performance.timeOrigin + entry.startTime);
  }).observe({ type: 'paint', buffered: true });
})();`;

/** A fresh context on the bench's phone profile: 390×844, CPU slowed 4×, slow 4G. */
async function slowPhone(browser: Browser, base: string) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return { context, page };
}

interface Try {
  tapAfterFcp: number;
  honoured: boolean;
  feedbackMs: number | null;
}

async function attempt(browser: Browser, base: string, control: Control, delay: number): Promise<Try | 'started'> {
  const { context, page } = await slowPhone(browser, base);
  try {
    await page.addInitScript(MEASURE_IN_PAGE);
    await page.goto(control.path, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 50, timeout: 30_000 });
    const appStartOf = () => page.evaluate(() => performance.getEntriesByName('app-started')[0]?.startTime ?? null);
    await page.waitForTimeout(delay);
    if ((await appStartOf()) !== null) return 'started';
    await page.evaluate(() => sessionStorage.setItem('armed', '1'));
    await control.act(page);
    // The app of the page the shopper is on now (the first one, or the page a navigation led to) has started.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 }).catch(() => undefined);
    const honoured = await eventually(() => control.honoured(page));
    const { tapAt, answerAt } = await page.evaluate(() => ({
      tapAt: Number(sessionStorage.getItem('tapAt')),
      answerAt: Number(sessionStorage.getItem('answerAt')),
    }));
    return { tapAfterFcp: delay, honoured, feedbackMs: tapAt && answerAt ? answerAt - tapAt : null };
  } finally {
    await context.close();
  }
}

/** One untouched load of a page on the same profile: when it paints, when its app has started. */
async function untouched(browser: Browser, base: string, path: string) {
  const { context, page } = await slowPhone(browser, base);
  try {
    await page.goto(path, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('app-started').length > 0, null, { polling: 50, timeout: 60_000 });
    return page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      appStart: performance.getEntriesByName('app-started')[0]!.startTime,
    }));
  } finally {
    await context.close();
  }
}

async function main() {
  const step = arg('step', 250);
  const maxTries = process.argv.includes('--quick') ? 2 : arg('max-tries', 6);
  if (!existsSync(path.resolve('web/dist/index.html'))) execFileSync(process.execPath, ['scripts/build-frontends.mjs'], { stdio: 'inherit' });
  const db = await startBenchDatabase();
  const env = benchEnv(path.join(db.dir, 'data'), { NODE_ENV: 'test', SEED_DEMO: 'true' });
  const runtime = await createRuntime({ env, log: silent, connectionString: await db.createDatabase(), limits: NO_LIMITS });
  const app = await buildApp(runtime, { serveFrontends: true });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync', '--disable-dev-shm-usage'],
  });
  try {
    const products = (
      (await (await fetch(`${base}/api/products?limit=200`)).json()) as {
        products: { id: string; in_stock: boolean; stock_quantity: number; category: string }[];
      }
    ).products;
    const product = products.find((p) => p.in_stock && p.stock_quantity >= 5 && p.category === 'Anime Figures') ?? products.find((p) => p.in_stock)!;
    console.log(`first tap: 390x844, CPU 4x, slow 4G; taps every ${step} ms after FCP until the app has started (at most ${maxTries}); load ${loadAverage()}`);
    const median = (values: number[]) => (values.length ? percentile(values, 50).toFixed(0) : '–');
    console.log('| page (untouched load) | first contentful paint | app started | dead window |');
    console.log('|---|---|---|---|');
    for (const path of [...new Set(controls(product.id).map((c) => c.path))]) {
      const loads = [await untouched(browser, base, path), await untouched(browser, base, path)];
      const fcp = median(loads.map((l) => l.fcp));
      const start = median(loads.map((l) => l.appStart));
      console.log(`| ${path.startsWith('/product/') ? '/product/{id}' : path} | ${fcp} ms | ${start} ms | ${Number(start) - Number(fcp)} ms |`);
    }
    console.log('');
    console.log('| page: control | taps before the app started | honoured | tap → feedback p50 | p75 |');
    console.log('|---|---|---|---|---|');
    let all = 0;
    let allHonoured = 0;
    const allFeedback: number[] = [];
    for (const control of controls(product.id)) {
      const tries: Try[] = [];
      for (let i = 0; i < maxTries; i++) {
        const result = await attempt(browser, base, control, i * step);
        if (result === 'started') break;
        tries.push(result);
      }
      const feedback = tries.map((t) => t.feedbackMs).filter((v): v is number => v !== null);
      const honoured = tries.filter((t) => t.honoured).length;
      all += tries.length;
      allHonoured += honoured;
      allFeedback.push(...feedback);
      console.log(
        `| ${control.name} | ${tries.length} | ${tries.length ? ((100 * honoured) / tries.length).toFixed(0) : '–'} % | ${median(feedback)} ms | ${feedback.length ? percentile(feedback, 75).toFixed(0) : '–'} ms |`,
      );
    }
    console.log(
      `all controls: ${allHonoured}/${all} honoured (${all ? ((100 * allHonoured) / all).toFixed(1) : '–'} %), feedback p75 ${allFeedback.length ? percentile(allFeedback, 75).toFixed(0) : '–'} ms; load ${loadAverage()}`,
    );
  } finally {
    await browser.close();
    await app.close();
    await runtime.close();
    await db.stop();
  }
}

await main();
