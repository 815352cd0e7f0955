import { z } from 'zod';
import { answers, binary, errors, ok } from '../../contract/wire.js';
import { decimalText } from '../../core/decimal-text.js';
import { invisibleMessage, isVisibleText } from '../../core/visible-text.js';
import { ORDER_STATUSES } from './order.js';

const INCOMPLETE = 'Incomplete shipping address';
const visible = (v: string) => isVisibleText(v);
const ADDRESS_TEXT = invisibleMessage('Shipping address');
const required = (message: string, max = 300) =>
  z.string({ error: message }).trim().min(1, message).max(max, 'Value is too long').refine(visible, ADDRESS_TEXT);

const productRef = z.union([z.string().max(100, 'Invalid product id'), z.number()], { error: 'Invalid product id' }).optional();

const orderItem = z
  .object({
    productId: productRef,
    product_id: productRef,
    id: productRef,
    // A number or its plain decimal text ("3"); never true, "0x3", "1e2" or " 3 ".
    quantity: z.preprocess(
      (v) => decimalText(v),
      z
        .number({ error: 'Quantity must be between 1 and 10' })
        .int('Quantity must be between 1 and 10')
        .min(1, 'Quantity must be between 1 and 10')
        .max(10, 'Quantity must be between 1 and 10'),
    ),
  })
  .passthrough()
  .transform((item, ctx) => {
    const productId = String(item.productId ?? item.product_id ?? item.id ?? '').trim();
    if (!productId) {
      ctx.addIssue({ code: 'custom', message: 'Each item needs a product id' });
      return z.NEVER;
    }
    return { productId, quantity: item.quantity };
  });

/** The storefront's order create payload; prices in it are ignored (the server prices from the catalogue). */
export const placeOrderBody = z.object({
  items: z.array(orderItem, { error: 'Your cart is empty' }).min(1, 'Your cart is empty').max(50, 'Too many items in one order'),
  shipping_address: required(INCOMPLETE, 500),
  shipping_city: required(INCOMPLETE, 100),
  shipping_state: required(INCOMPLETE, 100),
  shipping_pincode: required(INCOMPLETE, 20).pipe(z.string().regex(/^\d{6}$/, 'Invalid Pincode')),
  shipping_phone: z.string().trim().max(20, 'Value is too long').refine(visible, ADDRESS_TEXT).optional().default(''),
  shipping_name: z.string().trim().max(200, 'Value is too long').refine(visible, ADDRESS_TEXT).optional(),
  shipping_address_line2: z.string().trim().max(300, 'Value is too long').refine(visible, ADDRESS_TEXT).optional().default(''),
  payment_method: z.enum(['razorpay', 'cod'], { error: 'Please select a payment method' }),
  total_amount: z.union([z.number(), z.string()]).optional(),
  /** A coupon code as the shopper typed it (case and surrounding spaces do not matter); empty means none. */
  coupon_code: z
    .string({ error: 'Invalid coupon code' })
    .max(64, 'Invalid coupon code')
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v)),
  /** One id per checkout, made by the browser: sending it again returns the order already placed for it. */
  checkout_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid checkout id')
    .optional(),
});

export const orderIdParams = z.object({ id: z.string().trim().min(1, 'Order id is required').max(100, 'Invalid order id') });

