export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Order status updates: up to 2 retries, waiting 1 s then 2 s, when the message names a network or gateway failure. */
export const STATUS_RETRY_WAITS = [1000, 2000];
export function isTransientFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch|502|503|504/.test(message);
}

/** Admin product loading: up to 3 retries waiting 2, 4, 8 s on 429 / 'Too many requests', then the spec's message. */
export const RATE_LIMIT_WAITS = [2000, 4000, 8000];
export const RATE_LIMIT_MESSAGE = 'Rate limit exceeded: wait 5 minutes';
export function isRateLimited(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  const message = error instanceof Error ? error.message : String(error);
  return status === 429 || message.includes('Too many requests');
}

export async function withRetries<T>(run: () => Promise<T>, waits: number[], shouldRetry: (error: unknown) => boolean, wait = sleep): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= waits.length || !shouldRetry(error)) throw error;
      await wait(waits[attempt]!);
    }
  }
}
