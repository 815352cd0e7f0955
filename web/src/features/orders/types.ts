import type { OrderStatus } from '@kit/orders';

export interface OrderItem {
  id: string;
  productId: string;
  name: string;
  image: string;
  category: string;
  price: number;
  quantity: number;
}

export interface ShippingAddress {
  name: string;
  address: string;
  addressLine2: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}

export interface OrderReview {
  productId: string;
  rating: number;
  comment: string;
}

export interface Order {
  id: string;
  orderNumber: string;
  status: OrderStatus | string;
  paymentStatus: string;
  paymentMethod: string;
  totalAmount: number;
  subtotal?: number;
  shipping?: number;
  createdAt: string;
  items: OrderItem[];
  shippingAddress: ShippingAddress;
  trackingNumber?: string;
  estimatedDelivery?: string;
  actualDelivery?: string;
  /** Unpaid online order: it can be paid (again) until then (see docs/decisions/0004-sessions-and-retries.md). */
  paymentExpiresAt?: string;
  /** Cancelled because its payment did not arrive within 30 minutes. */
  expiredAt?: string;
  reviews: OrderReview[];
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function normalizeOrder(raw: Record<string, unknown>, extraReviews: unknown[] = []): Order {
  const addr = (raw.shippingAddress ?? raw.shipping_address ?? {}) as Record<string, unknown>;
  const address = typeof addr === 'string' ? { address: addr } : addr;
  const items = Array.isArray(raw.items) ? (raw.items as Record<string, unknown>[]) : [];
  const reviews = [...(Array.isArray(raw.reviews) ? raw.reviews : []), ...extraReviews] as Record<string, unknown>[];
  return {
    id: str(raw.id),
    orderNumber: str(raw.orderNumber ?? raw.id),
    status: str(raw.status || 'pending'),
    paymentStatus: str(raw.paymentStatus),
    paymentMethod: str(raw.paymentMethod ?? raw.payment_method),
    totalAmount: Number(raw.totalAmount ?? raw.total_amount ?? 0),
    subtotal: raw.subtotal === undefined ? undefined : Number(raw.subtotal),
    shipping: raw.shipping === undefined ? undefined : Number(raw.shipping),
    createdAt: str(raw.created_at),
    items: items.map((i, index) => ({
      id: str(i.id ?? index),
      productId: str(i.productId),
      name: str(i.name),
      image: str(i.image),
      category: str(i.category),
      price: Number(i.price ?? 0),
      quantity: Number(i.quantity ?? 1),
    })),
    shippingAddress: {
      name: str(address.name),
      address: str(address.address ?? address.addressLine1 ?? raw.shipping_address_line),
      addressLine2: str(address.addressLine2 ?? address.address_line2),
      city: str(address.city ?? raw.shipping_city),
      state: str(address.state ?? raw.shipping_state),
      pincode: str(address.pincode ?? raw.shipping_pincode),
      phone: str(address.phone ?? raw.shipping_phone),
    },
    trackingNumber: str(raw.trackingNumber ?? raw.tracking_number) || undefined,
    estimatedDelivery: str(raw.estimatedDelivery ?? raw.estimated_delivery) || undefined,
    actualDelivery: str(raw.actualDelivery ?? raw.actual_delivery) || undefined,
    paymentExpiresAt: str(raw.paymentExpiresAt) || undefined,
    expiredAt: str(raw.expiredAt) || undefined,
    reviews: reviews.map((r) => ({ productId: str(r.productId ?? r.product_id), rating: Number(r.rating ?? 0), comment: str(r.comment) })),
  };
}

/** Whether the shopper can still pay this order (Pay now): online, unpaid, and before its deadline. */
export function awaitsPayment(order: Pick<Order, 'paymentExpiresAt'>, now = Date.now()): boolean {
  return !!order.paymentExpiresAt && Date.parse(order.paymentExpiresAt) > now;
}

export const EXPIRED_NOTICE = 'Payment was not completed within 30 minutes: this order has expired and its items were released.';
