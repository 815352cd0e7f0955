import { deciderSpec } from '../../../../tests/helpers/decider-spec.js';
import { decideProduct } from './decide.js';
import { blankProductDetails, evolveProduct, initialProductState, type ProductDetails } from './product.js';

/** The product decider's specs: one time, one figure's details (overrides replace any of them), and given / when / then. */
export const now = '2026-01-01T00:00:00.000Z';
export const gokuDetails = (overrides: Partial<ProductDetails> = {}): ProductDetails => ({
  ...blankProductDetails(),
  name: 'Goku Figure',
  price: 1299,
  category: 'Anime Figures',
  ...overrides,
});
export const { given } = deciderSpec({ initialState: initialProductState, evolve: evolveProduct, decide: decideProduct });
