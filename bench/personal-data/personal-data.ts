/**
 * Event append and replay throughput with personal-data encryption (the codec) and without, side by side,
 * on the same embedded database in the same run (target: encryption at most 15 % slower).
 * Appends: ProfileUpdated events (every field personal) of 500 shoppers, one event per append, alternating rounds.
 * Replay: the whole log read in batches of 1000 through a store without the codec (ciphertext handed over as is) and
 * through one with it, alternating rounds, each event's customer id read; the codec opens an envelope only when a
 * personal field is read, so a third line reads every field of every event by name (every envelope opened), as the
 * customers projector does. SQL statements are counted per append and per 1,000 replayed events (no load distorts a count).
 * That log is the worst case (every event personal); then bench/personal-data/personal-data-shop.ts rebuilds every read model by
 * replay from a simulated shop's log (about a third of its events personal), with and without encryption.
 * Usage: npm run bench:privacy [-- --seconds 5 --connections 8 --rounds 5 --shoppers 300 --sync-commit off]   (--shoppers 0: no
 * shop replay; --sync-commit off: appends do not wait for the WAL flush, so disk latency does not set the append rate)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { eventsOf } from '../../src/core/event-store.js';
import { PostgresEventStore } from '../../src/event-store/postgres.js';
import '../src/modules/customers/customer.js';
import { PersonalDataCodec } from '../../src/modules/privacy/codec.js';
import '../src/modules/privacy/personal-fields.js';
import { shopReplayBench } from './personal-data-shop.js';
import { profileEvents } from '../lib/profile-events.js';
import { SubjectKeyStore } from '../../src/modules/privacy/subject-keys.js';
import { arg, runBench, withMigratedPool } from '../lib/harness.js';
import { postgresCpuSeconds } from '../lib/process-cpu.js';
const seconds = arg('seconds', 5);
const connections = arg('connections', 8);
const SHOPPERS = 500;
const ROUNDS = arg('rounds', 5);
const SHOP_SHOPPERS = arg('shoppers', 300);
/**
 * `--sync-commit off`: appends commit without waiting for the WAL flush. With it on (the default, as the store runs),
 * each append's rate is set by the disk's flush latency, which other processes' writes move from round to round.
 */
const SYNC_COMMIT = process.argv.includes('--sync-commit') ? process.argv[process.argv.indexOf('--sync-commit') + 1]! : 'on';

const { shoppers, event } = profileEvents(SHOPPERS);

/** Every statement any pg client of this process sends (the bench's pool is the only one). */
let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
const sql = {
  append: { plain: [] as number[], encrypted: [] as number[] },
  replay: { plain: [] as number[], encrypted: [] as number[], read: [] as number[], readHere: [] as number[] },
};

/** CPU microseconds this process spent per event in each round (far less distorted by other processes than rates). */
const cpuPerEvent = {
  append: { plain: [] as number[], encrypted: [] as number[] },
  replay: { plain: [] as number[], encrypted: [] as number[], read: [] as number[], readHere: [] as number[] },
};
/** The same for the PostgreSQL server (its processes from /proc; 10 ms ticks): the other half of the machine's work. */
const serverPerEvent = {
  append: { plain: [] as number[], encrypted: [] as number[] },
  replay: { plain: [] as number[], encrypted: [] as number[], read: [] as number[], readHere: [] as number[] },
};
let serverCpu = () => 0;
const cpuSince = (start: NodeJS.CpuUsage, n: number) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / Math.max(n, 1);
};

async function appendRound(label: string, store: PostgresEventStore, counted = true): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  const cpu = process.cpuUsage();
  const server = serverCpu();
  const sent = statements;
  let done = 0;
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      let i = c * 1_000_000;
      while (Date.now() < deadline) {
        await store.append(`bench-profile-${randomUUID()}`, [event(i++)], { expectedVersion: 'no_stream' });
        done++;
      }
    }),
  );
  const rate = done / seconds;
  const us = cpuSince(cpu, done);
  const pgUs = ((serverCpu() - server) * 1e6) / Math.max(done, 1);
  const mode = label.includes('without') ? 'plain' : 'encrypted';
  if (counted) {
    cpuPerEvent.append[mode].push(us);
    serverPerEvent.append[mode].push(pgUs);
    sql.append[mode].push((statements - sent) / Math.max(done, 1));
  }
  console.log(
    `${label.padEnd(40)} ${rate.toFixed(0).padStart(8)} events/s ${us.toFixed(1).padStart(7)} µs CPU/event, PostgreSQL ${pgUs.toFixed(1)} µs (load ${os.loadavg()[0].toFixed(2)})`,
  );
  return rate;
}

/** Reads every field of a ProfileUpdated by name, as the customers projector does (every envelope opened). */
const readEveryField = (data: unknown) => {
  const d = data as Record<string, string | undefined>;
  return [d.customerId, d.fullName, d.email, d.phone, d.address, d.city, d.state, d.pincode, d.updatedAt].filter(Boolean).length;
};

