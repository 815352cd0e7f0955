/**
 * Bytes per storefront page: what a shopper's browser transfers for home, a category page, a product page, a search
 * page and all products — HTML, JavaScript and CSS as sent on the wire (compressed: the encodings are printed), until
 * the page's app has started (`<html data-hydrated>`) and a moment after, for the lazy chunks it fetches then.
 *
 * Measures a fresh store of this checkout (demo catalogue; `web/dist` as built: `node scripts/build-frontends.mjs`)
 * and, with `--baseline DIR`, one of another checkout (a worktree of an older commit, its own `web/dist` and
 * `node_modules`), and prints both side by side.
 *
 * Usage: npx tsx bench/storefront/bytes-per-page.ts [--baseline /path/to/older/worktree] [--by-file]
 * `--by-file` also lists, per page, every file whose bytes differ from the baseline's (or every file, without one).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { loadAverage } from '../lib/harness.js';
import { startFreshStore, storefrontPages } from './lighthouse.js';

type Kind = 'html' | 'js' | 'css';
interface PageBytes {
  page: string;
  bytes: Record<Kind, number>;
  encodings: Set<string>;
  /** Bytes on the wire per file, by its name without the build's content hash (`boot-B5JYi6j3.js` → `boot.js`). */
  files: Map<string, number>;
}

/** A built asset's name without its content hash, so one chunk matches across two builds; a page keeps its path. */
function fileKey(url: string, kind: Kind): string {
  if (kind === 'html') return '(html)';
  const name = new URL(url).pathname.split('/').pop() ?? url;
  return name.replace(/-[A-Za-z0-9_-]{8}(\.\w+)$/, '$1');
}

/** One load of `url` in a fresh context: bytes by kind until the app has started (at most 30 s) and 1 s more. */
async function bytesOf(browser: Browser, url: string): Promise<Omit<PageBytes, 'page'>> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const kinds = new Map<string, Kind>();
  const bytes: Record<Kind, number> = { html: 0, js: 0, css: 0 };
  const encodings = new Set<string>();
  const files = new Map<string, number>();
  const names = new Map<string, string>();
  cdp.on('Network.responseReceived', (event) => {
    const kind: Kind | null = event.type === 'Document' ? 'html' : event.type === 'Script' ? 'js' : event.type === 'Stylesheet' ? 'css' : null;
    if (!kind) return;
    kinds.set(event.requestId, kind);
    names.set(event.requestId, fileKey(event.response.url, kind));
    const encoding = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    encodings.add(`${kind} ${encoding ?? 'identity'}`);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const kind = kinds.get(event.requestId);
    if (!kind) return;
    bytes[kind] += event.encodedDataLength;
    const name = names.get(event.requestId)!;
    files.set(name, (files.get(name) ?? 0) + event.encodedDataLength);
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
    await page.waitForTimeout(1000);
    return { bytes, encodings, files };
  } finally {
    await context.close();
  }
}

async function measure(browser: Browser, checkout: string): Promise<PageBytes[]> {
  if (!existsSync(path.join(checkout, 'web/dist/index.html'))) throw new Error(`${checkout}: build its web/ first (node scripts/build-frontends.mjs)`);
  const store = await startFreshStore(checkout);
  try {
    const pages = [...(await storefrontPages(store.baseUrl)), { page: 'all products', url: `${store.baseUrl}/products` }];
    const rows: PageBytes[] = [];
    for (const { page, url } of pages) rows.push({ page, ...(await bytesOf(browser, url)) });
    return rows;
  } finally {
    await store.stop();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const total = (b: Record<Kind, number>) => b.html + b.js + b.css;

const at = process.argv.indexOf('--baseline');
const baseline = at > 0 ? path.resolve(process.argv[at + 1]!) : null;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync', '--disable-dev-shm-usage'],
});
try {
  console.log(`bytes per page (HTML + JS + CSS on the wire until the app has started); ${loadAverage()}`);
  const current = await measure(browser, process.cwd());
  const before = baseline ? await measure(browser, baseline) : null;
  if (before) console.log(`baseline: ${baseline}`);
  console.log(
    before
      ? '| page | HTML (baseline → now) | JS | CSS | total | change |\n|---|---|---|---|---|---|'
      : '| page | HTML | JS | CSS | total |\n|---|---|---|---|---|',
  );
  for (const row of current) {
    const old = before?.find((b) => b.page === row.page);
    const cell = (kind: Kind) => (old ? `${kb(old.bytes[kind])} → ${kb(row.bytes[kind])}` : kb(row.bytes[kind]));
    const sum = old ? `${kb(total(old.bytes))} → ${kb(total(row.bytes))}` : kb(total(row.bytes));
    const change = old ? ` ${total(row.bytes) >= total(old.bytes) ? '+' : ''}${kb(total(row.bytes) - total(old.bytes))} |` : '';
    console.log(`| ${row.page} | ${cell('html')} | ${cell('js')} | ${cell('css')} | ${sum} |${change}`);
  }
  if (process.argv.includes('--by-file')) {
    for (const row of current) {
      const old = before?.find((b) => b.page === row.page);
      const names = [...new Set([...row.files.keys(), ...(old?.files.keys() ?? [])])].sort();
      const lines = names
        .map((name) => ({ name, was: old?.files.get(name) ?? 0, now: row.files.get(name) ?? 0 }))
        .filter(({ was, now }) => !old || was !== now)
        .map(({ name, was, now }) => (old ? `  ${name}: ${kb(was)} → ${kb(now)} (${now >= was ? '+' : ''}${now - was} B)` : `  ${name}: ${kb(now)}`));
      console.log(`${row.page}:\n${lines.join('\n') || '  (no file differs)'}`);
    }
  }
  console.log(`encodings: ${[...new Set(current.flatMap((r) => [...r.encodings]))].join(', ')}; ${loadAverage()}`);
} finally {
  await browser.close();
}
