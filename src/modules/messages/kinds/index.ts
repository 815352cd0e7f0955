import type { MessageKind } from '../kind.js';
import { emailVerification, passwordReset } from './account-links.js';
import { backInStock } from './back-in-stock.js';
import { orderConfirmed } from './order-confirmed.js';
import { orderPlaced } from './order-placed.js';
import { orderCancelled, orderDelivered, orderRefunded, orderShipped, upiRefundPaid } from './order-status.js';
import { paymentExpired, paymentFailed } from './payment.js';

/**
 * Every kind's composer, by name. A kind is added with its trigger in `../events.ts` (which events cause it) and
 * its composer here (what it says); the module refuses to start when the two lists disagree.
 */
export const MESSAGE_KINDS: readonly MessageKind[] = [
  orderPlaced,
  orderConfirmed,
  paymentFailed,
  paymentExpired,
  orderShipped,
  orderDelivered,
  orderCancelled,
  orderRefunded,
  upiRefundPaid,
  passwordReset,
  emailVerification,
  backInStock,
];
