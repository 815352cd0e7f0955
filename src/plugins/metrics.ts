import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { START, type Subscription } from '../core/event-store.js';
import { ForbiddenError, UnauthorizedError } from '../core/errors.js';
import type { Runtime } from '../runtime.js';
import { metricsResponses } from './health-schemas.js';

/** A figure a module reports at scrape time (e.g. websocket clients, catalogue size); names are fixed, never data. */
export interface ModuleFigure {
  name: string;
  help: string;
  value: number;
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The metrics route accepts METRICS_TOKEN as a bearer token (for Prometheus), or an admin's token. */
function allowScrape(request: FastifyRequest, metricsToken: string | undefined): void {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (metricsToken && bearer && sameSecret(bearer, metricsToken)) return;
  if (request.user?.role === 'admin') return;
  if (request.user) throw new ForbiddenError('Admin access required');
  throw new UnauthorizedError(request.authError ?? 'Please log in');
}

/**
 * Prometheus metrics for one app instance (its own registry, so several apps in one process never mix):
 * HTTP durations by route pattern and status, events seen on the log by type, projection lag per projector in events
 * and seconds, module figures, and prom-client's process metrics (memory, GC, event-loop delay).
 */
export async function registerMetrics(root: FastifyInstance, runtime: Runtime): Promise<{ routes(api: FastifyInstance): void; stop(): Promise<void> }> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route pattern, method and status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  root.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/products/:id), never the raw URL: labels stay bounded whatever clients send.
    const route = request.routeOptions.url ?? 'unmatched';
    httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  const eventsSeen = new Counter({
    name: 'store_events_total',
    help: 'Events appended to the log since this instance started, by type (seen through its subscription)',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const head = await runtime.pool
    .query<{ tx: string; gp: string }>(
      `select transaction_id::text as tx, global_position::text as gp from events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot()) order by transaction_id desc, global_position desc limit 1`,
    )
    .catch(() => ({ rows: [] as { tx: string; gp: string }[] }));
  const from = head.rows[0] ? { commit: BigInt(head.rows[0].tx), prepare: BigInt(head.rows[0].gp) } : START;
  const subscription: Subscription = runtime.store.subscribe({
    from,
    onEvents: async (events) => {
      for (const e of events) eventsSeen.inc({ type: e.type });
    },
    onError: (error) => runtime.log.warn({ err: error }, 'metrics subscription error'),
  });

  new Gauge({
    name: 'store_projection_lag_events',
    help: 'Events on the log a projector has not applied yet',
    labelNames: ['projector'] as const,
    registers: [registry],
    async collect() {
      for (const lag of await projectionLag(runtime)) this.set({ projector: lag.name }, lag.events);
    },
  });
  new Gauge({
    name: 'store_projection_lag_seconds',
    help: 'Age of the oldest event a projector has not applied yet (0 when caught up)',
    labelNames: ['projector'] as const,
    registers: [registry],
    async collect() {
      for (const lag of await projectionLag(runtime)) this.set({ projector: lag.name }, lag.seconds);
    },
  });
  const figures = new Map<string, Gauge>();

  const routes = (api: FastifyInstance) =>
    api.get('/metrics', { schema: { response: metricsResponses } }, async (request, reply) => {
      allowScrape(request, runtime.env.METRICS_TOKEN);
      for (const module of runtime.modules) {
        for (const figure of module.metrics?.() ?? []) {
          let gauge = figures.get(figure.name);
          if (!gauge) {
            gauge = new Gauge({ name: figure.name, help: figure.help, registers: [registry] });
            figures.set(figure.name, gauge);
          }
          gauge.set(figure.value);
        }
      }
      return reply.header('content-type', registry.contentType).send(await registry.metrics());
    });

  return {
    routes,
    stop: async () => {
      await subscription.close();
      registry.clear();
    },
  };
}

/** Per projector: events on the log after its checkpoint, and the age of the oldest of them. */
export async function projectionLag(runtime: Pick<Runtime, 'pool' | 'store'>): Promise<{ name: string; events: number; seconds: number }[]> {
  if (runtime.store.kind !== 'postgres') return [];
  const { rows } = await runtime.pool.query<{ name: string; events: number; seconds: number }>(
    `select c.name,
            coalesce(behind.events, 0)::int as events,
            coalesce(extract(epoch from now() - behind.oldest), 0)::float8 as seconds
       from projection_checkpoints c
       left join lateral (
         select count(*) as events, min(e.created_at) as oldest from events e
          where (e.transaction_id, e.global_position) > (c.commit_pos::text::xid8, c.prepare_pos)
            and e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       ) behind on true
      order by c.name`,
  );
  return rows;
}
