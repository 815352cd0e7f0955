import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { loginAdmin } from '../../helpers/test-runtime.js';
import type { E2EContext } from '../harness.js';

export interface ApiProduct {
  id: string;
  name: string;
  price: number;
  category: string;
  in_stock: boolean;
  stock_quantity: number;
  image: string;
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

/** The demo catalogue's products (one page of the largest size holds all of them). */
export async function products(store: E2EContext): Promise<ApiProduct[]> {
  return (await apiJson<{ products: ApiProduct[] }>(store, '/products?limit=200')).products;
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

export async function adminToken(store: E2EContext): Promise<string> {
  return (await loginAdmin(store.ctx.app)).token;
}

/** A fresh browser context at the given width, optionally already signed in. */
export async function openPage(browser: Browser, baseUrl: string, options: { width?: number; token?: string } = {}): Promise<Page> {
  const width = options.width ?? 1280;
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height: width < 600 ? 800 : 900 }, acceptDownloads: true, reducedMotion: 'reduce' });
  if (options.token) {
    await context.addInitScript((token) => {
      if (!sessionStorage.getItem('e2e-token-set')) {
        localStorage.setItem('auth_token', token);
        sessionStorage.setItem('e2e-token-set', '1');
      }
    }, options.token);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`) });
}

export const toast = (page: Page, title: string) => page.locator('[data-testid=toast]').filter({ hasText: title }).first();

/** expect.poll with room for a loaded 2-core CI machine (its default gives up after 1 s). */
export const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read);
