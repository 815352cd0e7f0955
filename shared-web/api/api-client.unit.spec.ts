import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiRequest, uploadWithProgress } from './api-client.js';
import { ApiError } from './api-error.js';
import { isTransientFailure, STATUS_UPDATE_RETRY, withRetries, type RetryPolicy } from './retry.js';
import { getToken, onUnauthorized, setToken } from './token.js';

/** The storefront's status update, as web/src/features/checkout/api/update-order-status.ts runs it. */
const withStatusRetry = <T>(run: () => Promise<T>, waits?: number[]) => withRetries(run, waits ? { ...STATUS_UPDATE_RETRY, waits } : STATUS_UPDATE_RETRY);

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
  );

describe('the API client (both apps)', () => {
  it('calls /api with JSON and the bearer token from auth_token', async () => {
    store.set('auth_token', 'tok');
    const fetch = answer(200, { success: true, products: [] });
    vi.stubGlobal('fetch', fetch);
    await api.post('/orders', { a: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/orders');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it("raises the server's error, else 'HTTP error! status: {code}'", async () => {
    vi.stubGlobal('fetch', answer(409, { success: false, error: 'Email already in use' }));
    await expect(api.get('/x')).rejects.toThrow('Email already in use');
    vi.stubGlobal('fetch', answer(502, 'bad gateway'));
    await expect(api.get('/x')).rejects.toThrow('HTTP error! status: 502');
  });

  it("gives 'Too many requests' with Retry-After on 429", async () => {
    vi.stubGlobal('fetch', answer(429, '', { 'Retry-After': '30' }));
    const error = (await api.get('/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.message, error.status, error.retryAfter]).toEqual(['Too many requests', 429, '30']);
  });

  it('retries status updates twice on gateway errors only', async () => {
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('HTTP error! status: 503'));
    };
    await expect(withStatusRetry(failing, [0, 0])).rejects.toThrow('503');
    expect(calls).toBe(3);
    calls = 0;
    await expect(withStatusRetry(() => (calls++, Promise.reject(new Error('Order not found'))), [0, 0])).rejects.toThrow('Order not found');
    expect(calls).toBe(1);
  });

  it('waits 1 s, then 2 s, between the attempts (the real values, on fake timers)', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const result = withStatusRetry(() => (calls++, Promise.reject(new Error('Failed to fetch')))).catch((e: Error) => e);
      const seen: number[] = [];
      for (const step of [0, 999, 1, 1999, 1, 60_000]) {
        await vi.advanceTimersByTimeAsync(step);
        seen.push(calls);
      }
      expect(seen).toEqual([1, 1, 2, 2, 3, 3]); // at 0, 999, 1000, 2999, 3000 ms and much later
      expect(((await result) as Error).message).toBe('Failed to fetch');
    } finally {
      vi.useRealTimers();
    }
  });
  it("treats { success: false, error } as a failure even under 200, with the server's message", async () => {
    vi.stubGlobal('fetch', answer(200, { success: false, error: 'Product not found' }));
    const error = (await api.get('/products/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.message, error.status]).toEqual(['Product not found', 400]);
    vi.stubGlobal('fetch', answer(200, { success: false }));
    await expect(api.get('/x')).rejects.toThrow('HTTP error! status: 400');
  });

  it('removes the token when the server answers 401 to it, and tells the app', async () => {
    store.set('auth_token', 'old');
    const heard: string[] = [];
    const stop = onUnauthorized(() => heard.push(String(getToken())));
    try {
      vi.stubGlobal('fetch', answer(401, { success: false, error: 'Invalid or expired token' }));
      await expect(api.get('/auth/profile')).rejects.toMatchObject({ status: 401, message: 'Invalid or expired token' });
      expect(store.has('auth_token')).toBe(false);
      expect(heard).toEqual(['null']);
    } finally {
      stop();
    }
  });

  it('keeps the token on every other failure: 403, 429, 5xx and a network error', async () => {
    store.set('auth_token', 'tok');
    for (const status of [403, 429, 500, 503]) {
      vi.stubGlobal('fetch', answer(status, { success: false, error: 'no' }));
      await expect(api.get('/x')).rejects.toMatchObject({ status });
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('NetworkError when attempting to fetch resource.'))),
    );
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0 });
    expect(store.get('auth_token')).toBe('tok');
  });

  it('keeps a token stored since the refused request left (a new sign-in in between)', async () => {
    store.set('auth_token', 'old');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        setToken('new');
        return new Response(JSON.stringify({ success: false, error: 'Invalid or expired token' }), { status: 401 });
      }),
    );
    await expect(api.get('/orders')).rejects.toMatchObject({ status: 401 });
    expect(store.get('auth_token')).toBe('new');
  });

  it("reports a request that never reached the server as ApiError('Failed to fetch', 0), which the status-update retry counts as transient", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Load failed'))),
    );
    const error = (await api.put('/orders/o1/status', { status: 'confirmed' }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect([error.message, error.status]).toEqual(['Failed to fetch', 0]);
    expect(isTransientFailure(error)).toBe(true);
  });

  it('lets an aborted request stay an abort (TanStack Query cancels by aborting)', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(api.get('/x', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends multipart bodies as they are (no JSON content type)', async () => {
    const fetch = answer(200, { success: true });
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('mode', 'upsert');
    await apiRequest('/admin/products/bulk', { method: 'POST', form });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('retries a 429 after its Retry-After when the policy honours it (never less than the planned wait)', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          ++calls === 1 ? new Response('{}', { status: 429, headers: { 'Retry-After': '3' } }) : new Response('{"success":true,"ok":1}', { status: 200 }),
        ),
      );
      const policy: RetryPolicy = { waits: [1000], shouldRetry: (e) => (e as ApiError).status === 429, honourRetryAfter: true };
      const result = withRetries(() => api.get<{ ok: number }>('/x'), policy);
      const seen: number[] = [];
      for (const step of [0, 2999, 1]) {
        await vi.advanceTimersByTimeAsync(step);
        seen.push(calls);
      }
      expect(seen).toEqual([1, 1, 2]); // 3 s (Retry-After), not the planned 1 s
      await expect(result).resolves.toMatchObject({ ok: 1 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('uploads with progress through XMLHttpRequest under the same rules', async () => {
    store.set('auth_token', 'tok');
    class FakeXhr {
      static last: FakeXhr;
      status = 0;
      responseText = '';
      headers: Record<string, string> = {};
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      constructor() {
        FakeXhr.last = this;
      }
      open() {}
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      getResponseHeader(name: string) {
        return name === 'Retry-After' ? '7' : null;
      }
      send() {}
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const refused = uploadWithProgress('/cloudinary/upload', new FormData(), (p) => progress.push(p));
    FakeXhr.last.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    Object.assign(FakeXhr.last, { status: 429, responseText: '' });
    FakeXhr.last.onload?.();
    await expect(refused).rejects.toMatchObject({ message: 'Too many requests', status: 429, retryAfter: '7' });
    expect([progress, FakeXhr.last.headers.Authorization]).toEqual([[50], 'Bearer tok']);
    const offline = uploadWithProgress('/cloudinary/upload', new FormData());
    FakeXhr.last.onerror?.();
    await expect(offline).rejects.toMatchObject({ message: 'Failed to fetch', status: 0 });
  });
});
