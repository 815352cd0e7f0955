/**
 * The one HTTP client of both apps: base /api, JSON, the bearer token from localStorage, and one treatment of failure
 * (both specs' section 7): `{ success: false, error }` or a non-2xx status throws an ApiError with the server's
 * message, 429 carries Retry-After, a 401 to the stored token removes it (see docs/decisions/0004-sessions-and-retries.md), and a request that never
 * reached the server throws ApiError('Failed to fetch', 0). Retries are the caller's choice (./retry.ts).
 */
import { ApiError, errorFrom, isRefusal, NETWORK_FAILURE } from './api-error.js';
import { authHeaders, getToken, tokenRefused } from './token.js';

export const API_BASE = '/api';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart instead of `body`. */
  form?: FormData;
  signal?: AbortSignal;
}

/**
 * The storefront's server renderer answers GET reads in-process (the in-memory catalogue) instead of over HTTP: it
 * installs this before prefetching a page's queries. Never set in a browser.
 */
export type ServerReads = (path: string) => Promise<unknown>;
let serverReads: ServerReads | null = null;
export function setServerReads(reads: ServerReads | null): void {
  serverReads = reads;
}

const isAbort = (error: unknown, signal?: AbortSignal) => signal?.aborted || (error as { name?: unknown } | null)?.name === 'AbortError';

/** fetch with the token; a network failure becomes ApiError(NETWORK_FAILURE, 0), an abort stays an abort. */
async function send(path: string, init: RequestInit, signal?: AbortSignal): Promise<{ response: Response; token: string | null }> {
  const token = getToken();
  try {
    const response = await fetch(`${API_BASE}${path}`, { ...init, headers: { ...authHeaders(token), ...(init.headers as Record<string, string>) }, signal });
    return { response, token };
  } catch (error) {
    if (isAbort(error, signal)) throw error;
    throw new ApiError(NETWORK_FAILURE, 0);
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined; // not JSON (a proxy's error page)
  }
}

function failure(response: Response, body: unknown, token: string | null): ApiError {
  if (response.status === 401) tokenRefused(token);
  return errorFrom(response.status, body, response.headers.get('Retry-After'));
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (serverReads) {
    if (method !== 'GET') throw new ApiError('Not available while rendering on the server', 405);
    const data = await serverReads(path);
    if (isRefusal(data)) throw new ApiError((data as { error?: string }).error ?? 'Not found', 404);
    return data as T;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const { response, token } = await send(path, { method, headers, body }, options.signal);
  const data = await readJson(response);
  if (!response.ok || isRefusal(data)) throw failure(response, data, token);
  return data as T;
}

/** A binary answer (invoice PDF, exports) with the same auth and error rules, and its Content-Disposition header. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<{ blob: Blob; contentDisposition: string | null }> {
  const { response, token } = await send(path, { method: 'GET' }, signal);
  if (!response.ok) throw failure(response, await readJson(response), token);
  return { blob: await response.blob(), contentDisposition: response.headers.get('Content-Disposition') };
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** Multipart upload through XMLHttpRequest so the caller sees upload progress (0..100); same error rules. */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const token = getToken();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    for (const [name, value] of Object.entries(authHeaders(token))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && !isRefusal(parsed)) return resolve(parsed as T);
      if (xhr.status === 401) tokenRefused(token);
      reject(errorFrom(xhr.status, parsed, xhr.getResponseHeader('Retry-After')));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_FAILURE, 0));
    xhr.send(form);
  });
}
