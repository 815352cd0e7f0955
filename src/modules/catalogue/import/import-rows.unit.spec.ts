import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { columnMap, isRowError, readRow, IMPORT_COLUMNS, type ImportRow } from './import-rows.js';
import { detailsFromForm, normaliseKeys, productFields } from '../products/schemas.js';

const columns = columnMap([...IMPORT_COLUMNS]);
const read = (values: Record<string, string>, imageMap: Record<string, string> = {}) => readRow(7, values, columns, imageMap);
const good = (values: Record<string, string>, imageMap: Record<string, string> = {}) => {
  const row = read(values, imageMap);
  if (isRowError(row)) throw new Error(row.reason);
  return row as ImportRow;
};
const DRIVE_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz012345';

describe('readRow: one sheet row to a checked form', () => {
  it('names every column by the form schema key, with the same result as the admin form path (normaliseKeys)', () => {
    const values = {
      id: 'sku-1',
      name: ' Luffy Gear 5 ',
      category: 'anime figure',
      price: '2899',
      originalPrice: '3299',
      discount: '12',
      isOnSale: 'true',
      isNew: '0',
      description: 'PVC, 20 cm',
      inStock: '1',
      rating: '4.5',
      reviews: '120',
      stockQuantity: '15',
      hsn: '9503',
      gstRate: '5%',
    };
    const row = good(values);
    expect(row.id).toBe('sku-1');
    expect(row.form).toEqual({
      name: 'Luffy Gear 5',
      category: 'Anime Figures',
      price: 2899,
      original_price: 3299,
      discount: 12,
      is_on_sale: true,
      is_new: false,
      description: 'PVC, 20 cm',
      in_stock: true,
      rating: 4.5,
      reviews: 120,
      stock_quantity: 15,
      hsn: '9503',
      gst_rate: 5,
    });
    // What the schema with the form's key aliases makes of the same cells (the path readRow took before).
    const { id: _id, ...cells } = values;
    const viaAliases = z.preprocess(normaliseKeys, z.object({ ...productFields, stock_quantity: productFields.stock_quantity.optional() }));
    expect(row.form).toEqual(viaAliases.parse({ ...cells, category: 'Anime Figures' }));
  });

  it('normalises the images once: map lookups by name and by file name, a Drive link made direct, duplicates dropped', () => {
    const row = good(
      {
        name: 'Tanjiro',
        category: 'Anime Figures',
        price: '999',
        image: `tanjiro.png | uploads/2026/back.png; https://drive.google.com/file/d/${DRIVE_ID}/view, https://example.com/x.jpg,https://example.com/x.jpg`,
      },
      { 'tanjiro.png': '/media/tanjiro.webp', 'back.png': '/media/back.webp' },
    );
    const images = ['/media/tanjiro.webp', '/media/back.webp', `https://drive.google.com/uc?export=view&id=${DRIVE_ID}`, 'https://example.com/x.jpg'];
    expect(row.pictures).toEqual({ image: images[0], images });
    // detailsFromForm with the row's pictures gives what it gives normalising the form itself.
    expect(detailsFromForm(row.form, null, row.pictures)).toEqual(detailsFromForm(row.form, null));
    expect(detailsFromForm(row.form, null, row.pictures)).toMatchObject({ image: images[0], images });
  });

  it('has no pictures without an image cell (an update keeps the product images)', () => {
    const row = good({ name: 'Plain', category: 'Keychains', price: '299' });
    expect(row.pictures).toBeUndefined();
    expect(row.form.images).toBeUndefined();
  });

  it('refuses a row with an unusable image, naming the first one, after the form rules', () => {
    expect(read({ name: 'Bad', category: 'Keychains', price: '299', image: 'https://example.com/ok.jpg|javascript:alert(1)|ftp://x/y.png' })).toEqual({
      row: 7,
      name: 'Bad',
      reason: 'Image "javascript:alert(1)" is neither a URL nor an uploaded file name',
    });
    expect(read({ name: 'Bad', category: 'Keychains', price: 'abc', image: 'javascript:alert(1)' })).toEqual({
      row: 7,
      name: 'Bad',
      reason: 'Please enter a valid price',
    });
  });
});
