import { z } from 'zod';
import { decimalText } from '../../core/decimal-text.js';
import { invisibleMessage, isVisibleText } from '../../core/visible-text.js';
import { ORDER_STATUSES } from './order.js';

const INCOMPLETE = 'Incomplete shipping address';
const visible = (v: string) => isVisibleText(v);
const ADDRESS_TEXT = invisibleMessage('Shipping address');
const required = (message: string, max = 300) => z.string({ error: message }).trim().min(1, message).max(max, 'Value is too long').refine(visible, ADDRESS_TEXT);

const productRef = z.union([z.string().max(100, 'Invalid product id'), z.number()], { error: 'Invalid product id' }).optional();

const orderItem = z
  .object({
    productId: productRef,
    product_id: productRef,
    id: productRef,
    // A number or its plain decimal text ("3"); never true, "0x3", "1e2" or " 3 " (issue 17).
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
  /** One id per checkout, made by the browser: sending it again returns the order already placed for it. */
  checkout_id: z.string().trim().regex(/^[A-Za-z0-9-]{8,64}$/, 'Invalid checkout id').optional(),
});

export const orderIdParams = z.object({ id: z.string().trim().min(1, 'Order id is required').max(100, 'Invalid order id') });

export const statusBody = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Invalid status: use one of ${ORDER_STATUSES.join(', ')}` }),
  trackingNumber: z.string().trim().min(1).max(64).optional(),
  tracking_number: z.string().trim().min(1).max(64).optional(),
});

export const invoiceQuery = z.object({ format: z.enum(['json', 'pdf'], { error: 'format must be json or pdf' }).optional() });
