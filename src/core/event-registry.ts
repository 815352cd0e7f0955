import { z } from 'zod';

/** Every event type has a zod schema for its data; appends of unknown or malformed events fail before any write. */
const schemas = new Map<string, z.ZodType>();

export const eventMetadataSchema = z
  .object({
    correlationId: z.string().min(1),
    causationId: z.string().optional(),
    userId: z.string().nullable().optional(),
    timestamp: z.string().datetime(),
  })
  .passthrough();

export function registerEvents(definitions: Record<string, z.ZodType>): void {
  for (const [type, schema] of Object.entries(definitions)) {
    const existing = schemas.get(type);
    if (existing && existing !== schema) throw new Error(`Event type ${type} registered twice`);
    schemas.set(type, schema);
  }
}

/**
 * The event union of a feature's definitions: `{ type: K; data: z.infer<definition K> }` for each type K, all of them
 * or the ones named (a stream's own types, when several streams share one definitions object).
 */
export type EventsOf<Definitions extends Record<string, z.ZodType>, K extends keyof Definitions & string = keyof Definitions & string> = {
  [T in K]: { type: T; data: z.infer<Definitions[T]> };
}[K];

export class InvalidEventError extends Error {}

export function validateEvent(type: string, data: unknown): void {
  const schema = schemas.get(type);
  if (!schema) throw new InvalidEventError(`Unknown event type ${type}`);
  const result = schema.safeParse(data);
  if (!result.success) throw new InvalidEventError(`Invalid ${type}: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
}

export function registeredEventTypes(): string[] {
  return [...schemas.keys()];
}
