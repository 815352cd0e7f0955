import type { ThrottlePolicy } from '../../config/limits.js';

/** One throttled key's failures (an account's e-mail or a client address); times in ms since the epoch. */
export interface FailureRecord {
  failures: number;
  windowStartedAt: number;
  blockedUntil: number;
}

const windowOpen = (record: FailureRecord, now: number, policy: ThrottlePolicy) => now < record.windowStartedAt + policy.windowMs;

/**
 * How long an attempt must wait now (0: it may go ahead). Pure: the clock comes in. `capOnly`: only the hourly cap
 * holds it, not the back-off (the owner's usual address, see attempt-throttle.ts).
 */
export function waitBeforeAttempt(record: FailureRecord | null, now: number, policy: ThrottlePolicy, options: { capOnly?: boolean } = {}): number {
  if (!record || !windowOpen(record, now, policy)) return 0;
  if (record.failures >= policy.maxFailuresPerWindow) return record.windowStartedAt + policy.windowMs - now;
  return options.capOnly ? 0 : Math.max(0, record.blockedUntil - now);
}

/** The delay after the nth failure of a window: none for the free ones, then base, 2 × base, 4 × base, … up to max. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  const beyond = failures - policy.freeFailures;
  if (beyond <= 0) return 0;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(beyond - 1, 40));
}

/** The record after one more failure at `now`; a window that has ended starts again from this failure. */
export function recordFailure(record: FailureRecord | null, now: number, policy: ThrottlePolicy): FailureRecord {
  const fresh = !record || !windowOpen(record, now, policy);
  const failures = fresh ? 1 : record.failures + 1;
  return { failures, windowStartedAt: fresh ? now : record.windowStartedAt, blockedUntil: now + delayAfter(failures, policy) };
}

/** When the record can be forgotten: its window is over and no delay is pending. */
export const expiresAt = (record: FailureRecord, policy: ThrottlePolicy) => Math.max(record.windowStartedAt + policy.windowMs, record.blockedUntil);
