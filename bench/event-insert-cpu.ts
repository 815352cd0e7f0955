/**
 * PostgreSQL CPU of the event log's append (tryAppend's INSERT in src/event-store/postgres.ts) for what a 50,000-row
 * bulk import writes: 100,000 events (ProductAdded + StockLevelSet per row) in 50 transactions of 2,000, into a fresh
 * migrated database each time, with the append trigger as migrated ('current'), with migration 043's function
 * ('043', the hash input built as a jsonb array) and with no hash trigger ('none': the floor). The variants alternate,
 * `--rounds` times; the figure is the backend's CPU from /proc (user + system), printed with the load average.
 * Usage: npx tsx bench/event-insert-cpu.ts [--rounds 3]
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { NO_LIMITS } from '../src/config/limits.js';
import { scalarArray } from '../src/core/scalar-array.js';
import { timeOrderedId } from '../src/core/time-ordered-id.js';
import { createRuntime } from '../src/runtime.js';
import { arg, benchEnv, loadAverage, silent, startBenchDatabase } from './harness.js';

const rounds = arg('rounds', 3);
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Migration 043's trigger function, as it was before 093 replaced it. */
const TRIGGER_043 = `create or replace function events_hash_chain() returns trigger language plpgsql as $$
begin
  if new.stream_version = 0 then
    new.prev_hash := null;
  else
    select e.hash into new.prev_hash from events e where e.stream_id = new.stream_id and e.stream_version = new.stream_version - 1;
    if new.prev_hash is null then
      raise exception 'event % of stream % has no predecessor to chain to', new.stream_version, new.stream_id;
    end if;
  end if;
  new.hash := encode(sha256(convert_to(jsonb_build_array(coalesce(new.prev_hash, ''), new.stream_id, new.stream_version, new.event_id::text, new.type, new.data, new.metadata)::text, 'UTF8')), 'hex');
  return new;
end $$`;

/** tryAppend's statement, without the hand-off's aggregate. */
const INSERT = `with inserted as (
    insert into events (stream_id, stream_version, event_id, type, data, metadata)
    select s, v, id, t, d, m
      from rows from (unnest($1::text[]), unnest($2::int[]), unnest($3::uuid[]), unnest($4::text[]),
                      jsonb_array_elements($5::jsonb), jsonb_array_elements($6::jsonb)) with ordinality as u(s, v, id, t, d, m, ord)
     order by ord
    returning global_position, event_id, prev_hash, hash)
  select max(global_position)::text as gp from inserted`;

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
        await client.query(INSERT, params);
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