async function replayRound(label: string, store: PostgresEventStore, mode: 'plain' | 'encrypted' | 'read' | 'readHere'): Promise<number> {
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const server = serverCpu();
  const sent = statements;
  let n = 0;
  let ids = 0;
  for await (const e of eventsOf(store, undefined, 1000)) {
    n++;
    if (mode === 'read' || mode === 'readHere') ids += readEveryField(e.data);
    else if ((e.data as { customerId?: string }).customerId) ids++;
  }
  if (ids === 0) throw new Error('read nothing');
  const rate = n / (Number(process.hrtime.bigint() - started) / 1e9);
  const us = cpuSince(cpu, n);
  const pgUs = ((serverCpu() - server) * 1e6) / Math.max(n, 1);
  cpuPerEvent.replay[mode].push(us);
  serverPerEvent.replay[mode].push(pgUs);
  sql.replay[mode].push(((statements - sent) / Math.max(n, 1)) * 1000);
  console.log(
    `${label.padEnd(40)} ${rate.toFixed(0).padStart(8)} events/s ${us.toFixed(1).padStart(7)} µs CPU/event, PostgreSQL ${pgUs.toFixed(1)} µs (${n} events; load ${os.loadavg()[0].toFixed(2)})`,
  );
  return rate;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

runBench(() =>
  withMigratedPool(
    connections,
    async (pool, db) => {
      serverCpu = () => postgresCpuSeconds(db.pgDir);
      const keys = new SubjectKeyStore(pool, randomBytes(32));
      const codec = await PersonalDataCodec.create(keys);
      for (const s of shoppers) await keys.keyFor(s); // every shopper has a key already, as after their sign-up
      const plain = new PostgresEventStore(pool);
      const encrypted = new PostgresEventStore(pool, { codec });
      // The same reads with every envelope opened on this thread (no worker), for comparison.
      const openedHere = new PostgresEventStore(pool, { codec: await PersonalDataCodec.create(keys, { workerMinEvents: Infinity }) });
      console.log(`connections=${connections} seconds=${seconds} shoppers=${SHOPPERS} synchronous_commit=${SYNC_COMMIT}`);
      const appends = { plain: [] as number[], encrypted: [] as number[] };
      // A warm-up round of each (JIT, the codec's first keys, PostgreSQL's caches), not counted; then rounds alternating,
      // which mode goes first alternating too (the log grows as they run).
      await appendRound('append without encryption (warm-up)', plain, false);
      await appendRound('append with encryption (warm-up)', encrypted, false);
      for (let round = 1; round <= ROUNDS; round++) {
        for (const mode of round % 2 === 1 ? (['plain', 'encrypted'] as const) : (['encrypted', 'plain'] as const))
          appends[mode].push(
            await appendRound(`append ${mode === 'plain' ? 'without' : 'with'} encryption (round ${round})`, mode === 'plain' ? plain : encrypted),
          );
      }
      const replays = { plain: [] as number[], encrypted: [] as number[], read: [] as number[], readHere: [] as number[] };
      for (let round = 1; round <= ROUNDS; round++) {
        replays.plain.push(await replayRound(`replay without decryption (round ${round})`, plain, 'plain'));
        replays.encrypted.push(await replayRound(`replay with decryption (round ${round})`, encrypted, 'encrypted'));
        replays.read.push(await replayRound(`replay, every field read (worst case) (round ${round})`, encrypted, 'read'));
        replays.readHere.push(await replayRound(`  the same, opened without the worker (round ${round})`, openedHere, 'readHere'));
      }
      const line = (what: string, xs: { plain: number[]; encrypted: number[] }) => {
        const [a, b] = [median(xs.plain), median(xs.encrypted)];
        console.log(
          `${what.padEnd(26)} without ${a.toFixed(0).padStart(7)}/s   with ${b.toFixed(0).padStart(7)}/s   ${(((a - b) / a) * 100).toFixed(1).padStart(5)} % slower (target <= 15 %)`,
        );
      };
      console.log(
        `worst case, a log of ProfileUpdated only (every event personal, one envelope each); medians of ${ROUNDS} rounds ` +
          `(uptime load average ${os
            .loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')} on ${os.cpus().length} cores):`,
      );
      line('append', appends);
      line('replay', replays);
      line('replay, every field read', { plain: replays.plain, encrypted: replays.read });
      line('  the same, no worker', { plain: replays.plain, encrypted: replays.readHere });
      console.log('  (worst case: a raw read of the log, no read model written; the realistic figure is the shop replay below)');
      const cpuLine = (what: string, pick: (of: typeof cpuPerEvent) => { plain: number[]; encrypted: number[] }) => {
        const [a, b] = [median(pick(cpuPerEvent).plain), median(pick(cpuPerEvent).encrypted)];
        const [pa, pb] = [median(pick(serverPerEvent).plain), median(pick(serverPerEvent).encrypted)];
        console.log(
          `${what.padEnd(26)} this process's CPU per event: without ${a.toFixed(1).padStart(6)} µs   with ${b.toFixed(1).padStart(6)} µs   (+${(b - a).toFixed(1)} µs); ` +
            `PostgreSQL ${pa.toFixed(1)} → ${pb.toFixed(1)} µs; both together ${(((b + pb - a - pa) / (a + pa)) * 100).toFixed(1)} % more`,
        );
      };
      cpuLine('append', (of) => of.append);
      cpuLine('replay', (of) => of.replay);
      cpuLine('replay, every field read', (of) => ({ plain: of.replay.plain, encrypted: of.replay.read }));
      cpuLine('  the same, no worker', (of) => ({ plain: of.replay.plain, encrypted: of.replay.readHere }));
      console.log(
        `SQL statements per append: without ${median(sql.append.plain).toFixed(3)}, with ${median(sql.append.encrypted).toFixed(3)} ` +
          `(the rest above 1: the debounced NOTIFY); per 1,000 replayed events: without ${median(sql.replay.plain).toFixed(2)}, ` +
          `with ${median(sql.replay.encrypted).toFixed(2)}, every field read ${median(sql.replay.read).toFixed(2)}`,
      );
      await plain.close();
      await encrypted.close();
      await openedHere.close();
    },
    { extraFlags: ['-c', `synchronous_commit=${SYNC_COMMIT}`] },
  ).then(async () => {
    if (SHOP_SHOPPERS > 0) await shopReplayBench({ shoppers: SHOP_SHOPPERS, rounds: ROUNDS });
  }),
);
