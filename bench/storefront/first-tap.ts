/**
 * First tap: is what a shopper does on a server-rendered page before the app has started honoured, and how soon does
 * the page show it took the tap? (docs/decisions/0010-early-actions.md)
 *
 * Chromium at 390×844, CPU slowed 4× and a slow-4G network (150 ms, 1.6 Mbit/s down, 750 kbit/s up), a fresh context per
 * try, against the real server with the demo catalogue, then (`--sizes`) with generated products imported up to each
 * further size. Per size it prints:
 * - untouched loads per page: first contentful paint, largest paint, app started, the dead window between them, and the
 *   HTML / JS / CSS bytes transferred until the app has started;
 * - per control, the tap (or the typing and Enter) 0, STEP, 2×STEP … ms after the first contentful paint, as long as
 *   the app has not started when it lands; the outcome is read once the app has started: tries, share honoured, time
 *   from the tap to the first visible feedback (aria-busy on the control, a toast, the next page's paint) p50/p75;
 * - the web-vitals library's INP (onINP, reportAllChanges) of scripted sessions per page, with the element, event and
 *   input delay / processing / presentation split of the worst session's INP interaction: taps at the first paint and
 *   more once the app has started; p75 and max over the sessions.
 * `--compare-start` does the loads and the INP sessions twice, with the app started as it is (after the load event and
 * the largest paint) and at DOMContentLoaded (`?app-start=dcl`, web/src/main.tsx), and runs Lighthouse mobile on the
 * four storefront pages both ways (`--lighthouse-runs`, median run).
 *
 * Usage: npx tsx bench/storefront/first-tap.ts [--sizes 80,100000] [--step 250] [--max-tries 6] [--inp-sessions 3]
 *        [--compare-start [--lighthouse-runs 1]] [--quick]   (builds web/ first if missing; --quick: size 80, 2 tries, 1 session)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { buildApp } from '../../src/app.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { arg, benchEnv, loadAverage, percentile, silent, startBenchDatabase } from '../lib/harness.js';
import { addProducts, lighthouseStorefront, printLighthouse } from './lighthouse.js';

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
  return { context, page, cdp };
}

/** How the app is started: the default (after the load event and the largest paint), or `?app-start=dcl` (at once). */
type Start = 'load' | 'dcl';
const START_LABEL: Record<Start, string> = { load: 'after load + largest paint', dcl: 'at DOMContentLoaded' };
const withStart = (url: string, start: Start) => (start === 'dcl' ? `${url}${url.includes('?') ? '&' : '?'}app-start=dcl` : url);

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

interface Load {
  fcp: number;
  lcp: number;
  appStart: number;
  /** Bytes on the wire (headers and body, compressed as sent) until the app has started, by kind. */
  bytes: { html: number; js: number; css: number };
  encodings: Set<string>;
}

// The page's largest contentful paint so far, kept where the bench can read it.
const OBSERVE_LCP = `new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });`;

/** One untouched load of a page on the same profile: when it paints, when its app has started, what it transferred. */
async function untouched(browser: Browser, base: string, path: string): Promise<Load> {
  const { context, page, cdp } = await slowPhone(browser, base);
  const kinds = new Map<string, 'html' | 'js' | 'css'>();
  const bytes = { html: 0, js: 0, css: 0 };
  const encodings = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    const kind = event.type === 'Document' ? 'html' : event.type === 'Script' ? 'js' : event.type === 'Stylesheet' ? 'css' : null;
    if (!kind) return;
    kinds.set(event.requestId, kind);
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    encodings.add(`${kind} ${headers['content-encoding'] ?? 'identity'}`);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const kind = kinds.get(event.requestId);
    if (kind) bytes[kind] += event.encodedDataLength;
  });
  try {
    await page.addInitScript(OBSERVE_LCP);
    await page.goto(path, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('app-started').length > 0, null, { polling: 50, timeout: 60_000 });
    // Chunks the started app still fetches (a route's lazy parts) come within a moment.
    await page.waitForTimeout(500);
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      lcp: (window as unknown as { __lcp?: number }).__lcp ?? NaN,
      appStart: performance.getEntriesByName('app-started')[0]!.startTime,
    }));
    return { ...timings, bytes: { ...bytes }, encodings };
  } finally {
    await context.close();
  }
}

/**
 * The web-vitals library's INP (its attribution build), every change reported (`reportAllChanges`), interactions from
 * 16 ms on (the library's default, 40 ms, leaves faster ones out), kept in the page for the bench to read with what
 * the INP interaction was: its element, its event and its input delay / processing / presentation split.
 */
const WEB_VITALS_INP = `${readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('web-vitals')), 'web-vitals.attribution.iife.js'), 'utf8')}
;webVitals.onINP((metric) => { var a = metric.attribution; window.__inp = metric.value; window.__inpReports = (window.__inpReports || 0) + 1;
window.__inpAttribution = { target: a.interactionTarget, type: a.interactionType, inputDelay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay }; }, { reportAllChanges: true, durationThreshold: 16 });`;

