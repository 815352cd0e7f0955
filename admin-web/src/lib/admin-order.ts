import { num } from '@kit/format';

export type AdminOrder = {
  id: string;
  orderNumber: string;
  customer_name: string;
  customer_email: string;
  total_amount: number;
  status: string;
  payment_status: string;
  payment_method: string;
  created_at: string;
  tracking_number?: string | null;
  items: { name: string; quantity: number; price: number }[];
};

/** Accepts the server's order row in snake or camel case and gives the dashboard one shape. */
export function toAdminOrder(raw: Record<string, any>): AdminOrder {
  return {
    id: String(raw.id ?? raw._id ?? ''),
    orderNumber: String(raw.orderNumber ?? raw.id ?? ''),
    customer_name: raw.customer_name ?? raw.customerName ?? raw.user?.full_name ?? '',
    customer_email: raw.customer_email ?? raw.customerEmail ?? raw.user?.email ?? '',
    total_amount: num(raw.total_amount ?? raw.totalAmount ?? raw.total),
    status: String(raw.status ?? 'pending'),
    payment_status: String(raw.paymentStatus ?? ''),
    payment_method: String(raw.payment_method ?? raw.paymentMethod ?? ''),
    created_at: raw.created_at ?? '',
    tracking_number: raw.tracking_number ?? raw.trackingNumber ?? null,
    items: Array.isArray(raw.items)
      ? raw.items.map((i: Record<string, any>) => ({ name: String(i.name ?? i.product_name ?? ''), quantity: num(i.quantity), price: num(i.price) }))
      : [],
  };
}
