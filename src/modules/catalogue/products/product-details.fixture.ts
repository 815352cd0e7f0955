import { blankProductDetails, evolveProduct, initialProductState, type ProductDetails, type ProductEvent } from './product.js';

/** The product decider's specs: one time, one figure's details (overrides replace any of them), and a fold. */
export const now = '2026-01-01T00:00:00.000Z';
export const gokuDetails = (overrides: Partial<ProductDetails> = {}): ProductDetails => ({
  ...blankProductDetails(),
  name: 'Goku Figure',
  price: 1299,
  category: 'Anime Figures',
  ...overrides,
});
/** The product state after `events`. */
export const given = (events: ProductEvent[]) => events.reduce(evolveProduct, initialProductState());
