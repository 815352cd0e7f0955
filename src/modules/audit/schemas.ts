import { z } from 'zod';
import { answers, binary, errors, ok } from '../../contract/wire.js';

const INDIA_OFFSET = '+05:30';
const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
/** The calendar date at the start of `s` exists (JavaScript would roll 2026-02-30 over into March). */
const realDate = (s: string) => {
  const date = s.slice(0, 10);
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date);
};

/** An instant: ISO 8601 with a zone (Z or ±hh:mm), or a bare date meaning that day's start in India time. */
const instant = (name: string) =>
  z
    .string()
    .trim()
    .max(40, `${name} must be an ISO 8601 date or date-time`)
    .refine(
      (s) => dateOnly.test(s) || z.iso.datetime({ offset: true }).safeParse(s).success,
      `${name} must be an ISO 8601 date (YYYY-MM-DD) or date-time with a zone`,
    )
    .refine(realDate, `${name} is not a real date`)
    .transform((s) => ({ text: s, date: new Date(dateOnly.test(s) ? `${s}T00:00:00${INDIA_OFFSET}` : s) }));

/** `to` as a bare date includes that whole day (India time). */
const endOf = (v: { text: string; date: Date }) => (dateOnly.test(v.text) ? new Date(v.date.getTime() + 86_400_000) : v.date);

export const exportQuery = z
  .object({
    from: instant('from').optional(),
    to: instant('to').optional(),
    format: z.enum(['ndjson', 'csv'], { error: 'format must be ndjson or csv' }).optional().default('ndjson'),
  })
  .transform((q) => ({
    from: q.from?.date ?? new Date(0),
    to: q.to ? endOf(q.to) : new Date(Date.now() + 1000),
    format: q.format,
    /** For the file name: the window as the caller wrote it (India dates stay dates). */
    label: `${q.from?.text ?? 'start'}-to-${q.to?.text ?? 'now'}`.replace(/[^0-9A-Za-z_-]+/g, '-'),
  }))
  .refine((q) => q.from.getTime() < q.to.getTime(), 'from must be before to');

const day = (name: string) =>
  z
    .string({ error: `${name} is required (YYYY-MM-DD)` })
    .regex(dateOnly, `${name} must be a date (YYYY-MM-DD)`)
    .refine(realDate, `${name} is not a real date`);

export const revenueQuery = z.object({ from: day('from'), to: day('to') }).refine((q) => q.from <= q.to, 'from must not be after to');

export const historyQuery = z.object({ asOf: instant('asOf').optional() });

/** The log as NDJSON or CSV, streamed (501 with EventStoreDB). */
export const exportResponses = { 200: binary('Events of the window, one per line (application/x-ndjson) or as CSV (text/csv)'), ...errors };

export const chainBreakSchema = z.object({
  streamId: z.string(),
  version: z.number().int(),
  eventId: z.string(),
  kind: z.enum(['missing-events', 'broken-link', 'altered-content', 'unhashed']),
  reason: z.string(),
});
export const verifyResponses = answers(ok({ ok: z.boolean(), streams: z.number().int(), events: z.number().int(), breaks: z.array(chainBreakSchema) }));

export const anchorResponses = answers(
  ok({
    takenAt: z.string(),
    streams: z.number().int(),
    digest: z.string(),
    heads: z.array(z.object({ stream: z.string(), version: z.number().int(), hash: z.string() })),
  }),
);

const counted = z.object({ orders: z.number().int(), revenue: z.number() });
export const revenueDifferenceSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** Rupees counted for the order: from the events, and by the dashboard's read model. */
  events: z.number(),
  readModel: z.number(),
  eventsStatus: z.string().nullable(),
  readModelStatus: z.string().nullable(),
  reason: z.string(),
});
export const revenueReconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  events: counted,
  readModel: counted,
  difference: z.number(),
  differences: z.array(revenueDifferenceSchema),
  /** Order events after the read model's checkpoint, left out of both sides. */
  orderEventsNotYetApplied: z.number().int(),
  /** Orders the log shows moved back to confirmed or later after a refund, with no new payment or confirmation. */
  movedOnAfterRefund: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), refundedAt: z.string(), movedTo: z.string(), movedAt: z.string() })),
});
export const revenueResponses = answers(ok({ reconciliation: revenueReconciliationSchema }));

/** The order as it stood (or stands), folded from its events by the audit module. */
export const orderSnapshotSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  customerId: z.string(),
  status: z.string(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  deleted: z.boolean(),
  subtotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  paid: z.number(),
  refunded: z.number(),
  items: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number(), price: z.number() })),
  trackingNumber: z.string().nullable(),
  placedAt: z.string(),
  lastEventAt: z.string(),
  eventsApplied: z.number().int(),
  eventsTotal: z.number().int(),
});

/** One event of an order's history (its own stream and the stock it moved), with who did it. */
export const historyEventSchema = z.object({
  stream: z.string(),
  version: z.number().int(),
  type: z.string(),
  at: z.string(),
  by: z.string(),
  byName: z.string(),
  byRole: z.string(),
  data: z.unknown(),
  recordedAt: z.string(),
});
