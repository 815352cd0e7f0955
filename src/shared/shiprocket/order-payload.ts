import type { ShipmentRequest } from '../courier.js';

/** What Shiprocket needs to know about the parcel and the shop that the order itself does not say. */
export interface ParcelSettings {
  /** The pickup location's nickname exactly as configured in the Shiprocket panel. */
  pickupLocation: string;
  /** Shiprocket requires a billing e-mail; the shop's own address is given (the shopper's stays with the shop). */
  contactEmail: string;
  /** Catalogue items carry no weight: each unit is declared at this weight, in one box. */
  weightKgPerUnit: number;
}

/** A box that holds a boxed figure or a few small items, in cm. */
const BOX = { length: 30, breadth: 20, height: 15 };

const rupees = (paise: number) => Math.round(paise) / 100;

/** Shiprocket's order_date, 'YYYY-MM-DD HH:mm' in India time. */
function indiaTime(iso: string): string {
  const shifted = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}

/**
 * The body of POST /orders/create/adhoc for one store order. Its `order_id` is the store's order id: Shiprocket keeps
 * it as the channel order id, refuses to reuse it, and finds the order by it (GET /orders?search=…).
 */
export function adhocOrder(request: ShipmentRequest, parcel: ParcelSettings) {
  const a = request.address;
  const [first = a.name, ...rest] = a.name.trim().split(/\s+/);
  const units = request.items.reduce((sum, item) => sum + item.quantity, 0);
  return {
    order_id: request.orderId,
    order_date: indiaTime(request.at),
    pickup_location: parcel.pickupLocation,
    comment: `Order ${request.orderNumber}`,
    billing_customer_name: first,
    billing_last_name: rest.join(' '),
    billing_address: a.address,
    billing_address_2: a.addressLine2,
    billing_city: a.city,
    billing_pincode: a.pincode,
    billing_state: a.state,
    billing_country: 'India',
    billing_email: parcel.contactEmail,
    billing_phone: a.phone.replace(/\D/g, '').slice(-10),
    shipping_is_billing: true,
    order_items: request.items.map((item) => ({ name: item.name, sku: item.productId, units: item.quantity, selling_price: rupees(item.unitPricePaise) })),
    payment_method: request.paymentMethod === 'cod' ? 'COD' : 'Prepaid',
    sub_total: rupees(request.totalPaise),
    ...BOX,
    weight: Math.max(0.1, Math.round(units * parcel.weightKgPerUnit * 100) / 100),
  };
}
