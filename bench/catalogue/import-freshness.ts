/**
 * Where the time of "a bulk import is searchable" goes: one store (embedded PostgreSQL, full runtime, HTTP), a CSV of
 * N generated rows (default 50,000) imported through the admin's bulk import, and the moments that follow it:
 *   appended   — the last event is in the log (parse, validate, append: the write side);
 *   read model — the catalogue projector's checkpoint reached the log's head;
 *   answered   — the import request answers (it waits for the projections and this instance's catalogue);
 *   searchable — a search finds the file's last row (the in-memory catalogue followed the log, reloaded the rows,
 *                indexed them).
 * The log head and the read model row count are sampled every 250 ms while the import runs, so the write side and
 * the projector show apart (to 250 ms).
 * After each file: the process's RSS and heap (after a full GC when run with --expose-gc) over the empty store's.
 * Usage: node --expose-gc --import tsx bench/catalogue/import-freshness.ts [--rows 50000] [--files 1] [--pg-stats] [--latency]
 *   --pg-stats: load pg_stat_statements and print, after each file, the statements that took the most server time
 *               and the WAL written (pg_stat_wal: records, full-page images, bytes).
 *   --latency:  before the first file (the baseline: the same routes on the empty store) and after the last one, typo
 *               search and by-id over HTTP, 20 connections for 5 s each, load from a child process (bench/lib/http-latency.ts):
 *               p50/p99 with the server's event-loop delay, GC pauses and CPU per request.
 *   --settle N: with --latency, measure again N seconds after the first measure (background work after an import).
 *   --alloc:    V8's sampling heap profiler during each file's import (objects a scavenge already collected included):
 *               bytes allocated per row, and the functions that allocate the most (what sets the import's GC time).
 *   1,000,000 products in one command: --files 20 --latency
 */
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { DEMO_ADMIN } from '../../src/config/env.js';
import { NO_LIMITS } from '../../src/config/limits.js';
import { createRuntime } from '../../src/runtime.js';
import { sampleAllocation } from '../lib/heap-sampling.js';
import { arg, benchEnv, loadAverage, silent, startBenchDatabase } from '../lib/harness.js';
import { latencyLine, measureLatency, type LatencyFigures } from '../lib/http-latency.js';
import { nodeCpuSeconds, nodeThreadCpuSeconds, postgresCpuByKind, postgresCpuSeconds } from '../lib/process-cpu.js';
import { catalogueCsv, SEARCH_TERMS } from '../lib/catalogue-rows.js';

