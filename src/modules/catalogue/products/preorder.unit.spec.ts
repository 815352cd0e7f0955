import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../core/errors.js';
import { PREORDER_MESSAGES } from '../../../shared/preorder.js';
import { pickDetails, type ProductDetails, type ProductEvent } from './product.js';
import { given, gokuDetails } from './product-details.fixture.js';

// 28 Nov 2026, 20:00 UTC is already 29 Nov in India: the release-date rule reads the IST calendar.
const now = '2026-11-28T20:00:00.000Z';
const figure = (change: Partial<ProductDetails>): ProductDetails => ({ ...gokuDetails(), ...change });
const add = (details: ProductDetails) =>
  given([])
    .when({ type: 'AddProduct', data: { productId: 'p1', details, now } })
    .events();

describe('pre-order fields on the product decider', () => {
  it('adds a pre-order with its release date on the event', () => {
    const [event] = add(figure({ preorder: true, releaseDate: '2027-03-15' }));
    expect(event).toMatchObject({ type: 'ProductAdded', data: { preorder: true, releaseDate: '2027-03-15' } });
  });

  it('refuses a release date in the past (IST), a missing one and one that is no calendar day', () => {
    expect(() => add(figure({ preorder: true, releaseDate: '2026-11-28' }))).toThrow(new ValidationError(PREORDER_MESSAGES.releaseDateInPast));
    expect(() => add(figure({ preorder: true }))).toThrow(new ValidationError(PREORDER_MESSAGES.needsReleaseDate));
    expect(() => add(figure({ preorder: true, releaseDate: '2027-02-30' }))).toThrow(new ValidationError(PREORDER_MESSAGES.invalidReleaseDate));
    // Today in India is fine: the figure ships today.
    expect(add(figure({ preorder: true, releaseDate: '2026-11-29' }))).toHaveLength(1);
  });

  it('keeps an unchanged release date editable after release day, but a changed one must not be in the past', () => {
    const added: ProductEvent = {
      type: 'ProductAdded',
      data: { productId: 'p1', ...figure({ preorder: true, releaseDate: '2026-11-20' }), addedAt: '2026-11-01T00:00:00.000Z' },
    };
    const update = (details: ProductDetails) =>
      given([added])
        .when({ type: 'UpdateProduct', data: { productId: 'p1', details, now } })
        .events();
    expect(update(figure({ preorder: true, releaseDate: '2026-11-20', price: 999 }))).toHaveLength(1);
    expect(() => update(figure({ preorder: true, releaseDate: '2026-11-21' }))).toThrow(PREORDER_MESSAGES.releaseDateInPast);
    expect(update(figure({}))[0]!.data).not.toHaveProperty('preorder');
  });

  it('a product that is not a pre-order carries no release date', () => {
    expect(pickDetails(figure({ releaseDate: '2027-01-01' }))).not.toHaveProperty('releaseDate');
  });
});
