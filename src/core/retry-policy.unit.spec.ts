import { afterEach, describe, expect, it, vi } from 'vitest';
import { WrongExpectedVersionError } from './errors.js';
import { retryOnConflict, type RetryPolicy } from './retry-policy.js';

const conflict = () => new WrongExpectedVersionError('inventory-p1', 3, 4);
/** Back-off of 8 ms for the first retry; Math.random picks the share of it (full jitter). */
const policy: RetryPolicy = { attempts: 5, baseDelayMs: 8, maxDelayMs: 100 };

/** A command that conflicts `conflicts` times, then succeeds; `attempts` counts its runs. */
function conflicting(conflicts: number) {
  const run = { attempts: 0 };
  const attempt = async (n: number) => {
    run.attempts = n;
    if (n <= conflicts) throw conflict();
    return `done on attempt ${n}`;
  };
  return { run, attempt };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryOnConflict', () => {
  it.each([
    [0.5, 4],
    [0.125, 1],
  ])('with jitter %d waits its %d ms before deciding again, not sooner', async (share, waitMs) => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(share);
    const { run, attempt } = conflicting(1);
    const result = retryOnConflict(attempt, { policy });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(waitMs - 0.5);
    expect(run.attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(0.5);
    expect(run.attempts).toBe(2);
    await expect(result).resolves.toBe('done on attempt 2');
  });

  it('decides again at once when the jittered wait is under a millisecond (a timer would take at least 1 ms)', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.03125); // 0.25 ms, then 0.5 ms
    const { run, attempt } = conflicting(2);
    const result = retryOnConflict(attempt, { policy });
    await vi.advanceTimersByTimeAsync(0);
    expect(run.attempts).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
    await expect(result).resolves.toBe('done on attempt 3');
  });

  it('throws the last conflict once the attempts are spent, and other errors at once', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const { run, attempt } = conflicting(Infinity);
    await expect(retryOnConflict(attempt, { policy })).rejects.toThrow(WrongExpectedVersionError);
    expect(run.attempts).toBe(policy.attempts);

    let runs = 0;
    const broken = async () => {
      runs++;
      throw new Error('disk full');
    };
    await expect(retryOnConflict(broken, { policy })).rejects.toThrow('disk full');
    expect(runs).toBe(1);
    runs = 0;
    await expect(retryOnConflict(broken, { policy, retriable: (e) => (e as Error).message === 'disk full' })).rejects.toThrow('disk full');
    expect(runs).toBe(policy.attempts);
  });
});
