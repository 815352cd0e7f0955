import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { E2EContext } from '../harness.js';
import { loginAdmin, signUp } from '../../helpers/test-runtime.js';

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
