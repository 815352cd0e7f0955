/** What every failed call of either app throws: the spec's message, the HTTP status (0: the server was not reached). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The Retry-After header as sent (seconds), when the answer had one. */
    readonly retryAfter?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The status of an ApiError (or any error-like object that carries one). */
export const statusOf = (error: unknown): number | undefined => (error as { status?: unknown } | null)?.status as number | undefined;

/** fetch rejected without an answer (offline, DNS, reset): Chromium's words, the ones the specs' retry rules name. */
export const NETWORK_FAILURE = 'Failed to fetch';

/**
 * Both specs: a non-success answer throws the server's `error`, else 'HTTP error! status: {code}'; a 429 says 'Too many
 * requests' unless the server says more, and carries Retry-After. An answer with `success: false` under a 2xx status
 * is a refusal too (reported as 400).
 */
export function errorFrom(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const serverError =
    body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error || undefined : undefined;
  const code = status >= 200 && status < 300 ? 400 : status;
  const fallback = code === 429 ? 'Too many requests' : `HTTP error! status: ${code}`;
  return new ApiError(serverError ?? fallback, code, retryAfter ?? undefined);
}

/** `{ success: false, … }`: the spec's way of refusing, whatever the status. */
export const isRefusal = (body: unknown): boolean => !!body && typeof body === 'object' && (body as { success?: unknown }).success === false;
