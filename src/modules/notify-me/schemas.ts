import { z } from 'zod';
import { answers, ok } from '../../contract/wire.js';

/** A shopper may wait for this many products at a time (their list is one bounded answer). */
export const MAX_WAITING_PER_SHOPPER = 100;
/** Product ids one demand question may name (an admin products page holds at most 200). */
export const MAX_DEMAND_IDS = 200;

const productId = z
  .union([z.string().trim().min(1, 'Product is required').max(100, 'Product not found'), z.number().int().nonnegative()], {
    error: 'Product is required',
  })
  .transform(String);

export const notifyMeBody = z.object({ productId });
export const notifyMeParams = z.object({ productId: z.string().min(1).max(100) });

/** `?productIds=a,b,c`: the products the admin's page shows. */
export const demandQuery = z.object({
  productIds: z
    .string({ error: 'productIds is required' })
    .max(MAX_DEMAND_IDS * 101, `At most ${MAX_DEMAND_IDS} products at a time`)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id.length > 0),
      ),
    ])
    .refine((ids) => ids.length <= MAX_DEMAND_IDS, `At most ${MAX_DEMAND_IDS} products at a time`),
});

/** The products the signed-in shopper waits for. */
export const notifyMeListResponses = answers(ok({ productIds: z.array(z.string()) }));
/** After a change: whether the shopper now waits for this product, and their whole list. */
export const notifyMeChangedResponses = answers(ok({ message: z.string(), productId: z.string(), subscribed: z.boolean(), productIds: z.array(z.string()) }));
/** Waiting shoppers per product asked about (a product nobody waits for answers 0). */
export const demandResponses = answers(ok({ demand: z.record(z.string(), z.number().int()) }));
