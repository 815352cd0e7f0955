/**
 * The worst case of replay — read a batch of ProfileUpdated rows (every field personal), decode it and read
 * every field — in process (no database: the key store answers from memory), against the same events stored plain,
 * in alternating rounds of the same process (the baseline shares the machine's load). For `node --cpu-prof` pass
 * `--only sealed` or `--only plain` and diff the two profiles by function.
 * Usage: npx tsx bench/personal-data/personal-data-open-profile.ts [--events 100000 --rounds 7 --hold 10] [--only sealed|plain]
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { RecordedEvent } from '../../src/core/event-store.js';
import { PersonalDataCodec } from '../../src/modules/privacy/codec.js';
import '../src/modules/privacy/personal-fields.js';
import { SubjectKeyStore } from '../../src/modules/privacy/subject-keys.js';
import { arg } from '../lib/harness.js';
import { memoryPool } from '../lib/personal-data-memory-pool.js';
import { profileEvents } from '../lib/profile-events.js';

const EVENTS = arg('events', 100_000);
const ROUNDS = arg('rounds', 7);
/** Decoded batches kept alive (a replay holds two of 5,000 while projectors run): their objects survive scavenges. */
const HOLD = arg('hold', 0);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;

const readAll = (data: unknown) => {
  const d = data as Record<string, string | undefined>;
  return [d.customerId, d.fullName, d.email, d.phone, d.address, d.city, d.state, d.pincode, d.updatedAt].filter(Boolean).length;
};

async function main() {
  const { shoppers, event } = profileEvents(500);
  const keys = new SubjectKeyStore(memoryPool(), randomBytes(32));
  const codec = await PersonalDataCodec.create(keys);
  for (const s of shoppers) await keys.keyFor(s);
  const input = Array.from({ length: 1000 }, (_, i) => event(i, new Date(0)));
  // As a read hands rows over: the data parsed from the row's JSON text, a fresh object per read.
  const texts = { plain: input.map((e) => JSON.stringify(e.data)), sealed: (await codec.encode(input)).map((e) => JSON.stringify(e.data)) };
  const run = async (mode: 'plain' | 'sealed') => {
    const started = process.cpuUsage();
    let fields = 0;
    const held: RecordedEvent[][] = [];
    for (let done = 0; done < EVENTS; done += 1000) {
      const batch = texts[mode].map(
        (text, i) =>
          ({ id: `e-${i}`, streamId: `s-${i}`, streamVersion: 0, type: 'ProfileUpdated', data: JSON.parse(text), metadata: {} }) as unknown as RecordedEvent,
      );
      const decoded = mode === 'plain' ? batch : await codec.decode(batch);
      for (const e of decoded) fields += readAll(e.data);
      if (HOLD > 0) {
        held.push(decoded);
        if (held.length > HOLD) held.shift();
      }
    }
    if (fields !== EVENTS * 9) throw new Error(`read ${fields} fields`);
    const used = process.cpuUsage(started);
    return (used.user + used.system) / EVENTS;
  };
  const figures = { plain: [] as number[], sealed: [] as number[] };
  await run('plain'); // warm-up
  await run('sealed');
  for (let r = 0; r < ROUNDS; r++) for (const mode of ['plain', 'sealed'] as const) if (!only || only === mode) figures[mode].push(await run(mode));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const [p, s] = [median(figures.plain), median(figures.sealed)];
  console.log(
    `row JSON parse + decode + every field read, CPU per event, medians of ${ROUNDS} alternating rounds: plain ${p.toFixed(2)} µs, sealed ${s.toFixed(2)} µs ` +
      `(+${(s - p).toFixed(2)} µs; ${HOLD} batches of 1,000 held; min ${Math.min(...figures.plain).toFixed(2)} / ${Math.min(...figures.sealed).toFixed(2)}); load ${os.loadavg()[0].toFixed(2)}`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
