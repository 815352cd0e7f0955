/**
 * Backup and restore of a large log: time, file size and peak memory, next to a same-run baseline (reading the log
 * through a cursor and doing nothing with it).
 * Usage: npm run bench:backup [-- --events 1000000]   (a shop's mix of events: bench/lib/seed-log.ts)
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QueryStream from 'pg-query-stream';
import { createRuntime } from '../../src/runtime.js';
import { restoreBackup } from '../../src/modules/backup/restore-backup.js';
import { writeBackup } from '../../src/operations/backup/write-backup.js';
import { arg, benchEnv, loadAverage, runBench, silent, startBenchDatabase } from '../lib/harness.js';
import { planFor, seedLog } from '../lib/seed-log.js';

const targetEvents = arg('events', 1_000_000);

/** Peak RSS since the last reset (VmHWM; reset by writing 5 to clear_refs). */
function peakRssMb(): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmHWM'))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}
function resetPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // not permitted here: the peak then covers the whole run
  }
}
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const rows: string[] = [];

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ result: T; seconds: number; peakGrowthMb: number }> {
  global.gc?.();
  const before = rssMb();
  resetPeak();
  const started = Date.now();
  const result = await work();
  const seconds = (Date.now() - started) / 1000;
  const peakGrowthMb = peakRssMb() - before;
  console.log(`${label.padEnd(40)} ${seconds.toFixed(1).padStart(7)} s   peak RSS +${peakGrowthMb.toFixed(0)} MB   load ${loadAverage()}`);
  rows.push(`| ${label} | ${seconds.toFixed(1)} s | +${peakGrowthMb.toFixed(0)} MB | ${loadAverage()} |`);
  return { result, seconds, peakGrowthMb };
}

async function main() {
  const db = await startBenchDatabase();
  const dir = db.dir;
  const env = benchEnv(path.join(dir, 'data'), { NODE_ENV: 'test' });
  const source = await createRuntime({ env, log: silent, connectionString: await db.createDatabase(), startModules: false, projections: { lead: false } });
  const target = await createRuntime({ env, log: silent, connectionString: await db.createDatabase(), startModules: false, projections: { lead: false } });
  try {
    const started = Date.now();
    const plan = planFor(targetEvents);
    await seedLog(source.pool, plan, (done) => console.log(`  seeded ${done} (${((Date.now() - started) / 1000).toFixed(0)} s)`));
    const events = Number((await source.pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
    rows.push(`| seed the log (bench/lib/seed-log.ts) | ${((Date.now() - started) / 1000).toFixed(0)} s | | ${loadAverage()} |`);
    console.log(
      `log: ${events} events (${plan.products} products, ${plan.customers} customers, ${plan.orders} orders) generated in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );

    await timed('baseline: read the log through a cursor', async () => {
      const client = await source.pool.connect();
      let n = 0;
      try {
        await client.query('begin isolation level repeatable read read only');
        const stream = client.query(
          new QueryStream('select data::text, metadata::text, hash from events order by transaction_id, global_position', [], { batchSize: 1000 }),
        );
        for await (const _row of stream) n += 1;
        await client.query('commit');
      } finally {
        client.release();
      }
      return n;
    });
    const file = path.join(dir, 'bench.backup.gz');
    const backup = await timed('npm run backup (writeBackup)', () => writeBackup({ pool: source.pool, mediaDir: null, settings: {}, file }));
    console.log(`  file ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, ${backup.result.events} events, ${backup.result.streams} streams`);
    let last = Date.now();
    let phaseBase = rssMb();
    const phase = (name: string) => {
      const peak = `+${(peakRssMb() - phaseBase).toFixed(0)} MB`;
      console.log(
        `  ${name} after ${((Date.now() - last) / 1000).toFixed(1)} s   peak RSS ${peak}   heap used ${(process.memoryUsage().heapUsed / 1024 / 1024).toFixed(0)} MB   load ${loadAverage()}`,
      );
      rows.push(`| … ${name} | ${((Date.now() - last) / 1000).toFixed(1)} s | ${peak} | ${loadAverage()} |`);
      phaseBase = rssMb();
      resetPeak();
      last = Date.now();
    };
    const restored = await timed('npm run restore (load + verify + replay)', () =>
      restoreBackup({
        pool: target.pool,
        store: target.store,
        readModels: target.projections,
        file,
        mediaDir: path.join(dir, 'restored-media'),
        onPhase: phase,
        onReplayRead: (s) => {
          console.log(`    replay: waiting for the log ${s.toFixed(1).padStart(6)} s`);
          rows.push(`| … … replay: waiting for the log to be read | ${s.toFixed(1)} s | | |`);
        },
      }),
    );
    for (const model of restored.result.readModels) {
      console.log(`    replay: ${model.name.padEnd(10)} ${model.seconds.toFixed(1).padStart(6)} s applying`);
      rows.push(`| … … replay ${model.name} (applying, side by side) | ${model.seconds.toFixed(1)} s | | |`);
    }
    const products = await target.pool.query<{ n: string }>('select count(*) as n from products');
    console.log(`  restored ${restored.result.events} events; products read model: ${products.rows[0]!.n} rows`);
    console.log(
      `\n${events} events, file ${(statSync(file).size / 1024 / 1024).toFixed(0)} MB, ${os.cpus().length} CPUs\n| Step | Time | Peak RSS growth | Load (1, 5, 15 min) |\n|---|---|---|---|\n${rows.join('\n')}`,
    );
  } finally {
    await source.close();
    await target.close();
    await db.stop();
  }
}

runBench(main);
