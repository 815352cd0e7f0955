import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { loginAdmin } from '../../helpers/test-runtime.js';
import { awaitHydrationOnLoad, throttleCpu, useStore, type E2EContext } from '../harness.js';

export interface ApiProduct {
  id: string;
  name: string;
  price: number;
  category: string;
  in_stock: boolean;
  stock_quantity: number;
  image: string;
  is_new: boolean;
  is_on_sale: boolean;
}

export const SCREENSHOT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

export async function apiJson<T>(store: E2EContext, route: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(`${store.baseUrl}/api${route}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const data = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route} → ${response.status} ${JSON.stringify(data)}`);
  return data;
}

/** The demo catalogue (79 products) in one page: lists are paged, 200 at most per answer. */
export async function products(store: E2EContext): Promise<ApiProduct[]> {
  const page = await apiJson<{ products: ApiProduct[]; total?: number }>(store, '/products?limit=200');
  expect(page.products.length, 'the demo catalogue fits one page of 200').toBe(page.total ?? page.products.length);
  return page.products;
}

/** A store seeded with the demo catalogue, and that catalogue as the API lists it, for one describe block. */
export function useShop(): { store: E2EContext; catalogue: ApiProduct[] } {
  const store = useStore();
  // Filled in place by the beforeAll (an array, so filter/find/slice work on it as on any list).
  const catalogue: ApiProduct[] = [];
  beforeAll(async () => {
    catalogue.splice(0, catalogue.length, ...(await products(store)));
  });
  return { store, catalogue };
}

/** A demo keychain under ₹800 (so below the ₹1,000 cash-on-delivery minimum) with at least `stock` units in stock. */
export async function cheapKeychain(store: E2EContext, stock: number): Promise<ApiProduct> {
  const keychain = (await products(store)).find((p) => p.category === 'Keychains' && p.in_stock && p.stock_quantity >= stock && p.price < 800);
  expect(keychain, `a keychain under ₹800 with ${stock} in stock`).toBeDefined();
  return keychain!;
}

export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.in`;
}

/** A shopper created through the API (faster than the form when the form is not what the test is about). */
export async function signUpShopper(store: E2EContext, fullName = 'Asha Verma') {
  const email = uniqueEmail();
  const password = 'secret123';
  const answer = await apiJson<{ token: string; user: { id: string } }>(store, '/auth/signup', {
    method: 'POST',
    body: { email, password, full_name: fullName, phone: '9876543210', pincode: '400001', address: '12 Marine Drive', city: 'Mumbai', state: 'Maharashtra' },
  });
  return { email, password, token: answer.token, userId: answer.user.id };
}

/** The status `POST /api/auth/login` answers for these credentials: 200 signed in, 401 refused. */
export async function loginStatus(store: E2EContext, email: string, password: string): Promise<number> {
  const response = await fetch(`${store.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await response.body?.cancel();
  return response.status;
}

export async function adminToken(store: E2EContext): Promise<string> {
  return (await loginAdmin(store.ctx.app)).token;
}

/** A fresh browser context at the given width, optionally already signed in. */
export async function openPage(browser: Browser, baseUrl: string, options: { width?: number; token?: string } = {}): Promise<Page> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width, height: width < 600 ? 800 : 900 },
    acceptDownloads: true,
    reducedMotion: 'reduce',
  });
  if (options.token) {
    await context.addInitScript((token) => {
      if (!sessionStorage.getItem('e2e-token-set')) {
        localStorage.setItem('auth_token', token);
        sessionStorage.setItem('e2e-token-set', '1');
      }
    }, options.token);
  }
  const page = awaitHydrationOnLoad(await context.newPage());
  await throttleCpu(page);
  page.setDefaultTimeout(15_000);
  return page;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`) });
}

export const toast = (page: Page, title: string) => page.locator('[data-testid=toast]').filter({ hasText: title }).first();

/** At checkout: Pay ₹… opens the payment window, the shopper closes it, and the 'Payment cancelled' toast shows. */
export async function openAndClosePaymentWindow(page: Page): Promise<void> {
  await page
    .locator('main form')
    .getByRole('button', { name: /^Pay ₹/ })
    .click();
  await page.getByTestId('payment-window').getByRole('button', { name: 'Close payment window' }).click();
  await toast(page, 'Payment cancelled').waitFor();
}

/** Every catalogue list the page received (`/api/products…` answers carrying `products`), to check what crossed the wire. */
export function recordProductLists(page: Page) {
  const lists: { url: string; count: number; bytes: number }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/products') || url.pathname.includes('image-proxy') || response.request().method() !== 'GET') return;
    try {
      const body = await response.body();
      const data = JSON.parse(body.toString('utf8')) as { products?: unknown[] };
      if (Array.isArray(data.products)) lists.push({ url: url.pathname + url.search, count: data.products.length, bytes: body.length });
    } catch {
      /* not JSON, or the page went away */
    }
  });
  return lists;
}

/** expect.poll with room for a loaded 2-core CI machine (its default gives up after 1 s). */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read);
