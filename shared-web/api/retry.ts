/**
 * The specs' retry rules, in one place and at their exact values (parametrised, because the specs differ per call):
 * - order status updates, both apps: up to 2 retries waiting 1 s then 2 s, when the error message contains
 *   Failed to fetch, 502, 503 or 504 (STATUS_UPDATE_RETRY);
 * - admin product loading: on 429 or 'Too many requests', up to 3 retries waiting 2, 4, 8 s, then
 *   'Rate limit exceeded: wait 5 minutes' (PRODUCTS_RATE_LIMIT_RETRY, RATE_LIMIT_MESSAGE);
 * - the profile call at start (see docs/decisions/0004-sessions-and-retries.md): never after a 401, otherwise 1 s, 2 s, 4 s … up to 30 s, a 429's
 *   Retry-After when that is longer (sessionRetryDelayMs).
 */
import { ApiError, statusOf } from './api-error.js';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RetryPolicy {
  /** The wait before each retry, in order: its length is the number of retries. */
  readonly waits: readonly number[];
  readonly shouldRetry: (error: unknown) => boolean;
  /** Wait at least the answer's Retry-After (seconds), capped at `maxRetryAfterMs`. */
  readonly honourRetryAfter?: boolean;
  readonly maxRetryAfterMs?: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A network failure or a gateway error, by the specs' words (the message), or by status for an ApiError. */
export function isTransientFailure(error: unknown): boolean {
  const status = statusOf(error);
  return status === 0 || status === 502 || status === 503 || status === 504 || /Failed to fetch|502|503|504/.test(messageOf(error));
}

export function isRateLimited(error: unknown): boolean {
  return statusOf(error) === 429 || messageOf(error).includes('Too many requests');
}

/** Only a 401 says the token is no good (see docs/decisions/0004-sessions-and-retries.md). */
export const isAuthFailure = (error: unknown): boolean => statusOf(error) === 401;

/** A 429's Retry-After in milliseconds (0 when there is none or it is not a number of seconds). */
export function retryAfterMs(error: unknown): number {
  const header = error instanceof ApiError ? error.retryAfter : undefined;
  const seconds = header ? Number(header) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

export async function withRetries<T>(run: () => Promise<T>, policy: RetryPolicy, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= policy.waits.length || !policy.shouldRetry(error)) throw error;
      const planned = policy.waits[attempt]!;
      const asked = policy.honourRetryAfter ? Math.min(retryAfterMs(error), policy.maxRetryAfterMs ?? 300_000) : 0;
      await wait(Math.max(planned, asked));
    }
  }
}

/** Order status updates (as both specs retry them). */
export const STATUS_UPDATE_RETRY: RetryPolicy = { waits: [1000, 2000], shouldRetry: isTransientFailure };

/** Admin product loading (as the admin spec retries it). */
export const PRODUCTS_RATE_LIMIT_RETRY: RetryPolicy = { waits: [2000, 4000, 8000], shouldRetry: isRateLimited };
export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded: wait 5 minutes';

/** The profile call at start: attempt 1, 2, 3 … waits 1 s, 2 s, 4 s … up to 30 s; Retry-After (≤ 5 min) when longer. */
export function sessionRetryDelayMs(attempt: number, error?: unknown): number {
  const backoff = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  const asked = Math.min(retryAfterMs(error), 300_000);
  return asked > backoff ? asked : backoff;
}

/** The dashboard's profile check as TanStack Query options: never after a 401, at most 4 retries, the waits above. */
export const retryProfile = (failures: number, error: unknown): boolean => !isAuthFailure(error) && failures < 4;
export const profileRetryDelay = (failures: number, error?: unknown): number => sessionRetryDelayMs(failures + 1, error);
