import { createHash } from 'node:crypto';
import type { ReturnPickupRequest, ShipmentRequest } from '../courier.js';

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

/** A pickup location of the Shiprocket account (GET /settings/company/pickup): where a return is brought back to. */
export interface Warehouse {
  name: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  email: string;
  phone: string;
}

/** Shiprocket's order ids are at most 50 characters. */
const ORDER_ID_MAX = 50;

/**
 * The Shiprocket order id of a return's pickup: derived from the return id alone, so every try for one return sends
 * the same id and finds the order an earlier try made (GET /orders/processing/return?search=…). `R-` keeps it apart
 * from the forward order ids; a return id too long for 50 characters is replaced by its hash.
 */
export function returnReference(returnId: string): string {
  const plain = `R-${returnId}`;
  return plain.length <= ORDER_ID_MAX
    ? plain
    : `R-${createHash('sha256')
        .update(returnId)
        .digest('hex')
        .slice(0, ORDER_ID_MAX - 2)}`;
}

/**
 * The body of POST /orders/create/return: collected from the shopper at the order's delivery address, brought to the
 * warehouse. Shiprocket asks for a pickup e-mail; the shop's own address is given, as for the forward order. Return
 * orders are always Prepaid; the declared value is what the shopper paid for the units.
 */
export function returnOrder(request: ReturnPickupRequest, reference: string, warehouse: Warehouse, parcel: ParcelSettings) {
  const a = request.address;
  const [first = a.name, ...rest] = a.name.trim().split(/\s+/);
  const units = request.items.reduce((sum, item) => sum + item.quantity, 0);
  const paid = request.items.reduce((sum, item) => sum + item.paidPaise, 0);
  return {
    order_id: reference,
    order_date: indiaTime(request.at),
    pickup_customer_name: first,
    pickup_last_name: rest.join(' '),
    pickup_address: a.address,
    pickup_address_2: a.addressLine2,
    pickup_city: a.city,
    pickup_state: a.state,
    pickup_country: 'India',
    pickup_pincode: a.pincode,
    pickup_email: parcel.contactEmail,
    pickup_phone: a.phone.replace(/\D/g, '').slice(-10),
    shipping_customer_name: warehouse.name,
    shipping_address: warehouse.address,
    shipping_address_2: warehouse.address2,
    shipping_city: warehouse.city,
    shipping_state: warehouse.state,
    shipping_country: warehouse.country,
    shipping_pincode: warehouse.pincode,
    shipping_email: warehouse.email,
    shipping_phone: warehouse.phone.replace(/\D/g, '').slice(-10),
    order_items: request.items.map((item) => ({
      name: item.name,
      sku: item.productId,
      units: item.quantity,
      selling_price: rupees(item.paidPaise / item.quantity),
    })),
    payment_method: 'Prepaid',
    sub_total: rupees(paid),
    ...BOX,
    weight: Math.max(0.1, Math.round(units * parcel.weightKgPerUnit * 100) / 100),
  };
}