const rows = arg('rows', 50_000);
const files = arg('files', 1);
const pgStats = process.argv.includes('--pg-stats');
const latency = process.argv.includes('--latency');
const alloc = process.argv.includes('--alloc');
const settle = arg('settle', 0);
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external };
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const db = await startBenchDatabase(pgStats ? { extraFlags: ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track=all'] } : {});
const databaseUrl = await db.createDatabase();
const env = benchEnv(path.join(db.dir, 'data'));
const phases: string[] = [];
const log = { ...silent, info: (obj: object | string, msg?: string) => void (msg === 'bulk import phases' && phases.push(JSON.stringify(obj))) };
const runtime = await createRuntime({ env, log, connectionString: databaseUrl, limits: NO_LIMITS });
const app = await buildApp(runtime);
const url = await app.listen({ host: '127.0.0.1', port: 0 });
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
if (pgStats) await pool.query('create extension if not exists pg_stat_statements');
if (pgStats) await pool.query(`select pg_stat_reset_shared('wal')`);

/** Starts the allocation sampler; the function it returns stops it and prints bytes per row by function. */
async function recordAllocation(): Promise<() => Promise<string>> {
  const stop = await sampleAllocation(4096);
  return async () => {
    const { total, byFunction } = await stop();
    const lines = byFunction.slice(0, 25).map(([name, bytes]) => `  ${(bytes / rows).toFixed(0).padStart(7)} B/row  ${name}`);
    return `  allocated: ${(total / 2 ** 20).toFixed(0)} MB, ${(total / rows / 1024).toFixed(1)} KB per row; by function:\n${lines.join('\n')}`;
  };
}

/** WAL written since the last call (pg_stat_wal, the whole server; then its counters are reset): records, full-page images, bytes. */
async function walLine(): Promise<string> {
  const { rows: w } = await pool.query<{ records: string; fpi: string; bytes: string }>(
    'select wal_records::text as records, wal_fpi::text as fpi, wal_bytes::text as bytes from pg_stat_wal',
  );
  await pool.query(`select pg_stat_reset_shared('wal')`);
  const { records, fpi, bytes } = w[0]!;
  return `  WAL: ${Number(records).toLocaleString('en-IN')} records, ${Number(fpi).toLocaleString('en-IN')} full-page images, ${(Number(bytes) / 2 ** 20).toFixed(1)} MB`;
}

/** The statements that took the most server time since the last call (then the counters are reset). */
async function topStatements(): Promise<string> {
  const { rows: top } = await pool.query<{ ms: string; calls: string; rows: string; query: string }>(
    `select round(total_exec_time)::text as ms, calls::text, rows::text, regexp_replace(query, '\\s+', ' ', 'g') as query
       from pg_stat_statements order by total_exec_time desc limit 8`,
  );
  await pool.query('select pg_stat_statements_reset()');
  // Autovacuum and autoanalyze runs so far (their workers' CPU shows as "ended" in the CPU line).
  const { rows: vacuums } = await pool.query<{ relname: string; v: string; a: string }>(
    `select relname, autovacuum_count::text as v, autoanalyze_count::text as a from pg_stat_user_tables
      where autovacuum_count + autoanalyze_count > 0 order by relname`,
  );
  const vacuumLine = vacuums.map((r) => `${r.relname} ${r.v}/${r.a}`).join(', ');
  return (
    top.map((r) => `  ${r.ms.padStart(7)} ms ${r.calls.padStart(6)} calls ${r.rows.padStart(7)} rows  ${r.query.slice(0, 160)}`).join('\n') +
    `\n  autovacuum / autoanalyze runs since the start, by table: ${vacuumLine || 'none'}\n${await walLine()}`
  );
}
try {
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) });
  const { token } = (await login.json()) as { token: string };
  const searchRequests = SEARCH_TERMS.map((term) => ({ method: 'GET' as const, path: `/api/products/search?q=${encodeURIComponent(term)}&limit=24` }));
  // The baseline: the same routes on the empty store (no match, 404 by id), measured in the same run.
  let baseline: { search: LatencyFigures; byId: LatencyFigures } | undefined;
  if (latency) {
    const missing = Array.from({ length: 500 }, (_, k) => ({
      method: 'GET' as const,
      path: `/api/products/00000000-0000-4000-8000-${String(k).padStart(12, '0')}`,
    }));
    await measureLatency(url, [...searchRequests, ...missing], { seconds: 1 });
    baseline = { search: await measureLatency(url, searchRequests), byId: await measureLatency(url, missing) };
    console.log(
      `HTTP on the empty store (baseline), ${loadAverage()}: ${latencyLine('typo search', baseline.search)}; ${latencyLine('by id (404)', baseline.byId)}`,
    );
  }
  const empty = memory();
  for (let file = 0; file < files; file++) {
    const from = file * rows;
    const form = new FormData();
    form.append('mode', 'add');
    form.append('file', new Blob([catalogueCsv(from, rows)], { type: 'text/csv' }), `bench-${file}.csv`);
    const before = loadAverage();
    const cpuBefore = { node: nodeCpuSeconds(), pg: postgresCpuSeconds(db.pgDir), threads: nodeThreadCpuSeconds(), kinds: postgresCpuByKind(db.pgDir) };
    const stopAllocation = alloc ? await recordAllocation() : null;
    const started = performance.now();
    // The log's head and the read model's size, sampled while the import runs: when the appends ended (write side)
    // and when the projector had every row.
    const samples: { at: number; events: number; projectedTo: number }[] = [];
    let importing = true;
    const sampler = (async () => {
      while (importing) {
        // The catalogue projector's checkpoint, not count(*) of products: a count scans the whole table every 250 ms
        // (7.5 s of the server's time during a file at 100,000 products, taken from the import it measures).
        const { rows: r } = await pool.query<{ e: string; p: string }>(
          `select (select coalesce(max(global_position), 0) from events)::text as e,
                  (select prepare_pos from projection_checkpoints where name = 'catalogue')::text as p`,
        );
        samples.push({ at: performance.now() - started, events: Number(r[0]!.e), projectedTo: Number(r[0]!.p ?? 0) });
        await sleep(250);
      }
    })();
    const res = await fetch(`${url}/api/admin/products/bulk`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const body = (await res.json()) as { created?: number };
    if (body.created !== rows) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    const answered = performance.now() - started;
    importing = false;
    await sampler;
    const head = samples[samples.length - 1]!.events;
    const appended = samples.find((x) => x.events >= head)?.at ?? answered;
    const inModel = samples.find((x) => x.projectedTo >= head)?.at ?? answered;
    let projected = 0;
    let searchable = 0;
    const last = from + rows - 1;
    while (projected === 0 || searchable === 0) {
      if (projected === 0) {
        const { rows: count } = await pool.query<{ n: string }>('select count(*)::text as n from products');
        if (Number(count[0]!.n) >= from + rows) projected = performance.now() - started;
      }
      if (searchable === 0) {
        const found = (await (await fetch(`${url}/api/products/search?q=${encodeURIComponent(`#${last}`)}&limit=1`)).json()) as {
          products: { name: string }[];
        };
        if (found.products[0]?.name.endsWith(`#${last}`)) searchable = performance.now() - started;
      }
      await sleep(25);
    }
    const cpu = { node: nodeCpuSeconds() - cpuBefore.node, pg: postgresCpuSeconds(db.pgDir) - cpuBefore.pg };
    // Which thread of Node and which PostgreSQL processes: the main thread is the one pipeline every row goes through.
    const threads = nodeThreadCpuSeconds();
    const kinds = [...postgresCpuByKind(db.pgDir)]
      .map(([kind, seconds]) => [kind, seconds - (cpuBefore.kinds.get(kind) ?? 0)] as const)
      .filter(([, seconds]) => seconds >= 0.01)
      .map(([kind, seconds]) => `${kind} ${seconds.toFixed(2)}`)
      .join(', ');
    const cpuDetail =
      `Node main thread ${(threads.main - cpuBefore.threads.main).toFixed(2)} s, other threads ${(threads.others - cpuBefore.threads.others).toFixed(2)} s; ` +
      `PostgreSQL by process: ${kinds}`;
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `file ${file + 1}: ${rows.toLocaleString('en-IN')} rows on ${from.toLocaleString('en-IN')}: events appended by ${s(appended)} (write side), ` +
        `read model complete by ${s(inModel)} (projector), import answered ${s(answered)} (it waits for the projections and the catalogue), ` +
        `projected ${s(projected)}, searchable ${s(searchable)} (catalogue after the projector: ${s(Math.max(0, searchable - projected))}); ` +
        `phases in ms ${phases.shift() ?? '(not logged)'}; CPU until searchable: Node ${cpu.node.toFixed(2)} s, PostgreSQL ${cpu.pg.toFixed(2)} s (${cpuDetail}); ` +
        `${before} → ${loadAverage()}`,
    );
    if (stopAllocation) console.log(await stopAllocation());
    if (pgStats) console.log(`PostgreSQL time by statement (pg_stat_statements):\n${await topStatements()}`);
    const now = memory();
    const products = from + rows;
    console.log(
      `  memory at ${products.toLocaleString('en-IN')} products${gc ? ' (after a full GC)' : ' (no --expose-gc: without a GC first)'}: ` +
        `RSS +${((now.rss - empty.rss) / 2 ** 20).toFixed(0)} MB (${((now.rss - empty.rss) / products / 1024).toFixed(2)} KB/product), ` +
        `heap +${((now.heapUsed - empty.heapUsed) / 2 ** 20).toFixed(0)} MB (${((now.heapUsed - empty.heapUsed) / products / 1024).toFixed(2)} KB/product); ` +
        // Where RSS beyond the used heap sits: V8's reserved but unused heap, and memory outside it (Buffers, typed arrays).
        `heap reserved +${((now.heapTotal - empty.heapTotal) / 2 ** 20).toFixed(0)} MB, outside the heap (external) +${((now.external - empty.external) / 2 ** 20).toFixed(0)} MB`,
    );
  }
  if (latency) {
    const { rows: picked } = await pool.query<{ id: string }>('select id from products order by id limit 500');
    // Right after the last file, then (--settle N) again once N seconds have passed: what follows an import in the
    // background (the catalogue snapshot, autovacuum of the tables it filled, the collector's work on its garbage).
    for (const wait of settle > 0 ? [0, settle] : [0]) {
      if (wait > 0) await sleep(wait * 1000);
      const search = await measureLatency(url, searchRequests);
      const byId = await measureLatency(
        url,
        picked.map((p) => ({ method: 'GET' as const, path: `/api/products/${p.id}` })),
      );
      console.log(
        `HTTP, 20 connections, 5 s each, ${wait > 0 ? `${wait} s later` : 'right after the last file'}, ${loadAverage()}: ` +
          `${latencyLine('typo search', search, baseline?.search)}; ${latencyLine('by id', byId, baseline?.byId)}`,
      );
    }
  }
} finally {
  await pool.end();
  await app.close();
  await runtime.close?.();
  await db.stop();
}
