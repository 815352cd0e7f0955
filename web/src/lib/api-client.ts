/** The one HTTP client of the storefront: base /api, JSON, bearer token from localStorage, the spec's error texts. */
export const TOKEN_KEY = 'auth_token';
export const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfter?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function errorFrom(response: Response): Promise<ApiError> {
  let serverMessage: string | undefined;
  try {
    const data = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof data.error === 'string' && data.error) serverMessage = data.error;
  } catch {
    /* not JSON */
  }
  const retryAfter = response.headers.get('Retry-After') ?? undefined;
  if (response.status === 429) return new ApiError(serverMessage ?? 'Too many requests', 429, retryAfter);
  return new ApiError(serverMessage ?? `HTTP error! status: ${response.status}`, response.status, retryAfter);
}

/**
 * The server renderer answers GET reads in-process (the in-memory catalogue) instead of over HTTP: it installs this
 * before prefetching a page's queries. Never set in the browser.
 */
export type ServerReads = (path: string) => Promise<unknown>;
let serverReads: ServerReads | null = null;
export function setServerReads(reads: ServerReads | null): void {
  serverReads = reads;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if (serverReads) {
    if ((options.method ?? 'GET') !== 'GET') throw new ApiError('Not available while rendering on the server', 405);
    const data = (await serverReads(path)) as T & { success?: boolean; error?: string };
    if (data && data.success === false) throw new ApiError(data.error ?? 'Not found', 404);
    return data;
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await errorFrom(response);
  const data = (await response.json()) as T & { success?: boolean; error?: string };
  if (data && data.success === false) throw new ApiError(data.error ?? `HTTP error! status: ${response.status}`, response.status);
  return data;
}

/** Binary downloads (the invoice PDF) with the same auth and error rules. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await fetch(`${API_BASE}${path}`, { headers: authHeaders() });
  if (!response.ok) throw await errorFrom(response);
  return response.blob();
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** Status updates retry up to 2 times (1 s, then 2 s) on network and gateway errors. */
export async function withStatusRetry<T>(run: () => Promise<T>, waits: number[] = [1000, 2000]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const transient = /Failed to fetch|502|503|504/.test(message);
      if (!transient || attempt >= waits.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, waits[attempt]));
    }
  }
}
