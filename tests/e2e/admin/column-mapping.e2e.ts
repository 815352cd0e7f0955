import { describe, expect, it } from 'vitest';
import { useStore } from '../harness.js';
import { adminPage, toast } from './admin-session.js';

/** A file whose headers do not match the template: the admin maps them before uploading. */
describe('admin bulk upload: column mapping', () => {
  const store = useStore({ seedDemo: false });

  it("offers the file's headers for the missing template columns and imports with that mapping", async () => {
    const { page } = await adminPage(store);
    await page.goto('/admin/products');
    const csv = 'Product Title,Type,MRP,Qty\nSukuna Domain Figure,Anime Figures,2799,6\nNezuko Bamboo Keychain,Keychains,329,25\n';
    await page.getByTestId('bulk-file-input').setInputFiles({ name: 'shop-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    const mapping = page.getByTestId('column-mapping');
    await mapping.getByText('Your file has no name, category, price column.').waitFor();
    await mapping.getByLabel('Column for name').selectOption('Product Title');
    await mapping.getByLabel('Column for category').selectOption('Type');
    await mapping.getByLabel('Column for price').selectOption('MRP');
    await mapping.getByLabel('Column for stockQuantity').selectOption('Qty');
    await page.getByLabel('Upload mode').selectOption('add');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page, 'Upload Complete').waitFor({ timeout: 20_000 });
    const report = page.getByTestId('bulk-report');
    await expect.poll(() => report.textContent()).toMatch(/created\s*2/);
    const list = (await (await fetch(`${store.baseUrl}/api/products/search?q=Sukuna`)).json()) as {
      products: { name: string; price: number; stock_quantity: number }[];
    };
    expect(list.products[0]).toMatchObject({ name: 'Sukuna Domain Figure', price: 2799, stock_quantity: 6 });
    await page.context().close();
  });
});
