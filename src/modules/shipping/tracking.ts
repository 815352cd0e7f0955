import { NotFoundError } from '../../core/errors.js';
import type { ModuleDeps } from '../module.js';
import { runOrderCommand, settled, type OrderEvent, type TrackingStage } from '../orders/index.js';

/** Shiprocket's tracking statuses this store acts on; any other (pickup scheduled, RTO initiated, …) changes nothing. */
const STAGE_OF: Record<string, TrackingStage> = {
  'PICKED UP': 'in_transit',
  SHIPPED: 'in_transit',
  'IN TRANSIT': 'in_transit',
  'OUT FOR DELIVERY': 'out_for_delivery',
  DELIVERED: 'delivered',
  'RTO DELIVERED': 'returned_to_origin',
};
export const stageOf = (courierStatus: string): TrackingStage | null => STAGE_OF[courierStatus.trim().toUpperCase()] ?? null;

export const STAGE_LABELS: Record<TrackingStage | 'shipped', string> = {
  shipped: 'Shipped',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  returned_to_origin: 'Returned to sender',
};

/** Shiprocket writes '23 05 2023 11:43:52' (India time); ISO passes as it is; anything else is the time it arrived. */
export function courierTime(text: string | undefined, now: Date): string {
  const m = text?.match(/^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/);
  if (m) return new Date(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}+05:30`).toISOString();
  if (text && !Number.isNaN(Date.parse(text)) && /^\d{4}-\d{2}-\d{2}T/.test(text)) return new Date(text).toISOString();
  return now.toISOString();
}

/**
 * A courier update for the shipment with this AWB: moves its order forwards (in transit, out for delivery, delivered,
 * returned to origin) and reports whether anything changed. An unknown AWB is 404; a replayed, late or out-of-order
 * update changes nothing (the decider keeps the furthest stage).
 */
export async function applyTracking(
  runtime: ModuleDeps,
  update: { trackingNumber: string; stage: TrackingStage; courierStatus: string; location?: string; at: string },
  correlationId: string,
): Promise<{ orderId: string; applied: boolean }> {
  const { rows } = await runtime.pool.query<{ id: string }>('select id from orders where tracking_number = $1 order by created_at desc limit 1', [
    update.trackingNumber,
  ]);
  const orderId = rows[0]?.id;
  if (!orderId) throw new NotFoundError('Unknown tracking number');
  const { events, result } = await runOrderCommand(
    runtime.store,
    orderId,
    { type: 'TrackShipment', data: update },
    { userId: null, correlationId, now: new Date() },
  );
  await settled(runtime, result);
  return { orderId, applied: events.length > 0 };
}

/** The shopper's timeline of the shipment, from the order's own events. */
export function trackingTimeline(events: OrderEvent[]) {
  let trackingNumber: string | null = null;
  let courier: string | null = null;
  let estimatedDelivery: string | null = null;
  let timeline: { stage: string; label: string; at: string; location?: string }[] = [];
  for (const e of events) {
    if (e.type === 'OrderStatusChanged' && e.data.to === 'shipped' && e.data.trackingNumber && e.data.trackingNumber !== trackingNumber) {
      trackingNumber = e.data.trackingNumber;
      courier = e.data.courier ?? null;
      estimatedDelivery = e.data.estimatedDelivery ?? null;
      timeline = [{ stage: 'shipped', label: STAGE_LABELS.shipped, at: e.data.at }];
    } else if (e.type === 'ShipmentTracked' && e.data.trackingNumber === trackingNumber) {
      timeline.push({ stage: e.data.stage, label: STAGE_LABELS[e.data.stage], at: e.data.at, ...(e.data.location ? { location: e.data.location } : {}) });
    }
  }
  return { trackingNumber, courier, estimatedDelivery, events: timeline };
}
