import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createTestApp, type TestContext } from '../helpers/test-runtime.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export interface E2EContext {
  ctx: TestContext;
  server: FastifyInstance;
  baseUrl: string;
  browser: Browser;
  /** Every Content-Security-Policy violation any page of `newPage()` reported (console or securitypolicyviolation). */
  cspViolations: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

const CSP_MESSAGE = /Content Security Policy|CSP violation/i;

/**
 * Records CSP violations of a page: Chromium logs each refusal to the console, and the init script reports the
 * securitypolicyviolation event (init scripts run outside the page's CSP).
 */
export async function watchCsp(page: Page, violations: string[]): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  page.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
}

/**
 * Resolves once the page in the tab can be used: a server-rendered page (it carries `#ssr-data`) only after React has
 * hydrated it (web/src/lib/hydration.ts marks `<html data-hydrated="true">`); before that its links and buttons are
 * plain HTML that ignore clicks. Other pages (client-rendered, admin, JSON) at once.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('ssr-data') || document.documentElement.dataset.hydrated === 'true');
}

/**
 * `E2E_CPU_THROTTLE=4` runs every journey page on a CPU that many times slower (Chromium's CDP
 * Emulation.setCPUThrottlingRate), as a slow phone would: it widens the race windows of hydration and first reads, to
 * hunt flaky journeys. Unset: no throttling.
 */
export async function throttleCpu(page: Page): Promise<void> {
  const rate = Number(process.env.E2E_CPU_THROTTLE ?? '');
  if (!Number.isFinite(rate) || rate <= 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Every navigation that loads a document (goto, reload, back, forward) waits for the page's hydration before it returns. */
export function awaitHydrationOnLoad(page: Page): Page {
  for (const method of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      await waitForHydration(page);
      return response;
    };
  }
  return page;
}

export interface StoreOptions {
  /** Seed the demo catalogue and carousels (default true). */
  seedDemo?: boolean;
}

/** Starts the whole store (API + built SPAs) on a free port with a fresh database, and a headless Chromium. */
export async function startStore(options: StoreOptions = {}): Promise<E2EContext> {
  if (!CHROMIUM) throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  const ctx = await createTestApp({ env: { SEED_DEMO: options.seedDemo === false ? 'false' : 'true' } });
  const server = await buildApp(ctx.runtime, { serveFrontends: true });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const cspViolations: string[] = [];
  return {
    ctx,
    server,
    baseUrl,
    browser,
    cspViolations,
    newPage: async () => {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
      const page = awaitHydrationOnLoad(await context.newPage());
      await throttleCpu(page);
      await watchCsp(page, cspViolations);
      return page;
    },
    close: async () => {
      await browser.close();
      await server.close();
      await ctx.close();
      // Every journey doubles as a CSP check: a violation anywhere fails the file that caused it.
      if (cspViolations.length > 0) throw new Error(`Content-Security-Policy violations:\n${cspViolations.join('\n')}`);
    },
  };
}

/**
 * One store for the enclosing describe block (or file): started in a `beforeAll`, closed in an `afterAll`. The object
 * returned stands for that store from the first `beforeAll` on, so a journey writes `const store = useStore()` and
 * states only what differs (a later `beforeAll` of the block already sees the started store).
 */
export function useStore(options: StoreOptions = {}): E2EContext {
  let started: E2EContext | undefined;
  beforeAll(async () => {
    started = await startStore(options);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  const current = (key: PropertyKey) => {
    if (!started) throw new Error(`the store is used outside its describe block's tests (reading ${String(key)})`);
    return started;
  };
  return new Proxy({} as E2EContext, {
    get: (_target, key) => Reflect.get(current(key), key) as unknown,
    has: (_target, key) => Reflect.has(current(key), key),
  });
}
