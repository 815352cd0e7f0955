/**
 * Event-append throughput next to raw single-row INSERT throughput on the same (embedded) database, same run.
 * Usage: npm run bench:append [-- --seconds 5 --connections 8]
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { registerEvents } from '../../src/core/event-registry.js';
import { PostgresEventStore } from '../../src/event-store/postgres.js';
import { arg, runBench, throughput, withMigratedPool } from '../lib/harness.js';

const seconds = arg('seconds', 5);
const connections = arg('connections', 8);
const run = (label: string, worker: (i: number) => Promise<void>) => throughput(label, seconds, connections, worker);

runBench(() =>
  withMigratedPool(connections, async (pool) => {
    await pool.query('create table raw_rows (id bigserial primary key, stream text, data jsonb)');
    registerEvents({ BenchEvent: z.object({ i: z.number() }) });
    const store = new PostgresEventStore(pool);
    console.log(`connections=${connections} seconds=${seconds}`);
    // Alternate to share warm-up and background noise fairly; report medians of 3.
    const raws: number[] = [];
    const appends: number[] = [];
    for (let round = 0; round < 3; round++) {
      raws.push(
        await run(`raw single-row INSERT (round ${round + 1})`, (i) =>
          pool.query('insert into raw_rows (stream, data) values ($1, $2)', [`s-${i}`, { i }]).then(() => undefined),
        ),
      );
      appends.push(
        await run(`event append (round ${round + 1})`, (i) =>
          store
            .append(
              `bench-${i}-${randomUUID()}`,
              [{ type: 'BenchEvent', data: { i }, metadata: { correlationId: 'bench', timestamp: new Date().toISOString() } }],
              { expectedVersion: 'no_stream' },
            )
            .then(() => undefined),
        ),
      );
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    const ratio = median(appends) / median(raws);
    console.log(`median raw INSERT ${median(raws).toFixed(0)}/s, median append ${median(appends).toFixed(0)}/s, ratio ${ratio.toFixed(2)} (target >= 0.5)`);
    await store.close();
  }),
);
