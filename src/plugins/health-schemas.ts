import { z } from 'zod';
import { answers, binary, errors, failure, ok } from '../contract/wire.js';

/** `GET /api/health`: 200 when the database answers, 503 (same fields, `success: false`) when it does not. */
const health = z.object({
  success: z.boolean(),
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.string(),
  eventStore: z.string(),
  projections: z.array(z.object({ name: z.string(), position: z.object({ commit: z.string(), prepare: z.string() }), lastError: z.string().nullable() })),
  /** leader: this instance projects the read models; follower: another process does (npm run projector). */
  projectionRole: z.enum(['leader', 'follower', 'stopped']),
  latencyMs: z.number(),
});
export const healthResponses = { 200: health, 503: health, ...errors };

export const liveResponses = answers(ok({ status: z.literal('live') }));

const check = z.object({ ok: z.boolean(), detail: z.string().optional() });
/** 503 names what is not ready, with every check. */
export const readyResponses = {
  200: ok({ status: z.literal('ready'), checks: z.record(z.string(), check) }),
  503: failure.extend({ checks: z.record(z.string(), check) }),
  ...errors,
};

/** Prometheus text exposition format (a bearer METRICS_TOKEN or an admin's token). */
export const metricsResponses = { 200: binary('Prometheus text format (text/plain; version=0.0.4)'), ...errors };
