/**
 * Where the append overhead of personal-data encryption goes, in CPU rather than rates (a loaded machine
 * distorts rates far more): a fixed number of ProfileUpdated appends (8 concurrent, one event each) per mode, modes
 * alternating round by round, and for each the CPU µs per event of this process and of the embedded PostgreSQL
 * (postmaster and its backends, from /proc). Modes: `plain` (no codec), `pre` (events sealed beforehand, appended by a
 * store without the codec: what the larger stored form costs), `encrypted` (the codec on append).
 * Usage: npx tsx bench/personal-data/personal-data-append-cpu.ts [--events 3000] [--rounds 5] [--connections 8]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { NewEvent } from '../../src/core/event-store.js';
import { migrate } from '../../src/db/migrate.js';
import { PostgresEventStore } from '../../src/event-store/postgres.js';
import '../src/modules/customers/customer.js';
import { PersonalDataCodec } from '../../src/modules/privacy/codec.js';
import '../src/modules/privacy/personal-fields.js';
import { SubjectKeyStore } from '../../src/modules/privacy/subject-keys.js';
import { arg, runBench, startBenchDatabase } from '../lib/harness.js';
import { profileEvents } from '../lib/profile-events.js';

const EVENTS = arg('events', 3000);
const ROUNDS = arg('rounds', 5);
const CONNECTIONS = arg('connections', 8);
const MODES = ['plain', 'pre', 'encrypted'] as const;
const TICKS_PER_SECOND = 100; // USER_HZ of /proc/<pid>/stat

/** CPU µs used so far by the embedded server: the postmaster, its live backends and the children it has reaped. */
function postgresCpu(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  let ticks = 0;
  for (const pid of [postmaster, ...children]) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]); // utime stime cutime cstime
    } catch {
      // the backend ended between the listing and the read
    }
  }
  return (ticks / TICKS_PER_SECOND) * 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

runBench(async () => {
  const db = await startBenchDatabase();
  const pool = new pg.Pool({ connectionString: await db.createDatabase(), max: CONNECTIONS + 2 });
  pool.on('error', () => undefined);
  try {
    await migrate(pool);
    const { shoppers, event } = profileEvents(500);
    const keys = new SubjectKeyStore(pool, randomBytes(32));
    const codec = await PersonalDataCodec.create(keys);
    for (const s of shoppers) await keys.keyFor(s);
    const plain = new PostgresEventStore(pool);
    const encrypted = new PostgresEventStore(pool, { codec });
    const dataDir = path.join(db.dir, 'pg');
    const cpu = Object.fromEntries(MODES.map((m) => [m, { node: [] as number[], postgres: [] as number[] }]));
    let next = 0;
    console.log(`events=${EVENTS} per mode and round, rounds=${ROUNDS}, connections=${CONNECTIONS}; load average ${os.loadavg()[0].toFixed(1)}`);
    for (let round = 1; round <= ROUNDS; round++)
      for (const mode of MODES) {
        const events: NewEvent[] = Array.from({ length: EVENTS }, () => event(next++));
        const input = mode === 'pre' ? await Promise.all(events.map(async (e) => (await codec.encode([e]))[0]!)) : events;
        const store = mode === 'encrypted' ? encrypted : plain;
        const node0 = process.cpuUsage();
        const pg0 = postgresCpu(dataDir);
        let i = 0;
        await Promise.all(
          Array.from({ length: CONNECTIONS }, async () => {
            while (i < input.length) await store.append(`bench-profile-${randomUUID()}`, [input[i++]!], { expectedVersion: 'no_stream' });
          }),
        );
        const used = process.cpuUsage(node0);
        cpu[mode]!.node.push((used.user + used.system) / EVENTS);
        cpu[mode]!.postgres.push((postgresCpu(dataDir) - pg0) / EVENTS);
        console.log(
          `round ${round} ${mode.padEnd(10)} node ${cpu[mode]!.node.at(-1)!.toFixed(1).padStart(7)} µs/event   postgres ${cpu[mode]!.postgres.at(-1)!.toFixed(1).padStart(7)} µs/event   load ${os.loadavg()[0].toFixed(1)}`,
        );
      }
    console.log(`medians of ${ROUNDS} rounds (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores), CPU µs per appended event:`);
    for (const mode of MODES) {
      const [n, p] = [median(cpu[mode]!.node), median(cpu[mode]!.postgres)];
      const [n0, p0] = [median(cpu.plain!.node), median(cpu.plain!.postgres)];
      console.log(
        `${mode.padEnd(10)} node ${n.toFixed(1).padStart(7)} (${(n - n0 >= 0 ? '+' : '') + (n - n0).toFixed(1)})   postgres ${p.toFixed(1).padStart(7)} (${(p - p0 >= 0 ? '+' : '') + (p - p0).toFixed(1)})   total ${(n + p).toFixed(1)} (${(((n + p - (n0 + p0)) / (n0 + p0)) * 100).toFixed(1)} %)`,
      );
    }
    await plain.close();
    await encrypted.close();
  } finally {
    await pool.end();
    await db.stop();
  }
});