/** What the INP interaction of a session was (web-vitals attribution). */
interface InpAttribution {
  target: string;
  type: string;
  inputDelay: number;
  processing: number;
  presentation: number;
}

const describeInp = (a: InpAttribution) =>
  `${a.type} on \`${a.target || '(removed)'}\`: ${a.inputDelay.toFixed(0)} / ${a.processing.toFixed(0)} / ${a.presentation.toFixed(0)} ms`;

type Step = (page: Page) => Promise<unknown>;
interface Session {
  path: string;
  /** Taps at the first contentful paint, while the app has (most likely) not started. */
  early: Step[];
  /** Taps once the app has started. */
  live: Step[];
}

const tapIfThere = (locator: Locator) => locator.click({ timeout: 3000 });
const cardAdd = (page: Page) => tapIfThere(page.locator('.product-card__add:not([disabled])').first());
const cardHeart = (page: Page) =>
  tapIfThere(
    page
      .getByTestId('product-card')
      .first()
      .getByRole('button', { name: /wishlist/i }),
  );

/** A shopper's session per page: what they tap before the app has started, then once it has. */
function sessions(productId: string): Session[] {
  return [
    {
      path: `/product/${productId}`,
      early: [
        (page) => tapIfThere(page.getByRole('button', { name: /Add to Wishlist/ })),
        (page) => tapIfThere(page.getByRole('button', { name: 'ADD TO CART' })),
      ],
      live: [
        (page) => page.getByLabel('Quantity').selectOption('2', { timeout: 3000 }),
        (page) => tapIfThere(page.getByRole('button', { name: 'ADD TO CART' })),
        (page) => tapIfThere(page.getByRole('button', { name: /In Wishlist|Add to Wishlist/ }).first()),
      ],
    },
    {
      path: '/anime-figures',
      early: [cardAdd, cardHeart],
      live: [
        (page) => tapIfThere(page.getByRole('button', { name: 'List view' })),
        (page) => tapIfThere(page.getByRole('button', { name: 'Grid view' })),
        (page) => page.getByLabel('Sort by').selectOption('price-low', { timeout: 3000 }),
        cardAdd,
      ],
    },
    {
      path: '/',
      early: [(page) => tapIfThere(page.getByRole('button', { name: 'Load More' }))],
      live: [(page) => tapIfThere(page.getByRole('button', { name: 'Load More' })), cardAdd],
    },
    {
      path: '/products',
      early: [cardAdd],
      live: [cardHeart, cardAdd, (page) => tapIfThere(page.getByRole('link', { name: 'Page 2' }))],
    },
  ];
}

