/**
 * Three ways to open a bulk read's envelopes, in process (no database; the key store answers from memory),
 * alternating rounds of batches of 1,000 ProfileUpdated rows (every field personal) decoded and every field read:
 *   plain   — the rows stored plain (the baseline: row JSON parsed, fields read);
 *   here    — opened on this thread (node:crypto, one createDecipheriv per envelope, on first use);
 *   worker  — opened in the codec's worker thread (batch-opener.ts), one message per batch each way;
 *   subtle  — WebCrypto's subtle.decrypt per envelope (async, runs on the libuv pool), all of a batch at once.
 * Printed per mode: this thread's CPU per event (/proc, the main thread alone: what the replaying thread pays) and its
 * busy time (event-loop utilisation, stretched by load), the process's CPU per event (every thread: what the machine
 * pays) and the wall time per event, with the load average.
 * Usage: npx tsx bench/personal-data/personal-data-open-paths.ts [--events 50000 --rounds 5]
 */
import { randomBytes, webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { RecordedEvent } from '../../src/core/event-store.js';
import { PersonalDataCodec } from '../../src/modules/privacy/codec.js';
import '../src/modules/privacy/personal-fields.js';
import { SubjectKeyStore } from '../../src/modules/privacy/subject-keys.js';
import { arg } from '../lib/harness.js';
import { memoryPool } from '../lib/personal-data-memory-pool.js';
import { profileEvents } from '../lib/profile-events.js';

const EVENTS = arg('events', 50_000);
const ROUNDS = arg('rounds', 5);
const BATCH = 1000;
type Mode = 'plain' | 'here' | 'worker' | 'subtle';

/** CPU µs of this process's main thread alone (Linux: /proc/self/task/<pid>/stat, utime + stime in 10 ms ticks). */
function mainThreadCpu(): number {
  const text = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

const readEveryField = (data: unknown) => {
  const d = data as Record<string, string | undefined>;
  return [d.customerId, d.fullName, d.email, d.phone, d.address, d.city, d.state, d.pincode, d.updatedAt].filter(Boolean).length;
};

async function main() {
  const { shoppers, event } = profileEvents(500);
  const keys = new SubjectKeyStore(memoryPool(), randomBytes(32));
  const here = await PersonalDataCodec.create(keys, { workerMinEvents: Infinity });
  const worker = await PersonalDataCodec.create(keys, { workerMinEvents: 1 });
  for (const s of shoppers) await keys.keyFor(s);
  const input = Array.from({ length: BATCH }, (_, i) => event(i, new Date(0)));
  const texts = { plain: input.map((e) => JSON.stringify(e.data)), sealed: (await here.encode(input)).map((e) => JSON.stringify(e.data)) };
  // WebCrypto: one CryptoKey per shopper, imported once.
  const cryptoKeys = new Map<string, webcrypto.CryptoKey>();
  for (const [s, key] of await keys.keysOf(shoppers)) cryptoKeys.set(s, await webcrypto.subtle.importKey('raw', key!, 'AES-GCM', false, ['decrypt']));
  const subtleDecode = async (batch: RecordedEvent[]) =>
    Promise.all(
      batch.map(async (e) => {
        const { personal, ...rest } = e.data as { personal: { subject: string; sealed: string } } & Record<string, unknown>;
        const bytes = Buffer.from(personal.sealed, 'base64');
        const plain = await webcrypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, 12), additionalData: Buffer.from(`${e.type}:${personal.subject}`), tagLength: 128 },
          cryptoKeys.get(personal.subject)!,
          bytes.subarray(12),
        );
        return { ...e, data: Object.assign(rest, JSON.parse(Buffer.from(plain).toString('utf8')) as object) };
      }),
    );
  const run = async (mode: Mode) => {
    const elu = performance.eventLoopUtilization();
    const cpu = process.cpuUsage();
    const thread = mainThreadCpu();
    const wall = performance.now();
    let fields = 0;
    for (let done = 0; done < EVENTS; done += BATCH) {
      const batch = texts[mode === 'plain' ? 'plain' : 'sealed'].map(
        (text, i) =>
          ({ id: `e-${i}`, streamId: `s-${i}`, streamVersion: 0, type: 'ProfileUpdated', data: JSON.parse(text), metadata: {} }) as unknown as RecordedEvent,
      );
      const decoded =
        mode === 'plain' ? batch : mode === 'here' ? await here.decode(batch) : mode === 'worker' ? await worker.decode(batch) : await subtleDecode(batch);
      for (const e of decoded) fields += readEveryField(e.data);
    }
    if (fields !== EVENTS * 9) throw new Error(`read ${fields} fields`);
    const used = process.cpuUsage(cpu);
    const busy = performance.eventLoopUtilization(elu);
    return {
      busy: (busy.active * 1000) / EVENTS,
      thread: (mainThreadCpu() - thread) / EVENTS,
      cpu: (used.user + used.system) / EVENTS,
      wall: ((performance.now() - wall) * 1000) / EVENTS,
    };
  };
  const modes: Mode[] = ['plain', 'here', 'worker', 'subtle'];
  for (const mode of modes) await run(mode); // warm-up (JIT, the worker started)
  const figures = new Map(modes.map((m) => [m, [] as { busy: number; thread: number; cpu: number; wall: number }[]]));
  for (let r = 0; r < ROUNDS; r++) for (const mode of r % 2 === 0 ? modes : [...modes].reverse()) figures.get(mode)!.push(await run(mode));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`batches of ${BATCH} ProfileUpdated rows decoded, every field read; medians of ${ROUNDS} alternating rounds of ${EVENTS} events:`);
  for (const mode of modes) {
    const f = figures.get(mode)!;
    const m = (pick: (x: (typeof f)[number]) => number) => median(f.map(pick)).toFixed(2).padStart(6);
    console.log(
      `${mode.padEnd(7)} this thread: CPU ${m((x) => x.thread)} µs/event, busy ${m((x) => x.busy)} µs/event   ` +
        `process CPU ${m((x) => x.cpu)} µs/event   wall ${m((x) => x.wall)} µs/event`,
    );
  }
  console.log(
    `uptime load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  await worker.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
