import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { useStore } from '../harness.js';
import { adminPage, screenshot, toast } from './admin-session.js';

const DRIVE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';

async function submitForm(page: Page) {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Add|Update) Product$/ })
    .click();
}

describe('admin products', () => {
  const store = useStore();
  let token: string;

  const adminGet = async (url: string) => (await store.ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).json();

  it('adds a product through the form (with its validation messages), edits it and deletes it', async () => {
    const session = await adminPage(store);
    token = session.token;
    const page = session.page;
    page.on('dialog', (d) => void d.accept());
    const before = (await adminGet('/api/admin/products?limit=1')).totals.total as number;
    await page.goto('/admin/products');
    await page.getByText('Product Management').waitFor();
    await expect.poll(() => page.getByTestId('product-totals').textContent()).toMatch(new RegExp(`Total\\s*${before}(?!\\d)`));
    await screenshot(page, 'products');

    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Add New Product' }).waitFor();
    const alert = dialog.getByRole('alert');
    await submitForm(page);
    expect(await alert.textContent()).toBe('Please fill in all required fields');
    await dialog.getByLabel('Name *').fill('Gojo Satoru Domain Expansion Figure');
    await dialog.getByLabel('Category *').selectOption('Anime Figures');
    await dialog.getByLabel('Price (₹) *').fill('abc');
    await dialog.getByLabel('Stock Quantity *').fill('7');
    await submitForm(page);
    expect(await alert.textContent()).toBe('Please enter a valid price');
    await dialog.getByLabel('Price (₹) *').fill('2499');
    await dialog.getByLabel('Stock Quantity *').fill('-1');
    await submitForm(page);
    expect(await alert.textContent()).toBe('Please enter a valid stock quantity');
    await dialog.getByLabel('Stock Quantity *').fill('7');
    await dialog.getByLabel(/Image URLs/).fill('not a url');
    await submitForm(page);
    expect(await alert.textContent()).toBe('One or more image URLs are invalid...');
    await dialog.getByLabel(/Image URLs/).fill(`https://drive.google.com/file/d/${DRIVE_ID}/view?usp=sharing\nhttps://images.example.com/gojo-back.png`);
    await submitForm(page);
    await toast(page, 'Product Added').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const created = (await adminGet('/api/admin/products?search=Gojo%20Satoru')).products[0];
    expect(created).toMatchObject({ name: 'Gojo Satoru Domain Expansion Figure', price: 2499, stock_quantity: 7, category: 'Anime Figures' });
    expect(created.image).toBe(`https://drive.google.com/uc?export=view&id=${DRIVE_ID}`);
    const row = page.getByTestId('products-table').locator(`[data-row-id="${created.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('₹2,499');
    expect(await row.locator('.thumb-extra').textContent()).toBe('+1');
    expect(await row.locator('.thumb-wrap').getAttribute('title')).toBe('Multiple images');
    expect(await row.textContent()).toContain('In Stock');
    expect(await row.locator('.badge').getAttribute('class')).toContain('badge-destructive'); // 7 < 10
    await expect.poll(() => page.getByTestId('product-totals').textContent()).toMatch(new RegExp(`Total\\s*${before + 1}(?!\\d)`));

    await row.getByRole('button', { name: /^Edit / }).click();
    await dialog.getByRole('heading', { name: 'Edit Product' }).waitFor();
    expect(await dialog.getByLabel('Name *').inputValue()).toBe('Gojo Satoru Domain Expansion Figure');
    await dialog.getByLabel('Price (₹) *').fill('1999');
    await dialog.getByLabel('Stock Quantity *').fill('12');
    await submitForm(page);
    await toast(page, 'Product Updated').waitFor();
    await expect.poll(() => row.textContent()).toContain('₹1,999');
    expect(await row.locator('.badge').getAttribute('class')).toContain('badge-secondary');

    await row.getByRole('button', { name: /^Delete / }).click();
    await toast(page, 'Product Deleted').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await adminGet('/api/admin/products?search=Gojo%20Satoru')).products).toHaveLength(0);
    await page.context().close();
  });

  it('imports a CSV with good and bad rows and shows the report', async () => {
    const { page } = await adminPage(store);
    await page.goto('/admin/products');
    await page.getByText('Step 2: Upload CSV or Excel file').waitFor();
    const upload = page.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).toBe(true); // no file yet
    // Step 1: two images, mapped by their original file names.
    const png = (colour: string) =>
      sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer();
    await page.getByTestId('bulk-images-input').setInputFiles([
      { name: 'levi-keychain.png', mimeType: 'image/png', buffer: await png('#2d6a4f') },
      { name: 'luffy-gear5.png', mimeType: 'image/png', buffer: await png('#c8102e') },
    ]);
    await toast(page, 'Images Uploaded').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('image-count').textContent()).toBe('2 images uploaded');
    // Reading the upload guide between the two steps keeps the uploaded images' names.
    await page.getByRole('link', { name: 'Image upload guide' }).click();
    await page.getByRole('link', { name: '← Back to Product Management' }).click();
    await page.getByText('Step 2: Upload CSV or Excel file').waitFor();
    expect(await page.getByTestId('image-count').textContent()).toBe('2 images uploaded');
    const csv = [
      'name,category,price,stockQuantity,description,image',
      'Levi Ackerman Scout Keychain,Keychains,349,40,Metal keychain,levi-keychain.png',
      '"ルフィ ギア5 フィギュア",Anime Figures,5499,3,Gear 5,luffy-gear5.png',
      'Broken Row,Keychains,0,5,zero price,',
    ].join('\n');
    await page.getByTestId('bulk-file-input').setInputFiles({ name: 'import.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page.getByLabel('Upload mode').selectOption('add');
    await upload.click();
    const report = page.getByTestId('bulk-report');
    await report.waitFor({ timeout: 20_000 });
    const text = (await report.textContent()) ?? '';
    expect(text).toMatch(/processed\s*2\s*of\s*3/);
    expect(text).toMatch(/created\s*2/);
    expect(text).toMatch(/errors\s*1/);
    expect(text).toContain('Broken Row');
    await screenshot(page, 'bulk-upload');
    const found = (await adminGet('/api/admin/products?search=%E3%83%AB%E3%83%95%E3%82%A3')).products;
    expect(found.map((p: { name: string }) => p.name)).toContain('ルフィ ギア5 フィギュア');
    expect(found[0].image).toMatch(/^\/media\//); // the file name became the uploaded image's address
    const image = await fetch(`${store.baseUrl}${found[0].image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);

    // Template download.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Template' }).click()]);
    expect(download.suggestedFilename()).toBe('product-template.csv');
    const template = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    expect(template.split('\n')[0]).toMatch(/name.*category.*price/);

    // Cleanup removes the invalid (out-of-stock) products and the yellow warning goes away.
    expect((await adminGet('/api/admin/products?limit=1')).totals.invalid).toBeGreaterThan(0);
    await page.locator('.warning-banner').waitFor();
    await page.getByRole('button', { name: 'Cleanup Invalid Products' }).click();
    await toast(page, 'Cleanup Complete')
      .filter({ hasText: /Cleaned up \d+ invalid products/ })
      .waitFor({ timeout: 20_000 });
    await page.locator('.warning-banner').waitFor({ state: 'detached' });
    expect((await adminGet('/api/admin/products?limit=1')).totals.invalid).toBe(0);

    // Delete All (browser confirm), then deleteall mode: its button reads 'Delete All Products', needs no file, and the mode returns to add.
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete ALL products? This action cannot be undone.');
      void d.accept();
    });
    await page.getByLabel('Upload mode').selectOption('upsert');
    await page.getByRole('button', { name: 'Delete All', exact: true }).click();
    await toast(page, 'All products have been deleted.').waitFor({ timeout: 20_000 });
    await page.getByText('No products found. Add a product to get started.').waitFor();
    expect(await page.getByLabel('Upload mode').inputValue()).toBe('add');
    await page.getByLabel('Upload mode').selectOption('deleteall');
    await page.getByRole('button', { name: 'Delete All Products' }).click();
    await expect.poll(() => page.getByLabel('Upload mode').inputValue(), { timeout: 20_000 }).toBe('add');
    expect((await adminGet('/api/admin/products?limit=1')).totals.total).toBe(0);
    await page.context().close();
  });
});
