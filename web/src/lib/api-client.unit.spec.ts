import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, withStatusRetry } from './api-client';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
});
afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }));

describe('the API client', () => {
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
});
