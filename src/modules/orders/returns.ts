import { ConflictError, NotFoundError, ValidationError } from '../../core/errors.js';
import type { OrderEvent, OrderLine, ReturnLine } from './events.js';
import type { PlacedOrder } from './order.js';
import {
  RETURN_NOT_DELIVERED,
  RETURN_WINDOW_CLOSED,
  RETURN_WINDOW_DAYS,
  UPI_INVALID,
  UPI_PATTERN,
  UPI_REQUIRED,
  type ReturnStatus,
} from '../../contract/return-rules.js';

/**
 * Returns within 7 days of delivery (docs/decisions/0017-returns.md): the rules, pure. A return lives on its order's
 * stream, so asking, approving, rejecting and receiving are decided against the one order they change (concurrent
 * approve and reject: the command pipeline decides the later one again and it finds the return already decided).
 */
export { RETURN_NOT_DELIVERED, RETURN_WINDOW_CLOSED, RETURN_WINDOW_DAYS, UPI_INVALID, UPI_PATTERN, UPI_REQUIRED, type ReturnStatus };
export const RETURN_NOT_FOUND = 'Return not found';

export interface OrderReturn {
  returnId: string;
  status: ReturnStatus;
  items: ReturnLine[];
  refundTo: 'original-payment' | 'upi';
  refundPaise: number;
  /** Paise actually refunded (set when refunded: never more than the order's payment still holds). */
  refundedPaise: number;
}

export type ReturnCommand =
  | {
      type: 'RequestReturn';
      data: { returnId: string; items: { productId: string; quantity: number }[]; reason: string; upiId?: string; by: string; at: string };
    }
  | { type: 'ApproveReturn'; data: { returnId: string; pickup: { awb: string; courier: string }; by: string; at: string } }
  | { type: 'RejectReturn'; data: { returnId: string; reason: string; by: string; at: string } }
  | { type: 'ReceiveReturn'; data: { returnId: string; resellable: { productId: string; quantity: number }[]; by: string; at: string } };

export const RETURN_COMMAND_TYPES: ReturnCommand['type'][] = ['RequestReturn', 'ApproveReturn', 'RejectReturn', 'ReceiveReturn'];

type ReturnEvent = Extract<OrderEvent, { type: 'ReturnRequested' | 'ReturnApproved' | 'ReturnRejected' | 'ReturnReceived' | 'ReturnRefunded' }>;

/** Units of each order line already in a return that was not rejected. */
export function unitsInReturns(order: Pick<PlacedOrder, 'returns'>): Map<number, number> {
  const units = new Map<number, number>();
  for (const r of order.returns) {
    if (r.status === 'rejected') continue;
    for (const item of r.items) units.set(item.lineNo, (units.get(item.lineNo) ?? 0) + item.quantity);
  }
  return units;
}

/** What was paid for a line: its price × quantity less its share of the coupon discount. */
export const paidForLine = (line: OrderLine) => line.unitPricePaise * line.quantity - Math.min(line.discountPaise ?? 0, line.unitPricePaise * line.quantity);

/**
 * The refund of `quantity` more units of `line` after `before` were returned: the difference of the cumulative shares
 * (rounded down), so that returning a line unit by unit refunds exactly what was paid for it, never a paisa more.
 */
export function refundForUnits(line: OrderLine, before: number, quantity: number): number {
  const paid = paidForLine(line);
  const share = (units: number) => Math.floor((paid * units) / line.quantity);
  return share(before + quantity) - share(before);
}

/** The money an order's payment still holds: all of a completed payment less what returns refunded already. */
export const refundablePaise = (order: PlacedOrder) => (order.paymentStatus === 'completed' ? Math.max(0, order.totalPaise - order.returnedPaise) : 0);

function findReturn(order: PlacedOrder, returnId: string): OrderReturn {
  const found = order.returns.find((r) => r.returnId === returnId);
  if (!found) throw new NotFoundError(RETURN_NOT_FOUND);
  return found;
}

const alreadyDecided = (r: OrderReturn) => new ConflictError(`This return has already been ${r.status}.`);

