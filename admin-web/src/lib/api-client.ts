/** The one way the dashboard talks to the server: base /api, bearer token from localStorage, spec error rules. */
export const API_BASE = '/api';
export const TOKEN_KEY = 'auth_token';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfter?: string | null,
  ) {
    super(message);
  }
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Turns a non-success answer into the spec's error: the server's `error`, else 'HTTP error! status: {code}'. */
export function errorFrom(status: number, body: unknown, retryAfter?: string | null): ApiError {
  const serverError = body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : undefined;
  if (status === 429) return new ApiError(serverError ?? 'Too many requests', 429, retryAfter ?? null);
  return new ApiError(serverError ?? `HTTP error! status: ${status}`, status);
}

export async function apiRequest<T>(path: string, init: { method?: string; body?: unknown; form?: FormData; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders() };
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  const response = await fetch(`${API_BASE}${path}`, { method: init.method ?? 'GET', headers, body, signal: init.signal });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const failed = !response.ok || (parsed && typeof parsed === 'object' && (parsed as { success?: unknown }).success === false);
  if (failed) throw errorFrom(response.ok ? 400 : response.status, parsed, response.headers.get('Retry-After'));
  return parsed as T;
}

/** Multipart upload through XMLHttpRequest so the caller sees upload progress (0..100). */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
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
      const ok = xhr.status >= 200 && xhr.status < 300 && !(parsed && (parsed as { success?: unknown }).success === false);
      if (ok) resolve(parsed as T);
      else reject(errorFrom(xhr.status >= 200 && xhr.status < 300 ? 400 : xhr.status, parsed, xhr.getResponseHeader('Retry-After')));
    };
    xhr.onerror = () => reject(new ApiError('Failed to fetch', 0));
    xhr.send(form);
  });
}
