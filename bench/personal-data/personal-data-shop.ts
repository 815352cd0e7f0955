/**
 * Replay as the store does it — every read model rebuilt by projections/replay.ts (every projector, the real
 * PostgreSQL) from a simulated shop's log, with encryption and without, alternating rounds.
 * The log is made by driving the real app (HTTP routes through app.inject, so every event is the one a command writes):
 * products with stock, shoppers who sign up, update their profile, save and edit addresses, fill a wishlist, place
 * orders (cash on delivery or paid online through the payment simulator), which the admin confirms, ships, delivers or
 * cancels, review products, and restocks by the admin. That log is encrypted (database A, the app's codec); a plain copy
 * of it (database B: every event read back decrypted and inserted in the same order, chains recomputed by the trigger)
 * is the baseline. Each round rebuilds every read model of B without the codec, then of A with a fresh key store (cold
 * key cache, as after a restart). Printed: events/s (wall) and this process's CPU per event, medians, the log's mix, and
 * before the rounds the read of the log alone (no projector) with and without the codec.
 * Usage: npx tsx bench/personal-data/personal-data-shop.ts [--shoppers 300 --rounds 3 --profile <folder> --compare-worker]   (also run by npm run
 * bench:privacy). --profile writes a CPU profile of the counted rounds of each mode (<mode>-<round>.cpuprofile);
 * --compare-worker adds a third mode: encrypted with every envelope opened on the replaying thread (no open worker).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { PerformanceObserver, constants as perf } from 'node:perf_hooks';
import pg from 'pg';
import { START } from '../../src/core/event-store.js';
import { migrate } from '../../src/db/migrate.js';
import { PostgresEventStore } from '../../src/event-store/postgres.js';
import { BatchOpener } from '../../src/modules/privacy/batch-opener.js';
import { PersonalDataCodec } from '../../src/modules/privacy/codec.js';
import { personalEventTypes } from '../../src/modules/privacy/personal-fields.js';
import { SubjectKeyStore } from '../../src/modules/privacy/subject-keys.js';
import { PROJECTORS } from '../../projections/index.js';
import { REPLAY_BATCH, replay } from '../../projections/replay.js';
import { createTestProduct } from '../../tests/helpers/test-products.js';
import { arg, benchAdmin, createBenchApp, runBench, startBenchDatabase, type BenchApp } from '../lib/harness.js';

type Auth = Record<string, string>;
const STATES = ['Karnataka', 'Maharashtra', 'Tamil Nadu', 'Kerala', 'Delhi', 'West Bengal'];

/** Runs `work(i)` for i in [0, n) on `lanes` concurrent loops. */
async function lanes(n: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

/** The simulated shop, driven through the app's routes (see the file's comment). Deterministic given `shoppers`. */
async function simulateShop(bench: BenchApp, shoppers: number): Promise<void> {
  const { app, runtime } = bench;
  const call = async (method: 'POST' | 'PUT', url: string, headers: Auth, payload: object, ok = [200, 201]) => {
    const response = await app.inject({ method, url, headers, payload });
    if (!ok.includes(response.statusCode)) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown>;
  };
  const admin = (await benchAdmin(app)).auth;
  const products: string[] = [];
  const productCount = Math.max(4, Math.round(shoppers / 5));
  for (let p = 0; p < productCount; p++)
    products.push((await createTestProduct(runtime, { price: 1099 + ((p * 137) % 4000), stock: 100_000, name: `Shop Figure ${p}` })).id);
  await lanes(shoppers, 4, async (s) => {
    const state = STATES[s % STATES.length]!;
    const signed = await call(
      'POST',
      '/api/auth/signup',
      {},
      {
        email: `shopper${s}@example.in`,
        password: 'secret123',
        full_name: `Shopper Number ${s}`,
        phone: '9876543210',
        pincode: '560038',
        address: `${s} MG Road`,
        city: 'Bengaluru',
        state,
      },
    );
    const auth = { authorization: `Bearer ${signed.token as string}` };
    await call('PUT', '/api/user/profile', auth, { full_name: `Shopper N. ${s}`, phone: '9876501234' });
    const address = {
      name: `Shopper ${s}`,
      address: `${s} Lake View`,
      address_line2: '',
      landmark: '',
      city: 'Kochi',
      state,
      pincode: '682001',
      phone: '9876501234',
    };
    const added = await call('POST', '/api/user/addresses', auth, address);
    const addressId = ((added.address as { id?: string } | undefined)?.id ?? added.id) as string | undefined;
    if (s % 3 === 0 && addressId) await call('PUT', `/api/user/addresses/${addressId}`, auth, { ...address, landmark: 'Near the park' });
    for (let w = 0; w < 2; w++) await call('POST', '/api/user/wishlist', auth, { productId: products[(s + w * 7) % products.length]! });
    for (let o = 0; o < 2; o++) {
      const online = (s + o) % 2 === 0;
      const product = products[(s * 3 + o) % products.length]!;
      const placed = await call('POST', '/api/orders', auth, {
        shipping_name: `Shopper ${s}`,
        shipping_address: `${s} Lake View`,
        shipping_city: 'Kochi',
        shipping_state: state,
        shipping_pincode: '682001',
        shipping_phone: '9876501234',
        payment_method: online ? 'razorpay' : 'cod',
        items: [{ id: product, quantity: 1 + (o % 2) }],
      });
      const order = placed.order as { id: string; totalAmount: number };
      if (online) {
        const providerOrderId = (await call('POST', '/api/razorpay/create-order', auth, { amount: order.totalAmount, currency: 'INR', orderId: order.id }))
          .order_id;
        const { success: _s, ...proof } = await call('POST', '/api/payments/simulator/pay', auth, { razorpay_order_id: providerOrderId, outcome: 'success' });
        await call('POST', '/api/razorpay/verify-payment', auth, { ...proof, orderId: order.id });
      }
      const statuses = (s + o) % 7 === 0 ? ['cancelled'] : ['confirmed', 'shipped', 'delivered'];
      for (const status of statuses) await call('PUT', `/api/admin/orders/${order.id}/status`, admin, { status });
      if (o === 0 && s % 2 === 0 && statuses.length === 3)
        await call('POST', `/api/products/${product}/reviews`, auth, { rating: 1 + (s % 5), comment: `Lovely figure, order ${s}` });
    }
    if (s % 10 === 0) await call('PUT', `/api/admin/products/${products[s % products.length]!}`, admin, { stock_quantity: 100_000 + s });
  });
}

/** Copies A's log into B decrypted: every event read through the codec, every field read, inserted in the same order. */
async function plainCopy(encrypted: PostgresEventStore, into: pg.Pool): Promise<void> {
  let position = START;
  for (;;) {
    const events = await encrypted.readAll(position, 1000);
    if (events.length === 0) return;
    position = events[events.length - 1]!.position;
    await into.query(
      `insert into events (stream_id, stream_version, event_id, type, data, metadata)
       select s, v, e, t, d, m from unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) with ordinality
         as x(s, v, e, t, d, m, n) order by n`,
      [
        events.map((e) => e.streamId),
        events.map((e) => e.streamVersion),
        events.map((e) => e.id),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)), // opens every envelope
        events.map((e) => JSON.stringify(e.metadata)),
      ],
    );
  }
}

