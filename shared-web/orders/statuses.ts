/**
 * Order and payment statuses as both apps show them (see docs/decisions/0002-order-lifecycle.md): the stored values, their labels and their colour.
 * The shopper reads `pending` as 'Placed'; the dashboard names every stored status. Colours are tones of
 * shared-web/styles/kit.css: pending/placed amber, confirmed/processing blue, shipped indigo, delivered green,
 * cancelled red.
 */
export const ORDER_STATUSES = ['pending', 'placed', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export type Tone = 'amber' | 'blue' | 'indigo' | 'green' | 'red' | 'grey';

const ORDER_TONES: Record<OrderStatus, Tone> = {
  pending: 'amber',
  placed: 'amber',
  confirmed: 'blue',
  processing: 'blue',
  shipped: 'indigo',
  delivered: 'green',
  cancelled: 'red',
};
const PAYMENT_TONES: Record<PaymentStatus, Tone> = { pending: 'amber', completed: 'green', failed: 'red', refunded: 'indigo' };

const isOrderStatus = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);
const isPaymentStatus = (status: string): status is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(status);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const orderStatusTone = (status: string): Tone => (isOrderStatus(status) ? ORDER_TONES[status] : 'grey');
export const paymentStatusTone = (status: string): Tone => (isPaymentStatus(status) ? PAYMENT_TONES[status] : 'grey');

/** Who reads the label: the shopper sees `pending` as 'Placed' (see docs/decisions/0002-order-lifecycle.md); the dashboard sees it as stored. */
export type Reader = 'shopper' | 'admin';

export function orderStatusLabel(status: string, reader: Reader): string {
  if (!status) return 'Unknown';
  if (reader === 'shopper' && status === 'pending') return 'Placed';
  return isOrderStatus(status) ? capitalised(status) : reader === 'shopper' ? capitalised(status) : status;
}

export function paymentStatusLabel(status: string): string {
  return isPaymentStatus(status) ? capitalised(status) : 'Unknown';
}

export function paymentMethodLabel(method: string): string {
  return method === 'cod' ? 'Cash on Delivery' : method === 'razorpay' ? 'Online (Razorpay)' : method || 'Unknown';
}
