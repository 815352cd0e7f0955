import { deciderSpec } from '../../../tests/helpers/decider-spec.js';
import { decideOrder, type OrderCommand } from './decide.js';
import { DEFAULT_HOLD_CAPS, NO_HOLDS, type CustomerHolds } from './holds.js';
import { evolveOrder, initialOrderState, type OrderLine } from './order.js';

/** The order decider's specs share one shopper, one clock and one order: who, when, what, and the PlaceOrder of it. */
export const shopper = '11111111-1111-4111-8111-111111111111';
export const other = '22222222-2222-4222-8222-222222222222';
export const admin = '33333333-3333-4333-8333-333333333333';
export const t0 = '2026-01-10T10:00:00.000Z';
/** `minutes` after t0. */
export const at = (minutes: number) => new Date(Date.parse(t0) + minutes * 60_000).toISOString();

export const line = (unitPricePaise = 1200_00, quantity = 1, productId = 'p1'): OrderLine => ({
  lineNo: 1,
  productId,
  name: 'Goku',
  image: '',
  category: 'Anime Figures',
  unitPricePaise,
  quantity,
});
export const address = { name: 'A', address: '1 Road', addressLine2: '', city: 'Pune', state: 'Maharashtra', pincode: '411001', phone: '' };

export const place = (paymentMethod: 'cod' | 'razorpay', items: OrderLine[] = [line()], holds: CustomerHolds = NO_HOLDS): OrderCommand => ({
  type: 'PlaceOrder',
  data: {
    orderId: 'o1',
    orderNumber: 'AC-2026-000001',
    customer: { id: shopper, name: 'S', email: 's@x.in' },
    items,
    paymentMethod,
    shippingAddress: address,
    holds,
    caps: DEFAULT_HOLD_CAPS,
    at: t0,
  },
});

/** Given / when / then for the order decider (tests/helpers/decider-spec.ts). */
export const { given } = deciderSpec({ initialState: initialOrderState, evolve: evolveOrder, decide: decideOrder });
