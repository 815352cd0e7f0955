import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { pendingMigrations } from '../db/migrate.js';
import type { Runtime } from '../runtime.js';
import { liveResponses, readyResponses } from './health-schemas.js';
import { projectionLag } from './metrics.js';

/** A projector failing longer than this turns readiness red (and is logged at error once). */
export const FAILING_FOR_MS = 60_000;

interface Check {
  ok: boolean;
  detail?: string;
}

/**
 * /api/health/live: the process answers. /api/health/ready: this instance should get traffic — migrations all applied,
 * the in-memory catalogue loaded (modules start before the server listens), every projector within
 * READY_MAX_LAG_EVENTS of the log and none failing for more than a minute.
 */
export function registerReadiness(
  api: FastifyInstance,
  runtime: Runtime,
  options: { now?: () => number; /** How often failures are looked for when nobody asks (specs shorten it). */ watchMs?: number } = {},
): { stop(): void } {
  const now = options.now ?? Date.now;
  const failingSince = new Map<string, number>();
  const reported = new Set<string>();

  /** `lag`: also count each projector's events behind the log (a count of the log after every checkpoint). */
  async function projectorsCheck({ lag }: { lag: boolean }): Promise<Check> {
    const { rows } = await runtime.pool.query<{ name: string; last_error: string | null }>('select name, last_error from projection_checkpoints');
    const problems: string[] = [];
    for (const r of rows) {
      if (!r.last_error) {
        failingSince.delete(r.name);
        reported.delete(r.name);
        continue;
      }
      const since = failingSince.get(r.name) ?? now();
      failingSince.set(r.name, since);
      if (now() - since >= FAILING_FOR_MS) {
        problems.push(`${r.name} failing for ${Math.round((now() - since) / 1000)} s: ${r.last_error}`);
        if (!reported.has(r.name)) {
          reported.add(r.name);
          runtime.log.error(
            { projector: r.name, error: r.last_error, since: new Date(since).toISOString() },
            'projector failing for more than a minute: instance not ready',
          );
        }
      }
    }
    for (const behind of lag ? await projectionLag(runtime) : []) {
      if (behind.events > runtime.env.READY_MAX_LAG_EVENTS) problems.push(`${behind.name} is ${behind.events} events behind (${behind.seconds.toFixed(0)} s)`);
    }
    return problems.length === 0 ? { ok: true } : { ok: false, detail: problems.join('; ') };
  }

  async function readiness(): Promise<Record<string, Check>> {
    const pending = await pendingMigrations(runtime.pool);
    return {
      migrations: pending.length === 0 ? { ok: true } : { ok: false, detail: `not applied: ${pending.join(', ')}` },
      projections: await projectorsCheck({ lag: true }),
    };
  }

  // Failures are noticed (and logged once) even when nobody asks. Without the lag: counting the events behind every
  // checkpoint reads what each lagging projector has yet to apply (during a 50,000-row bulk import, 4 runs of it took
  // 0.35–0.58 s of PostgreSQL's time per file: bench/catalogue/import-freshness.ts --pg-stats, loaded machine), and only the
  // answer to /health/ready uses it.
  const watch = setInterval(() => void projectorsCheck({ lag: false }).catch(() => undefined), options.watchMs ?? 10_000);
  watch.unref();

  // The routes bring their zod serializer along: the plugin also runs on an app that did not set it (its spec).
  // (Typed for any schema; fastify's route type wants it for this route's own.)
  const serializerCompiler = zodSerializer as never;
  api.get('/health/live', { schema: { response: liveResponses }, serializerCompiler }, async () => ({ success: true, status: 'live' }));
  api.get('/health/ready', { schema: { response: readyResponses }, serializerCompiler }, async (_request, reply) => {
    let checks: Record<string, Check>;
    try {
      checks = await readiness();
    } catch (error) {
      return reply
        .code(503)
        .send({ success: false, error: 'Not ready: the database is unavailable', checks: { database: { ok: false, detail: (error as Error).message } } });
    }
    const failing = Object.entries(checks).filter(([, c]) => !c.ok);
    if (failing.length === 0) return { success: true, status: 'ready', checks };
    return reply.code(503).send({ success: false, error: `Not ready: ${failing.map(([name, c]) => `${name}: ${c.detail}`).join('; ')}`, checks });
  });
  return { stop: () => clearInterval(watch) };
}
