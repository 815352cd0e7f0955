import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.js';
import {
  isRateLimited,
  PRODUCTS_RATE_LIMIT_RETRY,
  RATE_LIMIT_MESSAGE,
  sessionRetryDelayMs,
  STATUS_UPDATE_RETRY,
  withRetries,
  type RetryPolicy,
} from './retry.js';

/**
 * The specs' timing rules at their real values, on fake timers (nothing here waits for real), through the retry
 * helper and the policies the admin's getProducts and both apps' order status updates use.
 */
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Advances the clock to each moment and returns how many attempts had been made by then. */
async function attemptsAt(attempts: () => number, moments: number[]): Promise<number[]> {
  const seen: number[] = [];
  let now = 0;
  for (const moment of moments) {
    await vi.advanceTimersByTimeAsync(moment - now);
    now = moment;
    seen.push(attempts());
  }
  return seen;
}

describe('admin product loading on 429', () => {
  it('retries after 2 s, 4 s and 8 s, then gives up; the dashboard then shows "Rate limit exceeded: wait 5 minutes"', async () => {
    expect(RATE_LIMIT_MESSAGE).toBe('Rate limit exceeded: wait 5 minutes');
    let calls = 0;
    const result = withRetries(() => (calls++, Promise.reject(new ApiError('Too many requests', 429, '60'))), PRODUCTS_RATE_LIMIT_RETRY).catch(
      (e: ApiError) => e,
    );
    // attempts at 0, 2000, 2000 + 4000 and 6000 + 8000 ms; each checked a millisecond before and at its moment
    expect(await attemptsAt(() => calls, [0, 1999, 2000, 5999, 6000, 13_999, 14_000, 300_000])).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(isRateLimited(await result)).toBe(true);
  });

  it('a success on a retry answers; errors other than 429 are not retried', async () => {
    let calls = 0;
    const page = withRetries(
      () => (++calls === 1 ? Promise.reject(new ApiError('Too many requests', 429)) : Promise.resolve('page')),
      PRODUCTS_RATE_LIMIT_RETRY,
    );
    await vi.advanceTimersByTimeAsync(2000);
    await expect(page).resolves.toBe('page');
    calls = 0;
    await expect(withRetries(() => (calls++, Promise.reject(new ApiError('Server exploded', 500))), PRODUCTS_RATE_LIMIT_RETRY)).rejects.toThrow(
      'Server exploded',
    );
    expect(calls).toBe(1);
  });
});

describe('admin order status updates on network and gateway errors', () => {
  it('retry twice, after 1 s and then 2 s, then give up with the error', async () => {
    let calls = 0;
    const result = withRetries(() => (calls++, Promise.reject(new ApiError('HTTP error! status: 503', 503))), STATUS_UPDATE_RETRY).catch((e: Error) => e);
    expect(await attemptsAt(() => calls, [0, 999, 1000, 2999, 3000, 30_000])).toEqual([1, 1, 2, 2, 3, 3]);
    expect(((await result) as Error).message).toBe('HTTP error! status: 503');
  });
});

describe("a 429's Retry-After", () => {
  it('sets the wait of a policy that honours it, never shorter than planned and at most its cap', async () => {
    const waits: number[] = [];
    const policy: RetryPolicy = { waits: [1000, 1000, 1000], shouldRetry: isRateLimited, honourRetryAfter: true, maxRetryAfterMs: 20_000 };
    const answers = [new ApiError('Too many requests', 429, '5'), new ApiError('Too many requests', 429), new ApiError('Too many requests', 429, '600')];
    let calls = 0;
    const result = await withRetries(
      () => (calls < answers.length ? Promise.reject(answers[calls++]) : Promise.resolve('ok')),
      policy,
      async (ms) => void waits.push(ms),
    );
    expect([result, waits]).toEqual(['ok', [5000, 1000, 20_000]]);
  });

  it('is ignored by the spec policies that fix their waits (the admin product loading waits 2, 4, 8 s whatever the server asks)', async () => {
    const waits: number[] = [];
    await withRetries(
      () => Promise.reject(new ApiError('Too many requests', 429, '60')),
      PRODUCTS_RATE_LIMIT_RETRY,
      async (ms) => void waits.push(ms),
    ).catch(() => undefined);
    expect(waits).toEqual([2000, 4000, 8000]);
  });

  it('lengthens the profile back-off when longer, up to 5 minutes', () => {
    expect(sessionRetryDelayMs(1, new ApiError('Too many requests', 429, '10'))).toBe(10_000);
    expect(sessionRetryDelayMs(6, new ApiError('Too many requests', 429, '10'))).toBe(30_000);
    expect(sessionRetryDelayMs(1, new ApiError('Too many requests', 429, '3600'))).toBe(300_000);
    expect(sessionRetryDelayMs(1, new ApiError('Too many requests', 429, 'soon'))).toBe(1000);
  });
});
