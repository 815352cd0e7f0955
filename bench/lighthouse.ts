/**
 * Lighthouse (mobile preset, default throttling) on the four storefront pages a shopper lands on: home, a category page,
 * a product page and a search page, against a running store. Prints performance / LCP / TBT / CLS / total bytes.
 *   npx tsx bench/lighthouse.ts http://127.0.0.1:3000 [--runs 3]
 * `lighthouseStorefront(baseUrl)` is the same as a function, for benches that seed a store first (storefront-scale).
 * Uses the npm `lighthouse` package driving Debian's /usr/bin/chromium (CHROMIUM_PATH to override).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pathToFileURL } from 'node:url';

export interface LighthouseRow {
  page: string;
  url: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];

/** The four pages, with a real product id and a search term that matches. */
export async function storefrontPages(baseUrl: string): Promise<{ page: string; url: string }[]> {
  const answer = (await (await fetch(`${baseUrl}/api/products/category/anime-figures?limit=1`)).json()) as { products?: { id: string }[] };
  const id = answer.products?.[0]?.id;
  if (!id) throw new Error(`no anime figure at ${baseUrl}: seed the store first`);
  return [
    { page: 'home', url: `${baseUrl}/` },
    { page: 'category', url: `${baseUrl}/anime-figures` },
    { page: 'product', url: `${baseUrl}/product/${encodeURIComponent(id)}` },
    { page: 'search', url: `${baseUrl}/search?q=naruto` },
  ];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** Each page `runs` times (cold: Lighthouse clears the cache and storage per run); the median run by performance score. */
export async function lighthouseStorefront(baseUrl: string, options: { runs?: number } = {}): Promise<LighthouseRow[]> {
  const runs = options.runs ?? 1;
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows: LighthouseRow[] = [];
  try {
    for (const { page, url } of await storefrontPages(baseUrl)) {
      const samples: LighthouseRow[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        samples.push({
          page,
          url,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: Math.round(audit('largest-contentful-paint')),
          tbtMs: Math.round(audit('total-blocking-time')),
          cls: Number(audit('cumulative-layout-shift').toFixed(3)),
          totalBytes: Math.round(audit('total-byte-weight')),
        });
      }
      const score = median(samples.map((s) => s.performance));
      rows.push(samples.find((s) => s.performance === score)!);
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

export function printLighthouse(rows: LighthouseRow[], label = ''): void {
  console.log(`Lighthouse mobile${label ? ` — ${label}` : ''}`);
  console.log(`${'page'.padEnd(10)} ${'perf'.padStart(4)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'bytes'.padStart(9)}  url`);
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(10)} ${String(r.performance).padStart(4)} ${String(r.lcpMs).padStart(7)} ${String(r.tbtMs).padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${r.totalBytes.toLocaleString('en-US').padStart(9)}  ${r.url}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const baseUrl = (process.argv.slice(2).find((a) => /^https?:\/\//.test(a)) ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const runsAt = process.argv.indexOf('--runs');
  const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 1;
  printLighthouse(await lighthouseStorefront(baseUrl, { runs }), baseUrl);
}
