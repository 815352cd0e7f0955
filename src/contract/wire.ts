import { z } from 'zod';

/**
 * Building blocks of the wire contract: every /api route declares its answers with these (fastify-type-provider-zod
 * serializes through the schema, so a field a schema does not name is dropped from the answer) and the OpenAPI
 * document at /docs/json shows them.
 *
 * Field names: the specs name most fields in snake_case (`full_name`, `order_number`, `stock_quantity`), a few in
 * camelCase (`orderNumber`, `powerPoints`, `paymentExpiresAt`). Every field keeps the spec's exact name; where an
 * answer carries the same value under both casings, the schema says which one is the spec's and which one is kept
 * for clients written against the other.
 */

/** `{ success: false, error }` of the one error handler; validation errors add `details`, some 409s add fields. */
export const failure = z
  .object({
    success: z.literal(false),
    error: z.string(),
    details: z.unknown().optional(),
  })
  .loose();
export type Failure = z.infer<typeof failure>;

/** `{ success: true, ...shape }`. */
export const ok = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ success: z.boolean().meta({ description: 'true' }), ...shape });

/** The error answers every route may give (the error handler's shape). */
export const errors = { '4xx': failure, '5xx': failure } as const;

/** The success answer plus the error answers: `schema: { response: answers(okSchema) }`. */
export const answers = <Ok extends z.ZodType>(success: Ok) => ({ 200: success, ...errors });
/** The same for a route that answers 201 Created. */
export const created = <Ok extends z.ZodType>(success: Ok) => ({ 201: success, ...errors });

/** A message-only success (`{ success: true, message }`), e.g. a deletion. */
export const okMessage = ok({ message: z.string() });

/** A non-JSON answer (a PDF, a spreadsheet, an NDJSON stream, Prometheus text): documented, never serialized. */
export const binary = (description: string) => z.any().meta({ description, format: 'binary' });

/** Money in rupees with paise precision, as a JSON number (see docs/decisions/0003-money-and-gst.md). */
export const rupees = z.number();
/** A timestamp as ISO 8601 text. */
export const isoTime = z.string();

/** `?page=&limit=` of an admin list: pages from 1, at most 200 rows a page, 50 by default. */
export const pagingQueryFields = {
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page must be at least 1').max(100_000).optional().default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .optional()
    .default(50),
};
