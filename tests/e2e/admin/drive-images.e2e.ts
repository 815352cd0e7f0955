import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage } from './admin-session.js';

const LINK = (id: string) => `https://drive.google.com/file/d/${id}/view?usp=sharing`;

/**
 * Drive images into the store, from the product form and the bulk step. This machine has no way out to Google, so
 * the server's copy route is answered here as it answers (its SSRF rules are proven in media.int.spec); the journey
 * proves what the dashboard sends and what it does with the answer.
 */
describe('admin: Google Drive images copied into the store', () => {
  const store = useStore({ seedDemo: false });

  it('the product form replaces a Drive link by the stored copy; the bulk step maps links to copies and lists failures', async () => {
    const { page } = await adminPage(store);
    const sent: string[][] = [];
    await page.route('**/api/cloudinary/bulk-upload-drive-urls', async (route) => {
      const { urls } = route.request().postDataJSON() as { urls: string[] };
      sent.push(urls);
      const results = urls.map((u, i) =>
        u.includes('BROKEN')
          ? { originalUrl: u, error: 'Could not fetch the image' }
          : { originalUrl: u, url: `/media/drive-copy-${sent.length}-${i}.webp`, imageUrl: `/media/drive-copy-${sent.length}-${i}.webp` },
      );
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, results, images: [], uploaded: results.filter((r) => 'url' in r).length }),
      });
    });
    await page.goto('/admin/products');

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Image URLs/).fill(`${LINK('1AbCdEfGhIjKlMnOpQrStUvWxYz0FORM')}\nhttps://images.example.com/gojo-back.png`);
    await dialog.getByRole('button', { name: 'Copy 1 Drive image into the store' }).click();
    await expect.poll(() => dialog.getByLabel(/Image URLs/).inputValue()).toBe('/media/drive-copy-1-0.webp\nhttps://images.example.com/gojo-back.png');
    expect(sent[0]).toEqual([LINK('1AbCdEfGhIjKlMnOpQrStUvWxYz0FORM')]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByTestId('bulk-drive-links').fill(`${LINK('1AbCdEfGhIjKlMnOpQrStUvWxYz0BULK')}\n${LINK('BROKEN')}\nhttps://example.com/not-drive.png`);
    await page.getByRole('button', { name: 'Copy Drive images', exact: true }).click();
    await expect.poll(() => page.getByTestId('image-count').textContent()).toBe('1 images uploaded');
    expect(sent[1]).toEqual([LINK('1AbCdEfGhIjKlMnOpQrStUvWxYz0BULK'), LINK('BROKEN')]);
    expect(await page.getByTestId('refused-images').locator('li').allTextContents()).toEqual([
      'https://example.com/not-drive.png: not a Google Drive link',
      `${LINK('BROKEN')}: Could not fetch the image`,
    ]);
    await page.context().close();
  });
});