export const statusBody = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Invalid status: use one of ${ORDER_STATUSES.join(', ')}` }),
  trackingNumber: z.string().trim().min(1).max(64).optional(),
  tracking_number: z.string().trim().min(1).max(64).optional(),
});

export const invoiceQuery = z.object({ format: z.enum(['json', 'pdf'], { error: 'format must be json or pdf' }).optional() });

/** A line of an order (storefront spec: id, productId, name, image, category, price, quantity). */
export const orderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  image: z.string(),
  category: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  /** This line's share of the coupon's discount, in rupees (0 without a coupon). */
  discount: z.number(),
});

export const shippingAddressSchema = z.object({
  name: z.string().optional(),
  address: z.string(),
  /** `address` again, under the storefront form's name. */
  addressLine1: z.string(),
  addressLine2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string().optional(),
});

/** The shopper's own review of a product of the order. */
export const orderReviewSchema = z.object({ id: z.string(), productId: z.string(), rating: z.number(), comment: z.string(), createdAt: z.string() });

/**
 * An order as both apps read it (storefront spec section 3 "Order", admin spec section 4 "Order (admin)"). One name per
 * field, the spec's: `orderNumber`, `paymentStatus`, `created_at`, the items' `productId`. Two fields carry two names
 * because the specs name them differently and both apps read this one shape: the total (storefront `totalAmount`,
 * admin `total_amount`) and the payment method (the storefront's Order `paymentMethod`, its order-create answer
 * `payment_method`).
 */
export const orderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.string(),
  paymentMethod: z.string().meta({ description: "Storefront spec's Order; `payment_method` is the same value (its order-create answer)" }),
  payment_method: z.string().meta({ description: "Storefront spec's order-create answer; `paymentMethod` is the same value" }),
  subtotal: z.number(),
  /** The coupon's discount in rupees (0 without one): totalAmount = subtotal − discount + shipping. */
  discount: z.number(),
  couponCode: z.string().nullable(),
  shipping: z.number(),
  totalAmount: z.number().meta({ description: "Storefront spec's Order; `total_amount` is the same value" }),
  total_amount: z.number().meta({ description: "Admin spec's Order (admin); `totalAmount` is the same value" }),
  created_at: z.string(),
  updated_at: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  items: z.array(orderItemSchema),
  shippingAddress: shippingAddressSchema,
  razorpayOrderId: z.string().nullable(),
  razorpayPaymentId: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  actualDelivery: z.string().nullable(),
  /** Unpaid online order: "Pay now" until then. */
  paymentExpiresAt: z.string().nullable(),
  /** The order was cancelled because its payment did not arrive in time. */
  expiredAt: z.string().nullable(),
  reviews: z.array(orderReviewSchema),
});

/** The rare answer to a repeated checkout whose order the read model has not caught up with yet: from its stream. */
const placedSummarySchema = z.object({ id: z.string(), orderNumber: z.string().optional(), status: z.string(), payment_method: z.string().optional() });

const placed = ok({ order: z.union([orderSchema, placedSummarySchema]) });
/** 201 a new order; 200 the order this checkout already placed. */
export const placeOrderResponses = { 200: placed, 201: placed, ...errors };
export const orderListResponses = answers(ok({ orders: z.array(orderSchema) }));
/** `reviews` repeats `order.reviews` (the storefront reads it beside the order). */
export const orderResponses = answers(ok({ order: orderSchema, reviews: z.array(orderReviewSchema) }));
export const orderStatusResponses = answers(ok({ message: z.string(), order: orderSchema }));

/** The invoice (storefront spec): JSON, or the PDF with `?format=pdf`. */
export const invoiceSchema = z.object({
  orderNumber: z.string(),
  orderId: z.string(),
  date: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: z.number(), discount: z.number(), total: z.number() })),
  /** `subtotal` is the items after the coupon's `discount`: subtotal + shipping = total; `tax` is the GST contained in the total, each line at its own rate (as on the tax invoice). */
  summary: z.object({ subtotal: z.number(), discount: z.number(), shipping: z.number(), tax: z.number(), total: z.number() }),
});
/**
 * A confirmed order's GST tax invoice (src/modules/gst, Rule 46): the spec's fields above plus the seller, recipient,
 * place of supply and the tax lines; kept whole (loose), since it is built from the InvoiceIssued event.
 */
export const taxInvoiceSchema = z
  .object({
    title: z.literal('Tax Invoice'),
    copy: z.string(),
    orderNumber: z.string(),
    orderId: z.string(),
    date: z.string(),
    invoiceNumber: z.string(),
    invoiceDate: z.string(),
    customer: z.object({ name: z.string() }).loose(),
    items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: z.number(), total: z.number() }).loose()),
    summary: z.object({ subtotal: z.number(), shipping: z.number(), tax: z.number(), total: z.number() }).loose(),
    seller: z.record(z.string(), z.unknown()),
    recipient: z.record(z.string(), z.unknown()),
    placeOfSupply: z.unknown(),
    supplyType: z.string(),
    lines: z.array(z.record(z.string(), z.unknown())),
  })
  .loose();
export const invoiceResponses = answers(ok({ invoice: z.union([taxInvoiceSchema, invoiceSchema]) }));
export const invoicePdfResponses = answers(binary('The invoice as a PDF (application/pdf)'));
