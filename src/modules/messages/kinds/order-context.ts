import type { EventStore } from '../../../core/event-store.js';
import { loadOrder } from '../../orders/index.js';
import { isErasedAddress } from '../kind.js';

/** What an order's messages need of it: the OrderPlaced data (decrypted, or erased) and where the order stands now. */
export interface OrderForMail {
  orderId: string;
  orderNumber: string;
  customerId: string;
  customerName: string;
  customerEmail: string;
  items: { productId: string; name: string; quantity: number; unitPricePaise: number }[];
  subtotalPaise: number;
  shippingPaise: number;
  totalPaise: number;
  paymentMethod: 'razorpay' | 'cod';
  status: string;
  paymentStatus: string;
}

/** The order from its stream (the log, never a lagging read model); null when it is gone or its shopper erased. */
export async function orderForMail(store: EventStore, orderId: string): Promise<OrderForMail | null> {
  const { state, events } = await loadOrder(store, orderId);
  if (state.status !== 'active') return null;
  const placed = events.find((e) => e.type === 'OrderPlaced');
  if (!placed || placed.type !== 'OrderPlaced') return null;
  const d = placed.data;
  if (isErasedAddress(d.customerEmail)) return null;
  return {
    orderId: d.orderId,
    orderNumber: d.orderNumber,
    customerId: d.customerId,
    customerName: d.customerName,
    customerEmail: d.customerEmail,
    items: d.items,
    subtotalPaise: d.subtotalPaise,
    shippingPaise: d.shippingPaise,
    totalPaise: d.totalPaise,
    paymentMethod: d.paymentMethod,
    status: state.order.status,
    paymentStatus: state.order.paymentStatus,
  };
}

export const orderIdOf = (data: unknown) => (data as { orderId: string }).orderId;
