/** Where test orders ship: the Mumbai address every test shopper signs up with (tests/helpers/test-runtime.ts attemptSignUp). */
export const MUMBAI_SHIPPING = {
  shipping_address: '1 Marine Drive',
  shipping_city: 'Mumbai',
  shipping_state: 'Maharashtra',
  shipping_pincode: '400001',
  shipping_phone: '9876543210',
};

/** Where the payment and order specs ship: a Pune address. */
export const PUNE_SHIPPING = {
  shipping_address: '12 MG Road',
  shipping_city: 'Pune',
  shipping_state: 'Maharashtra',
  shipping_pincode: '411001',
  shipping_phone: '9876543210',
};

/** A `POST /api/orders` body: `quantity` of one product, cash on delivery, to Mumbai. */
export const codOrderBody = (productId: string, quantity = 1) => ({ items: [{ productId, quantity }], ...MUMBAI_SHIPPING, payment_method: 'cod' });
