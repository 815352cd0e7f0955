/**
 * PostgreSQL CPU of the event log's append (APPEND_MANY_SQL of src/event-store/postgres.ts, without the hand-off) for
 * what a 50,000-row bulk import writes: 100,000 events (ProductAdded + StockLevelSet per row) in 50 transactions of 2,000, into a fresh
 * migrated database each time, with the append trigger as migrated ('current'), with migration 043's function
 * ('043', the hash input built as a jsonb array) and with no hash trigger ('none': the floor). The variants alternate,
 * `--rounds` times; the figure is the backend's CPU from /proc (user + system), printed with the load average.
 * Usage: npx tsx bench/event-store/event-insert-cpu.ts [--rounds 3]
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { NO_LIMITS } from '../../src/config/limits.js';
import { scalarArray } from '../../src/core/scalar-array.js';
import { timeOrderedId } from '../../src/core/time-ordered-id.js';
import { APPEND_MANY_SQL } from '../../src/event-store/postgres.js';
import { createRuntime } from '../../src/runtime.js';
import { arg, benchEnv, loadAverage, silent, startBenchDatabase } from '../lib/harness.js';

const rounds = arg('rounds', 3);
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Migration 043's trigger function, as it was before 093 replaced it: read from the migration file itself. */
const TRIGGER_043 = (() => {
  const sql = readFileSync(new URL('../../migrations/043_event_hash_chain.sql', import.meta.url), 'utf8');
  const match = /create or replace function events_hash_chain\(\)[\s\S]*?end \$\$/.exec(sql);
  if (!match) throw new Error('migrations/043_event_hash_chain.sql no longer defines events_hash_chain()');
  return match[0];
})();

function transaction(rowCount: number) {
  const metadata = { correlationId: randomUUID(), causationId: null, userId: 'admin-1', at: new Date().toISOString() };
  const c = { s: [] as string[], v: [] as number[], id: [] as string[], t: [] as string[], d: [] as unknown[], m: [] as unknown[] };
  for (let i = 0; i < rowCount; i++) {
    const productId = timeOrderedId();
    const addedAt = new Date().toISOString();
    c.s.push(`product-${productId}`, `inventory-${productId}`);
    c.v.push(0, 0);
    c.id.push(timeOrderedId(), timeOrderedId());
    c.t.push('ProductAdded', 'StockLevelSet');
    c.d.push(
      {
        productId,
        name: `Generated figure ${i} Naruto Uzumaki Sage Mode`,
        price: 1999,
        originalPrice: 2499,
        image: 'https://res.cloudinary.com/demo/image/upload/sample.jpg',
        images: ['https://res.cloudinary.com/demo/image/upload/sample.jpg'],
        category: 'Anime Figures',
        isNew: true,
        isOnSale: false,
        discount: 20,
        description: 'A PVC figure of 20 cm, boxed, with a stand and two faces.',
        inStock: true,
        rating: 4.5,
        reviews: 120,
        powerPoints: 50,
        hsn: '9503',
        gstRate: 12,
        addedAt,
      },
      { productId, quantity: 15, reason: 'product added' },
    );
    c.m.push(metadata, metadata);
  }
  return [c.s, scalarArray(c.v), c.id, c.t, JSON.stringify(c.d), JSON.stringify(c.m)];
}

const db = await startBenchDatabase();
try {
  const figures = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    for (const variant of ['043', 'current', 'none']) {
      const url = await db.createDatabase();
      const runtime = await createRuntime({ env: benchEnv(path.join(db.dir, `data-${randomUUID()}`)), log: silent, connectionString: url, limits: NO_LIMITS });
      await runtime.close?.();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      if (variant === '043') await client.query(TRIGGER_043);
      if (variant === 'none') await client.query('alter table events disable trigger events_hash_chain; alter table events alter column hash drop not null');
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]!.pid;
      const batches = Array.from({ length: 50 }, () => transaction(1000));
      const before = cpuSeconds(pid);
      for (const params of batches) {
        await client.query('begin');
        await client.query(APPEND_MANY_SQL, [...params, false]);
        await client.query('commit');
      }
      const cpu = cpuSeconds(pid) - before;
      figures.set(variant, [...(figures.get(variant) ?? []), cpu]);
      console.log(`round ${round + 1}, trigger ${variant}: PostgreSQL backend CPU ${cpu.toFixed(2)} s for 100,000 events; ${loadAverage()}`);
      await client.end();
    }
  }
  for (const [variant, values] of figures) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(`trigger ${variant}: ${sorted.map((v) => v.toFixed(2)).join(', ')} s (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)})`);
  }
} finally {
  await db.stop();
}
process.exit(0);
