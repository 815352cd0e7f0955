import { WrongExpectedVersionError } from './errors.js';

/**
 * How every command retries after a concurrency conflict (another writer appended to one of its streams between its
 * read and its append): decide again against the new state, at most `attempts` times, waiting a random time between
 * 0 and min(maxDelayMs, baseDelayMs * 2^(retry-1)) first ("full jitter"), so writers racing on a hot stream spread
 * out instead of colliding again in step. The one place this is configured.
 */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const COMMAND_RETRY: RetryPolicy = { attempts: 50, baseDelayMs: 1, maxDelayMs: 25 };

export function retryDelay(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  return random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
}

/**
 * Runs `attempt` until it returns, retrying on WrongExpectedVersionError (or what `retriable` accepts) under `policy`;
 * the last conflict is thrown once the attempts are spent.
 */
export async function retryOnConflict<T>(
  attempt: (n: number) => Promise<T>,
  options: { policy?: RetryPolicy; retriable?: (error: unknown) => boolean } = {},
): Promise<T> {
  const policy = options.policy ?? COMMAND_RETRY;
  const retriable = options.retriable ?? ((error: unknown) => error instanceof WrongExpectedVersionError);
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= policy.attempts || !retriable(error)) throw error;
      const delay = retryDelay(policy, n);
      if (delay >= 1) await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
