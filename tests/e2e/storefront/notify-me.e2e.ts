import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { createTestProduct } from '../../helpers/test-products.js';
import { useStore, type E2EContext } from '../harness.js';
import { eventually, openPage, signUpShopper, toast } from './shopper-session.js';

/** The path of the link in the newest mail to `to` with this subject, read from the outbox's .eml files. */
async function mailedPath(store: E2EContext, to: string, subject: string): Promise<string> {
  const outbox = path.join(store.ctx.runtime.env.DATA_DIR, 'outbox');
  let found: string | null = null;
  await eventually(async () => {
    for (const file of (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'))) {
      const mail = await simpleParser(await readFile(path.join(outbox, file)));
      const link = /https?:\/\/[^\s"<>]+?(\/product\/[\w-]+)/.exec(mail.text ?? '');
      if (mail.to && JSON.stringify(mail.to).includes(to) && mail.subject === subject && link) found = link[1]!;
    }
    return found !== null;
  }).toBe(true);
  return found!;
}

describe('storefront: notify me when available', () => {
  const store = useStore({ seedDemo: false });

  it('a shopper subscribes on a sold-out figure, the admin restocks it, the mail links back to it', async () => {
    const product = await createTestProduct(store.ctx.runtime, { stock: 0, name: 'Rem 1/7 Crystal Dress' });
    const shopper = await signUpShopper(store, 'Meera Iyer');
    const page = await openPage(store.browser, store.baseUrl, { token: shopper.token });
    await page.goto(`/product/${product.id}`);
    await page.getByTestId('stock-indicator').getByText('Out of Stock').waitFor();
    await page.getByRole('button', { name: 'Notify me when available' }).click();
    await toast(page, 'We will e-mail you when it is available.').waitFor();
    await page.getByRole('button', { name: 'Stop notifying me' }).waitFor();

    const admin = await fetch(`${store.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify((await import('../../../src/config/env.js')).DEMO_ADMIN),
    }).then((r) => r.json() as Promise<{ token: string }>);
    const restocked = await fetch(`${store.baseUrl}/api/admin/products/${product.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: JSON.stringify({ stock_quantity: 6 }),
    });
    expect(restocked.status).toBe(200);

    const link = await mailedPath(store, shopper.email, 'Rem 1/7 Crystal Dress is available again');
    expect(link).toBe(`/product/${product.id}`);
    await page.goto(link);
    await page.getByRole('button', { name: 'ADD TO CART' }).waitFor();
    expect(await page.getByRole('button', { name: 'Notify me when available' }).count()).toBe(0);
    await page.context().close();
  });
});
