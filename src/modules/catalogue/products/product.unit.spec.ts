import { describe, expect, it } from 'vitest';
import { decideProduct } from './decide.js';
import type { ProductDetails, ProductEvent } from './product.js';
import { given, gokuDetails, now } from './product-details.fixture.js';
import { columnMap, missingColumns, readRow } from '../import/import-rows.js';
import { detailsFromForm } from './schemas.js';

const details = (overrides: Partial<ProductDetails> = {}) => gokuDetails({ price: 1999, rating: 4.5, reviews: 3, ...overrides });
const added: ProductEvent = { type: 'ProductAdded', data: { productId: 'p1', ...details(), addedAt: now } };

describe('product decider', () => {
  it('adds a product', () => {
    expect(decideProduct({ type: 'AddProduct', data: { productId: 'p1', details: details(), now } }, given([]))).toEqual([added]);
  });

  it('refuses a second add, a zero price, a blank name and an unknown category', () => {
    expect(() => decideProduct({ type: 'AddProduct', data: { productId: 'p1', details: details(), now } }, given([added]))).toThrow('already exists');
    expect(() => decideProduct({ type: 'AddProduct', data: { productId: 'p2', details: details({ price: 0 }), now } }, given([]))).toThrow(
      'Please enter a valid price',
    );
    expect(() => decideProduct({ type: 'AddProduct', data: { productId: 'p2', details: details({ name: ' ' }), now } }, given([]))).toThrow(
      'Please fill in all required fields',
    );
    expect(() => decideProduct({ type: 'AddProduct', data: { productId: 'p2', details: details({ category: 'Cars' }), now } }, given([]))).toThrow(
      'Category must be one of',
    );
  });

  it('updates only when something changed, never a removed product', () => {
    expect(decideProduct({ type: 'UpdateProduct', data: { productId: 'p1', details: details(), now } }, given([added]))).toEqual([]);
    expect(decideProduct({ type: 'UpdateProduct', data: { productId: 'p1', details: details({ price: 2099 }), now } }, given([added]))).toEqual([
      { type: 'ProductUpdated', data: { productId: 'p1', ...details({ price: 2099 }), updatedAt: now } },
    ]);
    const removed = given([added, { type: 'ProductRemoved', data: { productId: 'p1', reason: 'deleted', removedAt: now } }]);
    expect(() => decideProduct({ type: 'UpdateProduct', data: { productId: 'p1', details: details(), now } }, removed)).toThrow('Product not found');
    expect(() => decideProduct({ type: 'RemoveProduct', data: { productId: 'p1', reason: 'deleted', now } }, removed)).toThrow('Product not found');
    expect(decideProduct({ type: 'AddProduct', data: { productId: 'p1', details: details(), now } }, removed)).toHaveLength(1);
  });
});

describe('import rows', () => {
  const columns = columnMap(['Product Name', 'Category', 'Price (INR)', 'Stock'], { 'Product Name': 'name', price: 'Price (INR)' });
  it('maps columns either way round and by name', () => {
    expect(Object.fromEntries(columns)).toEqual({ name: 'Product Name', category: 'Category', price: 'Price (INR)', stockQuantity: 'Stock' });
    expect(missingColumns(columnMap(['name', 'price'], {}))).toEqual(['category']);
  });
  it('reads a row, keeping rupees and UTF-8, and gives the reason for a bad one', () => {
    const ok = readRow(2, { 'Product Name': '呪術廻戦 Gojo', Category: 'anime figures', 'Price (INR)': '1299.99', Stock: '7' }, columns, {});
    expect(ok).toMatchObject({ rowNumber: 2, id: null, form: { name: '呪術廻戦 Gojo', category: 'Anime Figures', price: 1299.99, stock_quantity: 7 } });
    expect(readRow(3, { 'Product Name': 'X', Category: 'Keychains', 'Price (INR)': '10', Stock: '-2' }, columns, {})).toEqual({
      row: 3,
      name: 'X',
      reason: 'Please enter a valid stock quantity',
    });
  });
  it('form details: main image first, Drive links converted, powerPoints default 50', () => {
    const d = detailsFromForm(
      { name: 'A', price: 10, category: 'Keychains', images: ['https://drive.google.com/open?id=1AbCdEfGhIjKlMnOpQrStUvWxYz012345', '/media/x.png'] },
      null,
    );
    expect(d.image).toBe('https://drive.google.com/uc?export=view&id=1AbCdEfGhIjKlMnOpQrStUvWxYz012345');
    expect(d.images).toHaveLength(2);
    expect(d.powerPoints).toBe(50);
  });
});
