import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage, toast } from './admin-session.js';

const png = (colour: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Uploads list every file they did not take, the browser's checks and the server's refusals alike. */
describe('admin uploads say what they refused', () => {
  const store = useStore({ seedDemo: false });

  it("the bulk image step lists a non-image and the server's refusal, and uploads the rest", async () => {
    const { page } = await adminPage(store);
    await page.goto('/admin/products');
    await page.getByTestId('bulk-images-input').setInputFiles([
      { name: 'goku.png', mimeType: 'image/png', buffer: await png('#f77f00') },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
      { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('text that only claims to be a PNG') },
    ]);
    await toast(page, 'Images Uploaded').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('image-count').textContent()).toBe('1 images uploaded');
    const refused = page.getByTestId('refused-images');
    await refused.getByText('2 files were not uploaded:').waitFor();
    expect(await refused.locator('li').allTextContents()).toEqual(['notes.txt: not an image', 'fake.png: not a readable image (refused by the server)']);
    await page.context().close();
  });

  it("the product form's extra images go up five at a time through the multi-upload; the sixth is listed", async () => {
    const { page } = await adminPage(store);
    await page.goto('/admin/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    const colours = ['#d00000', '#ffba08', '#3f88c5', '#032b43', '#136f63', '#8338ec'];
    await dialog
      .getByTestId('extra-images-input')
      .setInputFiles(await Promise.all(colours.map(async (c, i) => ({ name: `extra-${i + 1}.png`, mimeType: 'image/png', buffer: await png(c) }))));
    await toast(page, 'Too many files').waitFor();
    await expect
      .poll(async () => (await dialog.locator('textarea[name=imageUrls]').inputValue()).split('\n').filter(Boolean).length, { timeout: 15_000 })
      .toBe(5);
    expect(await dialog.getByTestId('refused-images').locator('li').allTextContents()).toEqual(['extra-6.png: over the 5-file limit']);
    await page.context().close();
  });
});