/** Garbage collections seen since `reset`: scavenges, full (mark-compact) collections, and their milliseconds. */
const gc = { minor: 0, major: 0, ms: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as unknown as { detail?: { kind?: number } }).detail?.kind;
    if (kind === perf.NODE_PERFORMANCE_GC_MAJOR) gc.major++;
    else gc.minor++;
    gc.ms += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
const gcSettled = () => new Promise((resolve) => setTimeout(resolve, 50)); // the observer's entries arrive a little later

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function shopReplayBench(options: { shoppers: number; rounds: number; profile?: string; compareWorker?: boolean }): Promise<void> {
  const db = await startBenchDatabase();
  const master = randomBytes(32);
  const pools: pg.Pool[] = [];
  const closers: (() => Promise<void>)[] = [];
  const poolOf = async () => {
    const pool = new pg.Pool({ connectionString: await db.createDatabase(), max: 12 });
    pool.on('error', () => undefined);
    pools.push(pool);
    return pool;
  };
  try {
    const urlA = await db.createDatabase();
    const started = Date.now();
    const bench = await createBenchApp({ databaseUrl: urlA, env: { DATA_KEY: master.toString('hex') } });
    try {
      await simulateShop(bench, options.shoppers);
    } finally {
      await bench.close();
    }
    const poolA = new pg.Pool({ connectionString: urlA, max: 12 });
    poolA.on('error', () => undefined);
    pools.push(poolA);
    const poolB = await poolOf();
    await migrate(poolB);
    const copyKeys = new SubjectKeyStore(poolA, master);
    await plainCopy(new PostgresEventStore(poolA, { codec: await PersonalDataCodec.create(copyKeys) }), poolB);
    const { rows } = await poolA.query<{ type: string; n: number; sealed: number }>(
      `select type, count(*)::int as n, count(*) filter (where data ? 'personal')::int as sealed from events group by type order by 2 desc`,
    );
    const total = rows.reduce((sum, r) => sum + r.n, 0);
    const sealed = rows.reduce((sum, r) => sum + r.sealed, 0);
    const declared = new Set(personalEventTypes());
    console.log(
      `simulated shop: ${options.shoppers} shoppers, ${total} events in ${((Date.now() - started) / 1000).toFixed(0)} s; ` +
        `${sealed} events (${((sealed / total) * 100).toFixed(1)} %) carry sealed personal data (one envelope each)`,
    );
    console.log(`mix: ${rows.map((r) => `${r.type} ${r.n}${declared.has(r.type) ? (r.sealed === r.n ? '*' : `(${r.sealed}*)`) : ''}`).join(', ')}  (* sealed)`);
    type Mode = 'plain' | 'encrypted' | 'here';
    const results: Record<Mode, { rate: number[]; cpu: number[] }> = {
      plain: { rate: [], cpu: [] },
      encrypted: { rate: [], cpu: [] },
      here: { rate: [], cpu: [] },
    };
    // 'here': encrypted, every envelope opened on the replaying thread (no worker; --compare-worker). The open worker is
    // one for the whole run (as in a running store, where it starts with the first bulk read), each round's codec fresh.
    const opener = new BatchOpener();
    closers.push(() => opener.close());
    const storeOf = async (mode: Mode) =>
      mode === 'plain'
        ? new PostgresEventStore(poolB)
        : new PostgresEventStore(poolA, {
            codec: await PersonalDataCodec.create(new SubjectKeyStore(poolA, master), mode === 'here' ? { workerMinEvents: Infinity } : { opener }),
          });
    const round = async (mode: Mode, r: number) => {
      const pool = mode === 'plain' ? poolB : poolA;
      // A fresh key store per round: keys are unwrapped from the table as after a restart.
      const store = await storeOf(mode);
      const profiling = options.profile && r > 0 ? new Session() : null;
      if (profiling) {
        profiling.connect();
        await profiling.post('Profiler.enable');
        // 100 µs between samples (the default 1 ms gave ~270 samples per round: too coarse to diff by function).
        await profiling.post('Profiler.setSamplingInterval', { interval: 100 });
        await profiling.post('Profiler.start');
      }
      await gcSettled();
      Object.assign(gc, { minor: 0, major: 0, ms: 0 });
      const wall = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      const report = await replay(store, pool, PROJECTORS);
      const used = process.cpuUsage(cpu);
      if (profiling) {
        const { profile } = await profiling.post('Profiler.stop');
        writeFileSync(`${options.profile}/${mode}-${r}.cpuprofile`, JSON.stringify(profile));
        profiling.disconnect();
      }
      const seconds = Number(process.hrtime.bigint() - wall) / 1e9;
      await gcSettled();
      const events = report[0]!.events;
      const rate = events / seconds;
      const us = (used.user + used.system) / events;
      results[mode].rate.push(rate);
      results[mode].cpu.push(us);
      console.log(
        `replay every read model ${{ plain: 'without encryption', encrypted: 'with encryption   ', here: 'with, no worker   ' }[mode]} (round ${r}) ${rate.toFixed(0).padStart(7)} events/s ` +
          `${us.toFixed(1).padStart(6)} µs CPU/event GC ${gc.minor}+${gc.major} full ${gc.ms.toFixed(0)} ms (${events} events, ${report.length} projectors; uptime: ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')})`,
      );
      await store.close();
    };
    // The read alone (no projector): the whole log read in replay's batches, every event's data serialised (every
    // envelope opened), to tell the codec's share of the replay's CPU from the rest.
    const readOnly = async (mode: Mode) => {
      const store = await storeOf(mode);
      const cpu = process.cpuUsage();
      let events = 0;
      for (let position = START, batch = await store.readAll(START, REPLAY_BATCH); batch.length > 0; batch = await store.readAll(position, REPLAY_BATCH)) {
        for (const e of batch) JSON.stringify(e.data);
        events += batch.length;
        position = batch[batch.length - 1]!.position;
      }
      const used = process.cpuUsage(cpu);
      await store.close();
      return (used.user + used.system) / events;
    };
    const modes: Mode[] = options.compareWorker ? ['plain', 'encrypted', 'here'] : ['plain', 'encrypted'];
    const reads: Record<Mode, number[]> = { plain: [], encrypted: [], here: [] };
    for (let r = 0; r < 5; r++) for (const mode of modes) reads[mode].push(await readOnly(mode));
    const [rp, re] = [median(reads.plain.slice(1)), median(reads.encrypted.slice(1))];
    console.log(
      `read of the log alone (no projector, every field serialised), CPU per event, medians of 4 alternating rounds: without ${rp.toFixed(1)} µs, ` +
        `with ${re.toFixed(1)} µs (+${(re - rp).toFixed(1)} µs; load ${os.loadavg()[0].toFixed(2)})` +
        (options.compareWorker ? `; no worker ${median(reads.here.slice(1)).toFixed(1)} µs` : ''),
    );
    for (const mode of modes) await round(mode, 0); // warm-up of each (JIT, PostgreSQL caches), not counted
    for (const mode of modes) results[mode] = { rate: [], cpu: [] };
    for (let r = 1; r <= options.rounds; r++) {
      // Alternating, and which goes first alternates too.
      for (const mode of r % 2 === 1 ? modes : [...modes].reverse()) await round(mode, r);
    }
    const [a, b] = [median(results.plain.rate), median(results.encrypted.rate)];
    const [ca, cb] = [median(results.plain.cpu), median(results.encrypted.cpu)];
    console.log(
      `replay of every read model, realistic mix (${((sealed / total) * 100).toFixed(1)} % personal events), medians of ${options.rounds} rounds:\n` +
        `  without ${a.toFixed(0).padStart(7)} events/s   with ${b.toFixed(0).padStart(7)} events/s   ${(((a - b) / a) * 100).toFixed(1).padStart(5)} % slower (target <= 15 %)\n` +
        `  this process's CPU per event: without ${ca.toFixed(1)} µs   with ${cb.toFixed(1)} µs   (${cb >= ca ? '+' : ''}${(cb - ca).toFixed(1)} µs, ${(((cb - ca) / ca) * 100).toFixed(1)} %)` +
        `   load average ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores` +
        (options.compareWorker
          ? `\n  with, no worker (every envelope opened on the replaying thread): ${median(results.here.rate).toFixed(0)} events/s, ` +
            `${(((a - median(results.here.rate)) / a) * 100).toFixed(1)} % slower, ${median(results.here.cpu).toFixed(1)} µs CPU/event`
          : ''),
    );
  } finally {
    for (const close of closers) await close();
    for (const pool of pools) await pool.end().catch(() => undefined);
    await db.stop();
  }
}

if (process.argv[1]?.endsWith('personal-data-shop.ts')) {
  const profile = process.argv.indexOf('--profile');
  runBench(() =>
    shopReplayBench({
      shoppers: arg('shoppers', 300),
      rounds: arg('rounds', 3),
      compareWorker: process.argv.includes('--compare-worker'),
      ...(profile > 0 ? { profile: process.argv[profile + 1]! } : {}),
    }),
  );
}
