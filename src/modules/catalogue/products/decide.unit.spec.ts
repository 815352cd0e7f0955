import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../../core/errors.js';
import { rateProblem } from '../../../shared/gst-rates.js';
import { checkDetails } from './decide.js';
import type { ProductDetails, ProductEvent } from './product.js';
import { given, gokuDetails, now } from './product-details.fixture.js';

const details = gokuDetails();
const added: ProductEvent = { type: 'ProductAdded', data: { productId: 'p1', ...details, addedAt: now } };
const removed: ProductEvent = { type: 'ProductRemoved', data: { productId: 'p1', reason: 'deleted', removedAt: now } };

describe('product decider', () => {
  it('adds a new product with its details and time', () => {
    given([])
      .when({ type: 'AddProduct', data: { productId: 'p1', details, now } })
      .then([added]);
  });

  it('refuses a second product with the same id, but a removed id can be added again', () => {
    given([added])
      .when({ type: 'AddProduct', data: { productId: 'p1', details, now } })
      .thenThrows(new ConflictError('A product with this id already exists'));
    given([added])
      .when({ type: 'AddProduct', data: { productId: 'p1', details, now } })
      .thenRefuses(409, 'A product with this id already exists');
    given([added, removed])
      .when({ type: 'AddProduct', data: { productId: 'p1', details, now } })
      .thenTypes(['ProductAdded']);
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
    given([])
      .when({ type: 'AddProduct', data: { productId: 'p1', details: bad, now } })
      .thenRefuses(400, message);
    given([added])
      .when({ type: 'UpdateProduct', data: { productId: 'p1', details: bad, now } })
      .thenRefuses(400, message);
  });

  it('checks the HSN code and the GST rate when given, each on its own', () => {
    const refuse = (change: Partial<ProductDetails>, message: string) => {
      expect(() => checkDetails({ ...details, ...change })).toThrow(new ValidationError(message));
      given([])
        .when({ type: 'AddProduct', data: { productId: 'p1', details: { ...details, ...change }, now } })
        .thenRefuses(400, message);
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
    given([added])
      .when({ type: 'UpdateProduct', data: { productId: 'p1', details: { ...details, price: 999 }, now } })
      .then([{ type: 'ProductUpdated', data: { productId: 'p1', ...details, price: 999, updatedAt: now } }]);
    given([added])
      .when({ type: 'UpdateProduct', data: { productId: 'p1', details, now } })
      .thenNothingHappened();
  });

  it('updating or removing a product that is not listed is not found', () => {
    for (const history of [[], [added, removed]]) {
      given(history)
        .when({ type: 'UpdateProduct', data: { productId: 'p1', details, now } })
        .thenThrows(new NotFoundError('Product not found'));
      given(history)
        .when({ type: 'RemoveProduct', data: { productId: 'p1', reason: 'deleted', now } })
        .thenRefuses(404, 'Product not found');
    }
  });

  it('removes a listed product with the reason', () => {
    given([added])
      .when({ type: 'RemoveProduct', data: { productId: 'p1', reason: 'remove-all', now } })
      .then([{ type: 'ProductRemoved', data: { productId: 'p1', reason: 'remove-all', removedAt: now } }]);
  });
});
