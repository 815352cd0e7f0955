import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useStore } from '../harness.js';
import { adminPage, codProduct, placeOrder, screenshot, shopper } from './admin-session.js';

/** Where the keyboard focus is: the element's aria-label or text, or BODY when it was lost. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return 'BODY';
    return a.getAttribute('aria-label') ?? a.textContent?.trim() ?? a.tagName;
  });

/** Relative luminance contrast of two CSS rgb() colours (WCAG 2). */
function contrast(fg: string, bg: string): number {
  const lum = (css: string) => {
    const [r, g, b] = css
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('admin keyboard, images and narrow layouts', () => {
  const store = useStore();
  let orderNumber: string;
  beforeAll(async () => {
    const buyer = await shopper(store);
    orderNumber = (await placeOrder(store, buyer.token, await codProduct(store))).orderNumber;
  });

  // Radix gives focus back in a timeout after the dialog leaves the DOM, hence the polls.
  it('closing a dialog (Escape, Cancel) gives focus back to the button that opened it', async () => {
    const { page } = await adminPage(store);
    await page.goto('/admin/orders');
    const view = page.getByRole('button', { name: `View order ${orderNumber}` });
    await view.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('order-timeline').waitFor();
    // Focus is trapped inside the dialog.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(`View order ${orderNumber}`);

    const remove = page.getByRole('button', { name: `Delete order ${orderNumber}` });
    await remove.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').getByRole('heading', { name: 'Delete Order' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(`Delete order ${orderNumber}`);

    await page.goto('/admin/products');
    const add = page.getByRole('button', { name: 'Add Product' });
    await add.click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Add Product');
  });

  it('a product image that does not load is retried once with a cache-busting query, then shows the placeholder', async () => {
    const { page, token } = await adminPage(store);
    const created = await store.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        name: 'Aaa Missing Picture Figure',
        category: 'Anime Figures',
        price: 1299,
        stock_quantity: 5,
        image: '/media/qa-missing-picture.png',
        images: ['/media/qa-missing-picture.png'],
        description: '',
      },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('qa-missing-picture')) requested.push(new URL(r.url()).pathname + new URL(r.url()).search);
    });
    await page.goto('/admin/products');
    const row = page.locator('[data-row-id]').filter({ hasText: 'Aaa Missing Picture Figure' });
    await row.getByTestId('thumb-placeholder').waitFor();
    expect(await row.locator('img').count()).toBe(0);
    expect(requested[0]).toBe('/media/qa-missing-picture.png');
    expect(requested[1]).toMatch(/^\/media\/qa-missing-picture\.png\?_r=\d+$/);
    expect(requested).toHaveLength(2);
  });

  it('at 375 px the overview status badge keeps its own width, the order detail fits its dialog and the upload inputs stay inside their boxes; at 768 px order ids and dates do not break', async () => {
    const { page } = await adminPage(store);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin');
    const badge = page.locator('.list-row .status').first();
    await badge.waitFor();
    const [badgeBox, rowBox] = [await badge.boundingBox(), await page.locator('.list-row').first().boundingBox()];
    expect(badgeBox!.width).toBeLessThan(rowBox!.width / 2);

    // The order detail (long e-mail, long item names, timeline) wraps inside the dialog instead of running off its right edge.
    await page.getByRole('button', { name: `View order ${orderNumber}` }).click();
    await page.getByTestId('order-timeline').waitFor();
    const dialog = page.getByRole('dialog');
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'order-detail-375');
    await page.keyboard.press('Escape');

    await page.goto('/admin/products');
    for (const testId of ['bulk-images-input', 'bulk-file-input']) {
      const input = await page.getByTestId(testId).boundingBox();
      const step = await page.getByTestId(testId).locator('xpath=ancestor::div[contains(@class,"step")]').boundingBox();
      expect(input!.x + input!.width).toBeLessThanOrEqual(step!.x + step!.width);
    }
    await screenshot(page, 'products-375');

    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/admin/orders');
    const row = page.locator('[data-row-id]').first();
    await row.waitFor();
    // How many lines the cell's text takes.
    const lines = async (selector: string) =>
      row
        .locator(selector)
        .first()
        .evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
    expect(await lines('.mono')).toBe(1);
    expect(await lines('td.nowrap')).toBe(1);
  });

  it('the Admin Access badge text has at least 4.5:1 contrast', async () => {
    const { page } = await adminPage(store);
    await page.goto('/admin');
    const badge = page.getByText('Admin Access', { exact: true });
    await badge.waitFor();
    const { color, background } = await badge.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor }));
    expect(contrast(color, background)).toBeGreaterThanOrEqual(4.5);
  });
});
