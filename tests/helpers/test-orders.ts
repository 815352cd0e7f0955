import type { FastifyInstance } from 'fastify';

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

type Inject = { inject: FastifyInstance['inject'] };

/**
 * Pays `order` online through the payment simulator as the checkout page does (create the provider's order, pay it,
 * verify the signed answer), and returns the verification's response.
 */
export async function payThroughSimulator(app: Inject, auth: Record<string, string>, order: { id: string; totalAmount: number }) {
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url, headers: auth, payload });
  const created = (await post('/api/razorpay/create-order', { amount: order.totalAmount, currency: 'INR', orderId: order.id })).json();
  const { success: _success, ...proof } = (await post('/api/payments/simulator/pay', { razorpay_order_id: created.order_id, outcome: 'success' })).json();
  return post('/api/razorpay/verify-payment', { ...proof, orderId: order.id });
}

/** Takes a placed order (paid, or cash on delivery) to delivered: the shopper confirms it, the admin ships and delivers it. */
export async function deliverOrder(app: Inject, shopperAuth: Record<string, string>, adminAuth: Record<string, string>, orderId: string) {
  const put = (url: string, auth: Record<string, string>, status: string) => app.inject({ method: 'PUT', url, headers: auth, payload: { status } });
  await put(`/api/orders/${orderId}/status`, shopperAuth, 'confirmed');
  await put(`/api/admin/orders/${orderId}/status`, adminAuth, 'shipped');
  return put(`/api/admin/orders/${orderId}/status`, adminAuth, 'delivered');
}
