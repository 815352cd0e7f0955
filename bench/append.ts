/**
 * Event-append throughput next to raw single-row INSERT throughput on the same (embedded) database, same run.
 * Usage: npm run bench:append [-- --seconds 5 --connections 8]
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { registerEvents } from '../src/core/event-registry.js';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.js';
import { migrate } from '../src/db/migrate.js';
import { PostgresEventStore } from '../src/event-store/postgres.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seconds = arg('seconds', 5);
const connections = arg('connections', 8);

async function run(label: string, worker: (i: number) => Promise<void>): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      let i = 0;
      while (Date.now() < deadline) {
        await worker(c * 1_000_000 + i++);
        done++;
      }
    }),
  );
  const rate = done / seconds;
  console.log(`${label.padEnd(34)} ${rate.toFixed(0).padStart(8)} /s`);
  return rate;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  chmodSync(dir, 0o755);
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: 56000 + Math.floor(Math.random() * 1000) });
  const pool = new pg.Pool({ connectionString: db.connectionString, max: connections + 2 });
  try {
    await migrate(pool);
    await pool.query('create table raw_rows (id bigserial primary key, stream text, data jsonb)');
    registerEvents({ BenchEvent: z.object({ i: z.number() }) });
    const store = new PostgresEventStore(pool);
    console.log(`connections=${connections} seconds=${seconds}`);
    // Alternate to share warm-up and background noise fairly; report medians of 3.
    const raws: number[] = [];
    const appends: number[] = [];
    for (let round = 0; round < 3; round++) {
      raws.push(await run(`raw single-row INSERT (round ${round + 1})`, (i) => pool.query('insert into raw_rows (stream, data) values ($1, $2)', [`s-${i}`, { i }]).then(() => undefined)));
      appends.push(
        await run(`event append (round ${round + 1})`, (i) =>
          store
            .append(`bench-${i}-${randomUUID()}`, [{ type: 'BenchEvent', data: { i }, metadata: { correlationId: 'bench', timestamp: new Date().toISOString() } }], { expectedVersion: 'no_stream' })
            .then(() => undefined),
        ),
      );
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    const ratio = median(appends) / median(raws);
    console.log(`median raw INSERT ${median(raws).toFixed(0)}/s, median append ${median(appends).toFixed(0)}/s, ratio ${ratio.toFixed(2)} (target >= 0.5)`);
    await store.close();
  } finally {
    await pool.end();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
