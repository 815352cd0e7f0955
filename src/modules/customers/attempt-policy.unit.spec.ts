import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../config/limits.js';
import { delayAfter, recordFailure, waitBeforeAttempt, type FailureRecord } from './attempt-policy.js';

const policy = DEFAULT_LIMITS.authThrottle.account;

describe('sign-in attempt policy (per account)', () => {
  it('no delay for the free failures, then 1 s doubling up to 60 s', () => {
    expect(Array.from({ length: 14 }, (_, i) => delayAfter(i + 1, policy) / 1000)).toEqual([0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });

  it('waits out the delay, then the window ends and the count starts again', () => {
    let record: FailureRecord | null = null;
    for (let i = 0; i < 6; i++) record = recordFailure(record, 1_000, policy);
    expect(waitBeforeAttempt(record, 1_000, policy)).toBe(1000);
    expect(waitBeforeAttempt(record, 2_000, policy)).toBe(0);
    const later = recordFailure(record, 1_000 + policy.windowMs, policy);
    expect(later).toEqual({ failures: 1, windowStartedAt: 1_000 + policy.windowMs, blockedUntil: 1_000 + policy.windowMs });
  });

  it('the cap holds attempts until the window that began with the first failure ends', () => {
    const capped = { failures: policy.maxFailuresPerWindow, windowStartedAt: 0, blockedUntil: 0 };
    expect(waitBeforeAttempt(capped, 10_000, policy)).toBe(policy.windowMs - 10_000);
    expect(waitBeforeAttempt(capped, policy.windowMs, policy)).toBe(0);
  });
});
