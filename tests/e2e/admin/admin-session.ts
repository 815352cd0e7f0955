import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2EContext } from '../harness.js';
import { loginAdmin, signUp } from '../../helpers/test-runtime.js';
import { codOrderBody } from '../../helpers/test-orders.js';

export const SCREENSHOTS = path.resolve(new URL('.', import.meta.url).pathname, '../../../admin-web/screenshots');

/** A browser page whose localStorage already holds the given token (as the storefront's sign-in leaves it). */
export async function pageWithToken(store: E2EContext, token: string | null): Promise<Page> {
  const page = await store.newPage();
  if (token) await page.context().addInitScript((t) => window.localStorage.setItem('auth_token', t), token);
  return page;
}

export async function adminPage(store: E2EContext): Promise<{ page: Page; token: string }> {
  const { token } = await loginAdmin(store.ctx.app);
  return { page: await pageWithToken(store, token), token };
}

export async function shopper(store: E2EContext) {
  return signUp(store.ctx.app);
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A visible toast (Radix also mirrors it into an aria-live region, so match the toast element itself). */
export const toast = (page: Page, text: string) => page.locator('.toast').filter({ hasText: text });

/** A shopper's cash-on-delivery order placed over real HTTP, as another browser would. */
export async function placeOrder(store: E2EContext, token: string, productId: string) {
  const response = await fetch(`${store.baseUrl}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(codOrderBody(productId)),
  });
  const body = (await response.json()) as { order: { id: string; orderNumber: string } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.order;
}

/** A product the shopper can order by cash on delivery (COD needs a total of at least ₹1000). */
export async function codProduct(store: E2EContext): Promise<string> {
  const list = (await (await fetch(`${store.baseUrl}/api/products?limit=100`)).json()) as { products: { id: string; price: number; stock_quantity: number }[] };
  return list.products.find((p) => p.price >= 1000 && p.stock_quantity > 5)!.id;
}
