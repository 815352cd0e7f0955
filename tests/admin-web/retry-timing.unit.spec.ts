import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../admin-web/src/lib/api-client.js';
import { isRateLimited, isTransientFailure, RATE_LIMIT_MESSAGE, RATE_LIMIT_WAITS, STATUS_RETRY_WAITS, withRetries } from '../../admin-web/src/lib/retry.js';

/**
 * The admin spec's timing rules at their real values, on fake timers (nothing here waits for real), through the retry
 * helper and constants that getProducts and updateOrderStatus use. (Those two modules use bundler-style imports that
 * the root tsconfig cannot follow, so they are not imported here.)
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
    const result = withRetries(() => (calls++, Promise.reject(new ApiError('Too many requests', 429, '60'))), RATE_LIMIT_WAITS, isRateLimited).catch((e: ApiError) => e);
    // attempts at 0, 2000, 2000 + 4000 and 6000 + 8000 ms; each checked a millisecond before and at its moment
    expect(await attemptsAt(() => calls, [0, 1999, 2000, 5999, 6000, 13_999, 14_000, 300_000])).toEqual([1, 1, 2, 2, 3, 3, 4, 4]);
    expect(isRateLimited(await result)).toBe(true);
  });

  it('a success on a retry answers; errors other than 429 are not retried', async () => {
    let calls = 0;
    const page = withRetries(() => (++calls === 1 ? Promise.reject(new ApiError('Too many requests', 429)) : Promise.resolve('page')), RATE_LIMIT_WAITS, isRateLimited);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(page).resolves.toBe('page');
    calls = 0;
    await expect(withRetries(() => (calls++, Promise.reject(new ApiError('Server exploded', 500))), RATE_LIMIT_WAITS, isRateLimited)).rejects.toThrow('Server exploded');
    expect(calls).toBe(1);
  });
});

describe('admin order status updates on network and gateway errors', () => {
  it('retry twice, after 1 s and then 2 s, then give up with the error', async () => {
    let calls = 0;
    const result = withRetries(() => (calls++, Promise.reject(new ApiError('HTTP error! status: 503', 503))), STATUS_RETRY_WAITS, isTransientFailure).catch((e: Error) => e);
    expect(await attemptsAt(() => calls, [0, 999, 1000, 2999, 3000, 30_000])).toEqual([1, 1, 2, 2, 3, 3]);
    expect(((await result) as Error).message).toBe('HTTP error! status: 503');
  });
});
