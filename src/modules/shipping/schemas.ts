import { z } from 'zod';
import { answers, ok } from '../../contract/wire.js';
import { orderSchema, TRACKING_STAGES } from '../orders/index.js';

const courierStatus = z.string().trim().min(1).max(80);

/**
 * The part of a Shiprocket tracking webhook this store reads (its other fields, such as the status ids that arrive as
 * numbers or as strings, pass through unread): the AWB (a string or a number), the status label (`current_status`, or
 * `shipment_status` when a payload has only that), its time and the scans' locations.
 */
export const trackingWebhookBody = z
  .object({
    awb: z.union([z.string(), z.number()]).transform(String).pipe(z.string().trim().min(1).max(40)),
    current_status: courierStatus.optional(),
    shipment_status: courierStatus.optional(),
    current_timestamp: z.string().max(40).optional(),
    scans: z
      .array(z.object({ location: z.string().optional() }).loose())
      .max(500)
      .optional(),
  })
  .loose()
  .refine((b) => b.current_status !== undefined || b.shipment_status !== undefined, {
    message: 'current_status is required',
    path: ['current_status'],
  });

export const webhookAnswer = answers(ok({ applied: z.boolean(), ignored: z.string().optional() }));

export const advanceBody = z.object({
  trackingNumber: z.string({ error: 'trackingNumber is required' }).trim().min(1, 'trackingNumber is required').max(40),
  status: z.enum(TRACKING_STAGES, { error: `status must be one of ${TRACKING_STAGES.join(', ')}` }),
});
export const advanceAnswer = answers(ok({ applied: z.boolean(), order: orderSchema }));

export const serviceabilityQuery = z.object({
  pincode: z
    .string({ error: 'Please enter a valid 6-digit pincode' })
    .trim()
    .regex(/^\d{6}$/, 'Please enter a valid 6-digit pincode'),
  cod: z.enum(['true', 'false']).optional(),
});
export const serviceabilityAnswer = answers(
  ok({ serviceable: z.boolean(), estimatedDelivery: z.string().optional(), courier: z.string().optional(), message: z.string().optional() }),
);

export const trackingAnswer = answers(
  ok({
    tracking: z.object({
      trackingNumber: z.string().nullable(),
      courier: z.string().nullable(),
      estimatedDelivery: z.string().nullable(),
      events: z.array(z.object({ stage: z.string(), label: z.string(), at: z.string(), location: z.string().optional() })),
    }),
  }),
);
export const orderIdParams = z.object({ id: z.string().trim().min(1).max(100) });
