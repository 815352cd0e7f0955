export const FREE_SHIPPING_THRESHOLD = 1000;
export const SHIPPING_FEE = 100;
export const COD_MINIMUM = 1000;
/** The server's refusal of cash on delivery for a cart with a pre-order (docs/decisions/0015-pre-orders.md). */
export const PREORDER_ONLINE_ONLY = 'Pre-orders must be paid online: cash on delivery is not available for pre-order items';
export const MAX_LINE_QUANTITY = 10;
export const CART_LIFETIME_MS = 24 * 60 * 60 * 1000;
export const FEATURED_PAGE_SIZE = 8;
export const LOAD_MORE_DELAY_MS = 500;
export const CARD_IMAGE_CYCLE_MS = 2000;
export const REDIRECT_DELAY_MS = 1000;
export const COD_CONFIRM_DELAY_MS = 500;
export const ONLINE_CONFIRM_DELAY_MS = 1000;

/** The signup form's 28 states. */
export const SIGNUP_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;

/** Checkout offers the same states plus Delhi. */
export const CHECKOUT_STATES = [...SIGNUP_STATES, 'Delhi'].sort();

export function shippingFor(subtotal: number): number {
  return subtotal >= FREE_SHIPPING_THRESHOLD || subtotal === 0 ? 0 : SHIPPING_FEE;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
