import type { ReturnDto } from '@contract';
import {
  RETURN_ITEMS_REQUIRED,
  RETURN_REASON_MAX,
  RETURN_REASON_REQUIRED,
  RETURN_REASON_TOO_LONG,
  RETURN_WINDOW_DAYS,
  UPI_INVALID,
  UPI_PATTERN,
  UPI_REQUIRED,
  type ReturnStatus,
} from '@contract/return-rules';
import type { Order, OrderItem } from './types';

/**
 * The rules of asking for a return, as the order page checks them before sending (the server checks them all again,
 * docs/decisions/0017-returns.md): the window, the units each line has left, and the form. Pure: time comes in.
 */

const DAY_MS = 86_400_000;

export type ReturnWindow = { state: 'open'; closesAt: string } | { state: 'closed'; closedAt: string } | { state: 'none' };

/** A delivered order may be returned until `RETURN_WINDOW_DAYS` after its delivery; any other order not at all. */
export function returnWindow(order: Pick<Order, 'status' | 'actualDelivery'>, now: number): ReturnWindow {
  const delivered = order.actualDelivery ? Date.parse(order.actualDelivery) : NaN;
  if (order.status !== 'delivered' || Number.isNaN(delivered)) return { state: 'none' };
  const closes = new Date(delivered + RETURN_WINDOW_DAYS * DAY_MS).toISOString();
  return now > Date.parse(closes) ? { state: 'closed', closedAt: closes } : { state: 'open', closesAt: closes };
}

export interface ReturnableLine {
  productId: string;
  name: string;
  delivered: number;
  /** Units already in a return that was not rejected. */
  asked: number;
  /** Units that may still be asked for. */
  left: number;
}

/**
 * Per product of the order (the request names products; the server takes the first line of each): the units
 * delivered, those already in a return that was not rejected, and what is left to return.
 */
export function returnableLines(items: Pick<OrderItem, 'productId' | 'name' | 'quantity'>[], returns: Pick<ReturnDto, 'status' | 'items'>[]): ReturnableLine[] {
  const asked = new Map<string, number>();
  for (const r of returns) {
    if (r.status === 'rejected') continue;
    for (const item of r.items) asked.set(item.productId, (asked.get(item.productId) ?? 0) + item.quantity);
  }
  const lines: ReturnableLine[] = [];
  for (const item of items) {
    if (lines.some((l) => l.productId === item.productId)) continue;
    const already = asked.get(item.productId) ?? 0;
    lines.push({ productId: item.productId, name: item.name, delivered: item.quantity, asked: already, left: Math.max(0, item.quantity - already) });
  }
  return lines;
}

export interface ReturnForm {
  /** Chosen products and how many units of each (a product not in here is not returned). */
  chosen: Record<string, number>;
  reason: string;
  upiId: string;
}

export interface ReturnFormErrors {
  items?: string;
  reason?: string;
  upiId?: string;
}

export interface ReturnRequestBody {
  items: { productId: string; quantity: number }[];
  reason: string;
  upiId?: string;
}

/** The units `line` can still take: a message when `quantity` is more (the server's words), else null. */
function quantityError(line: ReturnableLine | undefined, quantity: number): string | null {
  if (!line || line.left <= 0) return line ? `A return has already been requested for every unit of ${line.name}.` : RETURN_ITEMS_REQUIRED;
  if (!Number.isInteger(quantity) || quantity < 1) return `Choose how many units of ${line.name} to return.`;
  if (quantity > line.left) return `You can return at most ${line.left} of ${line.name}${line.asked > 0 ? ` (${line.asked} already in a return)` : ''}.`;
  return null;
}

/**
 * Checks the form as the server would: at least one item, never more units than a line has left, a reason of at most
 * `RETURN_REASON_MAX` characters and, for cash on delivery, a UPI id of the form handle@provider. Either the errors
 * to show next to their fields, or the body to send.
 */
export function checkReturnForm(
  form: ReturnForm,
  lines: ReturnableLine[],
  cashOnDelivery: boolean,
): { errors: ReturnFormErrors; body: null } | { errors: Record<string, never>; body: ReturnRequestBody } {
  const errors: ReturnFormErrors = {};
  const items = Object.entries(form.chosen).map(([productId, quantity]) => ({ productId, quantity }));
  if (items.length === 0) errors.items = RETURN_ITEMS_REQUIRED;
  for (const item of items) {
    const problem = quantityError(
      lines.find((l) => l.productId === item.productId),
      item.quantity,
    );
    if (problem) {
      errors.items = problem;
      break;
    }
  }
  const reason = form.reason.trim();
  if (!reason) errors.reason = RETURN_REASON_REQUIRED;
  else if (reason.length > RETURN_REASON_MAX) errors.reason = RETURN_REASON_TOO_LONG;
  const upiId = form.upiId.trim();
  if (cashOnDelivery) {
    if (!upiId) errors.upiId = UPI_REQUIRED;
    else if (!UPI_PATTERN.test(upiId)) errors.upiId = UPI_INVALID;
  }
  if (errors.items || errors.reason || errors.upiId) return { errors, body: null };
  return { errors: {}, body: { items, reason, ...(cashOnDelivery ? { upiId } : {}) } };
}

/** The field a refusal from the server belongs under (its UPI and reason messages), or null for a toast only. */
export function fieldOfServerError(message: string): keyof ReturnFormErrors | null {
  if (message === UPI_REQUIRED || message === UPI_INVALID) return 'upiId';
  if (message === RETURN_REASON_REQUIRED || message === RETURN_REASON_TOO_LONG) return 'reason';
  if (message === RETURN_ITEMS_REQUIRED || message.startsWith('You can return at most') || message.startsWith('A return has already been requested'))
    return 'items';
  return null;
}

/** How a return's status reads to the shopper, and its colour (the kit's status tones). */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested: awaiting review',
  approved: 'Approved: pickup booked',
  rejected: 'Not accepted',
  received: 'Received: refund on its way',
  refunded: 'Refunded',
};

export const RETURN_STATUS_TONES: Record<ReturnStatus, 'amber' | 'blue' | 'red' | 'indigo' | 'green'> = {
  requested: 'amber',
  approved: 'blue',
  rejected: 'red',
  received: 'indigo',
  refunded: 'green',
};
