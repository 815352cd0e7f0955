/*
 * Pure text rules of the order timeline. Its one import is written with its `.js` extension: the server's type check
 * (tests/admin-web) reads this file with node16 resolution, where the dashboard's extensionless imports do not resolve.
 */
import { formatINR } from '../../../../../shared-web/format/format.js';

type OrderEvent = { type: string; at: string; data: Record<string, unknown>; stream?: string };

/** 'OrderStatusChanged' -> 'order status changed'; other reasons as they are. */
const readableReason = (reason: string) => (/^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/.test(reason) ? reason.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() : reason);

/** Product names by id, from the OrderPlaced event's items (stock events carry only the id). */
export function productNamesOf(events: OrderEvent[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const event of events) {
    const items = (event.data as { items?: unknown }).items;
    if (!Array.isArray(items)) continue;
    for (const item of items as Record<string, unknown>[])
      if (typeof item.productId === 'string' && typeof item.name === 'string') names[item.productId] = item.name;
  }
  return names;
}

/**
 * Events in time order. The order's own event and the stock events it causes share a timestamp; the order's comes first,
 * so a cancellation reads before the stock it released.
 */
export function timelineOrder<E extends OrderEvent>(events: E[]): E[] {
  const rank = (e: OrderEvent) => (e.stream && !e.stream.startsWith('order-') ? 1 : 0);
  return events
    .map((event, index) => ({ event, index, time: Date.parse(event.at) }))
    .sort((a, b) =>
      Number.isFinite(a.time) && Number.isFinite(b.time) && a.time !== b.time ? a.time - b.time : rank(a.event) - rank(b.event) || a.index - b.index,
    )
    .map((x) => x.event);
}

/** A readable line for each event of the order's stream. */
export function describeEvent(event: OrderEvent, productNames: Record<string, string> = {}): string {
  const d = event.data as Record<string, any>;
  const words = event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
  const details: string[] = [];
  const to = d.to ?? d.status;
  if (to) details.push(`${d.from ? `${d.from} → ` : ''}${to}`);
  if (typeof d.quantity === 'number' && typeof d.productId === 'string') details.push(`${d.quantity} × ${productNames[d.productId] ?? 'product'}`);
  if (typeof d.totalPaise === 'number') details.push(formatINR(d.totalPaise / 100));
  if (d.paymentMethod) details.push(String(d.paymentMethod).toUpperCase());
  if (d.paymentStatus ?? d.payment_status) details.push(`payment ${d.paymentStatus ?? d.payment_status}`);
  if (d.trackingNumber ?? d.tracking_number) details.push(`tracking ${d.trackingNumber ?? d.tracking_number}`);
  if (d.reason) details.push(readableReason(String(d.reason)));
  return details.length ? `${words} — ${details.join(', ')}` : words;
}
