import { describe, expect, it } from 'vitest';
import type { ProductDetails, ProductEvent } from './product.js';
import { given, gokuDetails, now } from './product-details.fixture.js';
import { columnMap, missingColumns, readRow } from '../import/import-rows.js';
import { detailsFromForm } from './schemas.js';

const details = (overrides: Partial<ProductDetails> = {}) => gokuDetails({ price: 1999, rating: 4.5, reviews: 3, ...overrides });
const added: ProductEvent = { type: 'ProductAdded', data: { productId: 'p1', ...details(), addedAt: now } };

describe('product decider', () => {
  const add = (productId: string, d: ProductDetails) => ({ type: 'AddProduct' as const, data: { productId, details: d, now } });
  it('adds a product', () => {
    given([]).when(add('p1', details())).then([added]);
  });

  it('refuses a second add, a zero price, a blank name and an unknown category', () => {
    given([added]).when(add('p1', details())).thenThrows('already exists');
    given([])
      .when(add('p2', details({ price: 0 })))
      .thenThrows('Please enter a valid price');
    given([])
      .when(add('p2', details({ name: ' ' })))
      .thenThrows('Please fill in all required fields');
    given([])
      .when(add('p2', details({ category: 'Cars' })))
      .thenThrows('Category must be one of');
  });

  it('updates only when something changed, never a removed product', () => {
    given([added])
      .when({ type: 'UpdateProduct', data: { productId: 'p1', details: details(), now } })
      .thenNothingHappened();
    given([added])
      .when({ type: 'UpdateProduct', data: { productId: 'p1', details: details({ price: 2099 }), now } })
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', ...details({ price: 2099 }), updatedAt: now } }]);
    const removed = given([added, { type: 'ProductRemoved', data: { productId: 'p1', reason: 'deleted', removedAt: now } }]).events;
    given(removed)
      .when({ type: 'UpdateProduct', data: { productId: 'p1', details: details(), now } })
      .thenThrows('Product not found');
    given(removed)
      .when({ type: 'RemoveProduct', data: { productId: 'p1', reason: 'deleted', now } })
      .thenThrows('Product not found');
    given(removed).when(add('p1', details())).thenTypes(['ProductAdded']);
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