export function decideReturn(command: ReturnCommand, order: PlacedOrder): OrderEvent[] {
  switch (command.type) {
    case 'RequestReturn': {
      const d = command.data;
      // Another shopper's order does not exist for them.
      if (order.customerId !== d.by) throw new NotFoundError('Order not found');
      if (order.returns.some((r) => r.returnId === d.returnId)) return []; // the same request again
      if (order.status !== 'delivered' || !order.actualDelivery) throw new ConflictError(RETURN_NOT_DELIVERED);
      if (Date.parse(d.at) > Date.parse(order.actualDelivery) + RETURN_WINDOW_DAYS * 86_400_000) throw new ValidationError(RETURN_WINDOW_CLOSED);
      const reason = d.reason.trim();
      if (!reason) throw new ValidationError('Please tell us why you are returning these items.');
      let upiId: string | undefined;
      if (order.paymentMethod === 'cod') {
        upiId = d.upiId?.trim();
        if (!upiId) throw new ValidationError(UPI_REQUIRED);
        if (!UPI_PATTERN.test(upiId)) throw new ValidationError(UPI_INVALID);
      }
      const wanted = new Map<string, number>();
      for (const item of d.items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
      if (wanted.size === 0) throw new ValidationError('Choose at least one item to return.');
      const returned = unitsInReturns(order);
      const items: ReturnLine[] = [];
      for (const [productId, quantity] of wanted) {
        const line = order.items.find((l) => l.productId === productId);
        if (!line) throw new ValidationError(`This order has no item ${productId}.`);
        const before = returned.get(line.lineNo) ?? 0;
        const left = line.quantity - before;
        if (left <= 0) throw new ConflictError(`A return has already been requested for every unit of ${line.name}.`);
        if (quantity > left) {
          throw new ValidationError(`You can return at most ${left} of ${line.name}${before > 0 ? ` (${before} already in a return)` : ''}.`);
        }
        items.push({ lineNo: line.lineNo, productId, name: line.name, quantity, refundPaise: refundForUnits(line, before, quantity) });
      }
      items.sort((a, b) => a.lineNo - b.lineNo);
      return [
        {
          type: 'ReturnRequested',
          data: {
            orderId: order.orderId,
            returnId: d.returnId,
            orderNumber: order.orderNumber,
            customerId: order.customerId,
            items,
            reason,
            refundTo: order.paymentMethod === 'cod' ? 'upi' : 'original-payment',
            ...(upiId ? { upiId } : {}),
            by: d.by,
            at: d.at,
          },
        },
      ];
    }
    case 'ApproveReturn': {
      const d = command.data;
      const r = findReturn(order, d.returnId);
      if (r.status !== 'requested') throw alreadyDecided(r);
      return [
        {
          type: 'ReturnApproved',
          data: { orderId: order.orderId, returnId: r.returnId, pickupAwb: d.pickup.awb, courier: d.pickup.courier, by: d.by, at: d.at },
        },
      ];
    }
    case 'RejectReturn': {
      const d = command.data;
      const r = findReturn(order, d.returnId);
      if (r.status !== 'requested') throw alreadyDecided(r);
      const reason = d.reason.trim();
      if (!reason) throw new ValidationError('Please give the reason for rejecting this return.');
      return [{ type: 'ReturnRejected', data: { orderId: order.orderId, returnId: r.returnId, reason, by: d.by, at: d.at } }];
    }
    case 'ReceiveReturn': {
      const d = command.data;
      const r = findReturn(order, d.returnId);
      if (r.status === 'requested') throw new ConflictError('This return has not been approved yet.');
      if (r.status !== 'approved') throw alreadyDecided(r);
      const resellable = new Map<string, number>();
      for (const item of d.resellable) resellable.set(item.productId, (resellable.get(item.productId) ?? 0) + item.quantity);
      for (const productId of resellable.keys()) {
        if (!r.items.some((i) => i.productId === productId)) throw new ValidationError(`This return has no item ${productId}.`);
      }
      const items = r.items.map((i) => {
        const fit = resellable.get(i.productId) ?? 0;
        if (fit > i.quantity) throw new ValidationError(`Only ${i.quantity} of ${i.name} came back in this return.`);
        return { lineNo: i.lineNo, productId: i.productId, quantity: i.quantity, resellable: fit };
      });
      const events: OrderEvent[] = [{ type: 'ReturnReceived', data: { orderId: order.orderId, returnId: r.returnId, items, by: d.by, at: d.at } }];
      // Refunds never exceed the payment: what the order's payment still holds caps the return's refund.
      const amountPaise = Math.min(r.refundPaise, refundablePaise(order));
      if (amountPaise > 0) {
        events.push({
          type: 'ReturnRefunded',
          data: {
            orderId: order.orderId,
            returnId: r.returnId,
            amountPaise,
            ...(r.refundTo === 'original-payment' && order.paymentId ? { paymentId: order.paymentId } : {}),
            to: r.refundTo,
            by: d.by,
            at: d.at,
          },
        });
      }
      return events;
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

/** The order's returns after one of their events. */
export function evolveReturns(order: PlacedOrder, event: ReturnEvent): Pick<PlacedOrder, 'returns' | 'returnedPaise'> {
  const update = (changes: Partial<OrderReturn>) => order.returns.map((r) => (r.returnId === event.data.returnId ? { ...r, ...changes } : r));
  switch (event.type) {
    case 'ReturnRequested': {
      const d = event.data;
      const refundPaise = d.items.reduce((s, i) => s + i.refundPaise, 0);
      return {
        returns: [...order.returns, { returnId: d.returnId, status: 'requested', items: d.items, refundTo: d.refundTo, refundPaise, refundedPaise: 0 }],
        returnedPaise: order.returnedPaise,
      };
    }
    case 'ReturnApproved':
      return { returns: update({ status: 'approved' }), returnedPaise: order.returnedPaise };
    case 'ReturnRejected':
      return { returns: update({ status: 'rejected' }), returnedPaise: order.returnedPaise };
    case 'ReturnReceived':
      return { returns: update({ status: 'received' }), returnedPaise: order.returnedPaise };
    case 'ReturnRefunded':
      return { returns: update({ status: 'refunded', refundedPaise: event.data.amountPaise }), returnedPaise: order.returnedPaise + event.data.amountPaise };
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** The units of each product a received return puts back on sale (only those the admin marked resellable). */
export function restockedUnits(events: OrderEvent[]): { productId: string; quantity: number }[] {
  const units: { productId: string; quantity: number }[] = [];
  for (const e of events) {
    if (e.type !== 'ReturnReceived') continue;
    for (const item of e.data.items) if (item.resellable > 0) units.push({ productId: item.productId, quantity: item.resellable });
  }
  return units;
}
