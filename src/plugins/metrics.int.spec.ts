import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAdmin, signUp, type TestContext } from '../../tests/helpers/test-runtime.js';

type Family = { name: string; type: string; metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string }[] };

const METRICS_TOKEN = 'prometheus-scrape-token-0123456789';
let ctx: TestContext;
let adminAuth: Record<string, string>;

let lastText = '';
async function scrape(headers: Record<string, string> = { authorization: `Bearer ${METRICS_TOKEN}` }): Promise<Family[]> {
  const r = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  lastText = r.body;
  return parsePrometheusTextFormat(r.body) as Family[];
}
const family = (families: Family[], name: string) => families.find((f) => f.name === name);
const gaugeOf = (families: Family[], name: string, labels: Record<string, string>) =>
  Number(family(families, name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value ?? NaN);

beforeAll(async () => {
  ctx = await createTestApp({ env: { METRICS_TOKEN, READY_MAX_LAG_EVENTS: '1' } });
  adminAuth = (await loginAdmin(ctx.app)).auth;
});
afterAll(async () => ctx?.close());

describe('GET /api/metrics', () => {
  it('is for Prometheus (METRICS_TOKEN) and admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token-000' } })).statusCode).toBe(
      401,
    );
    const shopper = await signUp(ctx.app);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: shopper.auth })).statusCode).toBe(403);
    await scrape(adminAuth);
  });

  it('parses, times requests by route pattern (never the raw URL), counts events by type, reports process figures', async () => {
    for (const id of ['no-such-1', 'no-such-2', 'no-such-3']) await ctx.app.inject({ method: 'GET', url: `/api/products/${id}` });
    await signUp(ctx.app);
    // The events counter follows the log through its own subscription: polled until it has seen the sign-up.
    await expect.poll(async () => gaugeOf(await scrape(), 'store_events_total', { type: 'CustomerRegistered' })).toBeGreaterThanOrEqual(1);
    const families = await scrape();
    expect(family(families, 'http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // (The parser keeps no labels on histogram series: read the count lines themselves.)
    const counts = lastText.split('\n').filter((l) => l.startsWith('http_request_duration_seconds_count{'));
    const routes = new Set(counts.map((l) => /route="([^"]*)"/.exec(l)![1]));
    expect(routes).toContain('/api/products/:id');
    expect([...routes].some((r) => r.includes('no-such'))).toBe(false);
    const byId = counts.find((l) => l.includes('route="/api/products/:id"') && l.includes('status_code="404"'))!;
    expect(Number(byId.split(' ').pop())).toBe(3);
    expect(gaugeOf(families, 'store_events_total', { type: 'CustomerRegistered' })).toBeGreaterThanOrEqual(1);
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_gc_duration_seconds',
      'store_catalogue_products',
      'store_live_websocket_clients',
    ]) {
      expect(family(families, name), name).toBeDefined();
    }
  });

  it('projection lag rises while projectors are stopped, and readiness turns red; live stays green', async () => {
    // Every projector has applied what the earlier tests appended (their checkpoints, not a clock).
    await ctx.runtime.projections.waitFor(await ctx.runtime.store.headPosition(), undefined, 15_000);
    let families = await scrape();
    expect(gaugeOf(families, 'store_projection_lag_events', { projector: 'customers' })).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);

    await ctx.runtime.projections.stop();
    await signUp(ctx.app).catch(() => undefined);
    await signUp(ctx.app).catch(() => undefined);
    families = await scrape();
    expect(gaugeOf(families, 'store_projection_lag_events', { projector: 'customers' })).toBeGreaterThanOrEqual(2);
    expect(gaugeOf(families, 'store_projection_lag_seconds', { projector: 'customers' })).toBeGreaterThanOrEqual(0);
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ success: false, error: expect.stringMatching(/customers is \d+ events behind/) });
    const live = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ success: true, status: 'live' });
  });
});