/** One scripted session: its INP (null when no interaction was reported), and how many taps landed before the app started. */
async function inpSession(browser: Browser, base: string, session: Session, start: Start) {
  const { context, page } = await slowPhone(browser, base);
  try {
    await page.addInitScript(WEB_VITALS_INP);
    await page.goto(withStart(session.path, start), { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 50, timeout: 30_000 });
    let beforeStart = 0;
    let taps = 0;
    for (const step of session.early) {
      const started = await page.evaluate(() => performance.getEntriesByName('app-started').length > 0);
      if (
        await step(page).then(
          () => true,
          () => false,
        )
      ) {
        taps++;
        if (!started) beforeStart++;
      }
    }
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
    // A shopper's pace: a moment between taps (the toast of a recorded tap comes first).
    await page.waitForTimeout(500);
    for (const step of session.live) {
      if (
        await step(page).then(
          () => true,
          () => false,
        )
      )
        taps++;
      await page.waitForTimeout(300);
    }
    // Event timing entries arrive after the next paint; the library reports them from its observer a moment later.
    await page.waitForTimeout(1000);
    const { inp, attribution } = await page.evaluate(() => {
      const w = window as unknown as { __inp?: number; __inpAttribution?: InpAttribution };
      return { inp: w.__inp ?? null, attribution: w.__inpAttribution ?? null };
    });
    return { inp, attribution, taps, beforeStart };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => (values.length ? percentile(values, 50).toFixed(0) : '–');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pageName = (path: string) => (path.startsWith('/product/') ? '/product/{id}' : path);

async function measureSize(
  browser: Browser,
  base: string,
  productId: string,
  options: { step: number; maxTries: number; inpSessions: number; starts: Start[]; lighthouseRuns: number },
) {
  const paths = [...new Set(controls(productId).map((c) => c.path))];
  console.log('');
  console.log(`untouched loads (median of 2 per row); ${loadAverage()}`);
  console.log('| page | app starts | first contentful paint | largest paint | app started | dead window | HTML | JS | CSS | encodings |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const path of paths) {
    for (const start of options.starts) {
      const loads = [await untouched(browser, base, withStart(path, start)), await untouched(browser, base, withStart(path, start))];
      const fcp = percentile(
        loads.map((l) => l.fcp),
        50,
      );
      const appStart = percentile(
        loads.map((l) => l.appStart),
        50,
      );
      const bytes = loads[0]!.bytes;
      console.log(
        `| ${pageName(path)} | ${START_LABEL[start]} | ${fcp.toFixed(0)} ms | ${median(loads.map((l) => l.lcp))} ms | ${appStart.toFixed(0)} ms | ${(appStart - fcp).toFixed(0)} ms | ${kb(bytes.html)} | ${kb(bytes.js)} | ${kb(bytes.css)} | ${[...loads[0]!.encodings].join(', ')} |`,
      );
    }
  }

  if (options.maxTries > 0) {
    console.log('');
    console.log(`taps every ${options.step} ms after FCP until the app has started (at most ${options.maxTries}); ${loadAverage()}`);
    console.log('| page: control | taps before the app started | honoured | tap → feedback p50 | p75 |');
    console.log('|---|---|---|---|---|');
    let all = 0;
    let allHonoured = 0;
    const allFeedback: number[] = [];
    for (const control of controls(productId)) {
      const tries: Try[] = [];
      for (let i = 0; i < options.maxTries; i++) {
        const result = await attempt(browser, base, control, i * options.step);
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
      `all controls: ${allHonoured}/${all} honoured (${all ? ((100 * allHonoured) / all).toFixed(1) : '–'} %), feedback p75 ${allFeedback.length ? percentile(allFeedback, 75).toFixed(0) : '–'} ms; ${loadAverage()}`,
    );
  }

  if (options.inpSessions > 0) {
    console.log('');
    console.log(
      `INP (web-vitals onINP, reportAllChanges) of ${options.inpSessions} scripted sessions per page: taps at the first paint, then after the app started; ${loadAverage()}`,
    );
    console.log(
      '| page | app starts | sessions | taps (before the app started) | INP p75 | INP max | worst: event on element, input delay / processing / presentation |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const session of sessions(productId)) {
      for (const start of options.starts) {
        const runs = [];
        for (let i = 0; i < options.inpSessions; i++) runs.push(await inpSession(browser, base, session, start));
        const values = runs.map((r) => r.inp).filter((v): v is number => v !== null);
        const worst = runs.reduce<(typeof runs)[number] | null>((w, r) => (r.inp !== null && (w === null || r.inp > w.inp!) ? r : w), null);
        console.log(
          `| ${pageName(session.path)} | ${START_LABEL[start]} | ${runs.length} | ${runs.reduce((n, r) => n + r.taps, 0)} (${runs.reduce((n, r) => n + r.beforeStart, 0)}) | ${values.length ? `${percentile(values, 75).toFixed(0)} ms` : '–'} | ${values.length ? `${Math.max(...values).toFixed(0)} ms` : '–'} | ${worst?.attribution ? describeInp(worst.attribution) : '–'} |`,
        );
      }
    }
    console.log(`${loadAverage()}`);
  }

  if (options.lighthouseRuns > 0) {
    for (const start of options.starts) {
      console.log('');
      console.log(`before: ${loadAverage()}`);
      const rows = await lighthouseStorefront(base, { runs: options.lighthouseRuns, ...(start === 'dcl' ? { query: 'app-start=dcl' } : {}) });
      printLighthouse(rows, `app started ${START_LABEL[start]}, median of ${options.lighthouseRuns}; after: ${loadAverage()}`);
    }
  }
}

async function main() {
  const step = arg('step', 250);
  const quick = process.argv.includes('--quick');
  const maxTries = arg('max-tries', quick ? 2 : 6);
  const inpSessions = arg('inp-sessions', quick ? 1 : 3);
  const sizesAt = process.argv.indexOf('--sizes');
  const sizes = (sizesAt > 0 ? process.argv[sizesAt + 1]! : quick ? '80' : '80,100000').split(',').map(Number);
  const compareStart = process.argv.includes('--compare-start');
  const starts: Start[] = compareStart ? ['load', 'dcl'] : ['load'];
  const lighthouseRuns = compareStart ? arg('lighthouse-runs', 1) : 0;
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
    // The same demo product at every size.
    const product = products.find((p) => p.in_stock && p.stock_quantity >= 5 && p.category === 'Anime Figures') ?? products.find((p) => p.in_stock)!;
    console.log(
      `first tap: 390x844, CPU 4x, slow 4G (150 ms, 1.6 Mbit/s); sizes ${sizes.join(', ')}; app starts ${starts.map((s) => START_LABEL[s]).join(' / ')}; ${loadAverage()}`,
    );
    for (const size of sizes) {
      const total = async () => ((await (await fetch(`${base}/api/products?limit=1`)).json()) as { total: number }).total;
      const missing = size - (await total());
      if (size > 80 && missing > 0) await addProducts(base, missing);
      console.log('');
      console.log(`## ${(await total()).toLocaleString('en-US')} products listed (size ${size.toLocaleString('en-US')}); ${loadAverage()}`);
      await measureSize(browser, base, product.id, { step, maxTries, inpSessions, starts, lighthouseRuns });
    }
    console.log('');
    console.log(`done; ${loadAverage()}`);
  } finally {
    await browser.close();
    await app.close();
    await runtime.close();
    await db.stop();
  }
}

await main();
