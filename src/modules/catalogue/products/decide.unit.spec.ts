import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../../core/errors.js';
import { rateProblem } from '../../../shared/gst-rates.js';
import { checkDetails, decideProduct } from './decide.js';
import { initialProductState, type ProductDetails, type ProductEvent } from './product.js';
import { given, gokuDetails, now } from './product-details.fixture.js';

const details = gokuDetails();
const added: ProductEvent = { type: 'ProductAdded', data: { productId: 'p1', ...details, addedAt: now } };

describe('product decider', () => {
  it('adds a new product with its details and time', () => {
    expect(decideProduct({ type: 'AddProduct', data: { productId: 'p1', details, now } }, initialProductState())).toEqual([added]);
  });

  it('refuses a second product with the same id, but a removed id can be added again', () => {
    expect(() => decideProduct({ type: 'AddProduct', data: { productId: 'p1', details, now } }, given([added]))).toThrow(
      new ConflictError('A product with this id already exists'),
    );
    const removed = given([added, { type: 'ProductRemoved', data: { productId: 'p1', reason: 'deleted', removedAt: now } }]);
    expect(decideProduct({ type: 'AddProduct', data: { productId: 'p1', details, now } }, removed)).toHaveLength(1);
  });

  it.each([
    [{ name: '  ' }, 'Please fill in all required fields'],
    [{ price: 0 }, 'Please enter a valid price'],
    [{ price: -1 }, 'Please enter a valid price'],
    [{ price: Number.NaN }, 'Please enter a valid price'],
    [{ category: 'Plushies' }, 'Category must be one of Anime Figures, Keychains, Hot Wheels, Trending'],
  ])('refuses %o: %s', (change, message) => {
    const bad = { ...details, ...change };
    expect(() => checkDetails(bad)).toThrow(new ValidationError(message));
    expect(() => decideProduct({ type: 'AddProduct', data: { productId: 'p1', details: bad, now } }, initialProductState())).toThrow(message);
    expect(() => decideProduct({ type: 'UpdateProduct', data: { productId: 'p1', details: bad, now } }, given([added]))).toThrow(message);
  });

  it('checks the HSN code and the GST rate when given, each on its own', () => {
    const refuse = (change: Partial<ProductDetails>, message: string) => {
      expect(() => checkDetails({ ...details, ...change })).toThrow(new ValidationError(message));
      expect(() => decideProduct({ type: 'AddProduct', data: { productId: 'p1', details: { ...details, ...change }, now } }, initialProductState())).toThrow(
        message,
      );
    };
    refuse({ hsn: '123' }, 'HSN must be 4, 6 or 8 digits');
    refuse({ gstRate: 7 }, rateProblem(7)!);
    refuse({ hsn: '9503', gstRate: 7 }, rateProblem(7)!); // a good HSN does not excuse a bad rate
    refuse({ hsn: '95O3', gstRate: 18 }, 'HSN must be 4, 6 or 8 digits');
    expect(() => checkDetails({ ...details, hsn: '95030010', gstRate: 18 })).not.toThrow();
  });

  it('accepts every category and the smallest positive price', () => {
    for (const category of ['Anime Figures', 'Keychains', 'Hot Wheels', 'Trending'])
      expect(() => checkDetails({ ...details, category, price: 0.01 })).not.toThrow();
  });

  it('updates a listed product; unchanged details write nothing', () => {
    expect(decideProduct({ type: 'UpdateProduct', data: { productId: 'p1', details: { ...details, price: 999 }, now } }, given([added]))).toEqual([
      { type: 'ProductUpdated', data: { productId: 'p1', ...details, price: 999, updatedAt: now } },
    ]);
    expect(decideProduct({ type: 'UpdateProduct', data: { productId: 'p1', details, now } }, given([added]))).toEqual([]);
  });

  it('updating or removing a product that is not listed is not found', () => {
    const gone = given([added, { type: 'ProductRemoved', data: { productId: 'p1', reason: 'deleted', removedAt: now } }]);
    for (const state of [initialProductState(), gone]) {
      expect(() => decideProduct({ type: 'UpdateProduct', data: { productId: 'p1', details, now } }, state)).toThrow(new NotFoundError('Product not found'));
      expect(() => decideProduct({ type: 'RemoveProduct', data: { productId: 'p1', reason: 'deleted', now } }, state)).toThrow(
        new NotFoundError('Product not found'),
      );
    }
  });

  it('removes a listed product with the reason', () => {
    expect(decideProduct({ type: 'RemoveProduct', data: { productId: 'p1', reason: 'remove-all', now } }, given([added]))).toEqual([
      { type: 'ProductRemoved', data: { productId: 'p1', reason: 'remove-all', removedAt: now } },
    ]);
  });
});
