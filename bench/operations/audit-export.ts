/**
 * Audit export memory: the store runs as its own process (the real entry point) on a log of N events; windows of
 * 1/100, 1/10 and all of them are exported as NDJSON over HTTP while the server's peak RSS (VmHWM, reset before each
 * export through /proc/PID/clear_refs) is read. A streamed export keeps the peak flat whatever the window: the figure
 * is the growth of the server's peak over its idle RSS, per window, and its ratio to the smallest window's
 * (peakBeforeResetMb, the process's lifetime peak, shows that the reset took).
 * Usage: npx tsx bench/operations/audit-export.ts [--events 100000]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { DEMO_ADMIN } from '../../src/config/env.js';
import { migrate } from '../../src/db/migrate.js';
import { seedProbeEvents } from '../../src/modules/audit/test-events.js';
import { startServer } from '../../tests/hardening/processes.js';
import { arg, startBenchDatabase } from '../lib/harness.js';

const events = arg('events', 100_000);
const mb = (kb: number) => (kb / 1024).toFixed(1);

function memory(pid: number): { rssKb: number; peakKb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: field('VmRSS'), peakKb: field('VmHWM') };
}

/** Streams the export and throws the bytes away, counting them and the lines. */
async function download(url: string, token: string): Promise<{ bytes: number; lines: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  return { bytes, lines, ms: performance.now() - started };
}

const db = await startBenchDatabase();
const databaseUrl = await db.createDatabase();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
await migrate(pool);
const seedStart = performance.now();
const window = await seedProbeEvents(pool, { count: events, perStream: 50 });
console.log(
  `seeded ${events.toLocaleString('en-IN')} events in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (hash chain computed by the append trigger)`,
);
await pool.end();

const { child, url } = await startServer({ DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-audit-export-secret-0000000000000' });
try {
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) });
  const { token } = (await login.json()) as { token: string };
  // Let the projectors finish catching up with the seeded log, so the figures are the export's alone.
  let before = '';
  for (let i = 0; i < 120; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = JSON.stringify(((await (await fetch(`${url}/api/health`)).json()) as { projections: unknown }).projections);
    if (now === before) break;
    before = now;
  }
  const pid = child.pid!;
  const rows: {
    window: number;
    lines: number;
    mb: string;
    seconds: string;
    mbPerS: string;
    idleMb: string;
    peakBeforeResetMb: string;
    peakMb: string;
    growthMb: string;
  }[] = [];
  for (const size of [events / 100, events / 10, events]) {
    const to = new Date(window.from.getTime() + size);
    await download(`${url}/api/admin/audit/export?from=${window.from.toISOString()}&to=${to.toISOString()}`, token); // warm-up
    const idle = memory(pid);
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    const result = await download(`${url}/api/admin/audit/export?from=${window.from.toISOString()}&to=${to.toISOString()}`, token);
    const after = memory(pid);
    if (result.lines !== size) throw new Error(`window of ${size} exported ${result.lines} lines`);
    rows.push({
      window: size,
      lines: result.lines,
      mb: (result.bytes / 1_048_576).toFixed(1),
      seconds: (result.ms / 1000).toFixed(2),
      mbPerS: (result.bytes / 1_048_576 / (result.ms / 1000)).toFixed(1),
      idleMb: mb(idle.rssKb),
      peakBeforeResetMb: mb(idle.peakKb),
      peakMb: mb(after.peakKb),
      growthMb: mb(after.peakKb - idle.rssKb),
    });
  }
  console.table(rows);
  // Baseline in the same run: the naive export (the whole window fetched with one query and joined into one body),
  // done in this bench process and measured the same way, shows what streaming saves.
  const naivePool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const naiveIdle = memory(process.pid);
  writeFileSync(`/proc/${process.pid}/clear_refs`, '5');
  const naive = await naivePool.query<{ line: string }>(
    `select json_build_object('position', global_position::text, 'stream', stream_id, 'version', stream_version, 'eventId', event_id, 'type', type, 'data', data, 'metadata', metadata, 'prevHash', prev_hash, 'hash', hash)::text as line
       from events where created_at >= $1 and created_at < $2 order by events.transaction_id, events.global_position`,
    [window.from, window.to],
  );
  const body = naive.rows.map((r) => r.line).join('\n');
  const naivePeak = memory(process.pid).peakKb;
  await naivePool.end();
  console.log(
    `baseline, the naive buffered export of the same ${naive.rows.length.toLocaleString('en-IN')} events (${(body.length / 1_048_576).toFixed(1)} MB): peak RSS +${mb(naivePeak - naiveIdle.rssKb)} MB`,
  );
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const ratio = Number(last.growthMb) / Math.max(0.1, Number(first.growthMb));
  console.log(
    `export of ${last.window.toLocaleString('en-IN')} events (${last.mb} MB) at ${last.mbPerS} MB/s: server peak RSS ${last.peakMb} MB, ` +
      `+${last.growthMb} MB over idle vs +${first.growthMb} MB for ${first.window.toLocaleString('en-IN')} events: ${ratio.toFixed(2)}× the memory for ${last.window / first.window}× the events (target: flat, under 2×)`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  await db.stop();
}
