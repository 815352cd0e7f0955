/**
 * The personal-data codec's own CPU cost per event, in process (no database, so the machine's load from
 * other processes distorts it far less than bench/personal-data/personal-data.ts): encode and decode of ProfileUpdated and
 * OrderPlaced-sized events of 500 shoppers whose keys are cached, against a plain copy of the same events as baseline.
 * Figures are CPU microseconds of this process per event. Usage: npx tsx bench/personal-data/personal-data-codec.ts [--events 100000]
 */
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { NewEvent, RecordedEvent } from '../../src/core/event-store.js';
import { PersonalDataCodec } from '../../src/modules/privacy/codec.js';
import '../src/modules/privacy/personal-fields.js';
import { memoryPool } from '../lib/personal-data-memory-pool.js';
import { profileEvents } from '../lib/profile-events.js';
import { SubjectKeyStore } from '../../src/modules/privacy/subject-keys.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('events', 100_000);
const BATCH = 1000;
const SHOPPERS = 500;

const { shoppers, event } = profileEvents(SHOPPERS);

const recorded = (events: NewEvent[], from: number): RecordedEvent[] =>
  events.map(
    (e, i) =>
      ({
        ...e,
        id: randomUUID(),
        streamId: `s-${from + i}`,
        streamVersion: 0,
        globalPosition: BigInt(from + i),
        recordedAt: new Date(0),
      }) as unknown as RecordedEvent,
  );

async function main() {
  const keys = new SubjectKeyStore(memoryPool(), randomBytes(32));
  const codec = await PersonalDataCodec.create(keys);
  for (const s of shoppers) await keys.keyFor(s);
  const input = Array.from({ length: EVENTS }, (_, i) => event(i, new Date(0)));
  const batches: NewEvent[][] = [];
  for (let i = 0; i < EVENTS; i += BATCH) batches.push(input.slice(i, i + BATCH));

  const time = async (label: string, run: () => Promise<unknown>) => {
    await run(); // warm
    // CPU time of this process, not wall time: other processes on the machine inflate it far less.
    const started = process.cpuUsage();
    await run();
    const used = process.cpuUsage(started);
    const us = (used.user + used.system) / EVENTS;
    console.log(`${label.padEnd(44)} ${us.toFixed(2).padStart(7)} µs/event`);
    return us;
  };
  // Encode one event per call (the append path: one command's events), decode batches of 1000 (replay reads).
  const encodeUs = await time('encode (one event per call)', async () => {
    for (const e of input) await codec.encode([e]);
  });
  const sealed: RecordedEvent[][] = [];
  for (let b = 0; b < batches.length; b++) sealed.push(recorded(await codec.encode(batches[b]!), b * BATCH));
  // What a read hands over: data as parsed from the row (a fresh object per read).
  const reread = () => sealed.map((batch) => batch.map((e) => ({ ...e, data: structuredClone(e.data) })));
  const copies = reread();
  const decodeUs = await time('decode (batches of 1000)', async () => {
    for (const batch of copies) await codec.decode(batch);
  });
  // Decoding opens an envelope only when a personal field is read (codec.ts): the same batches, every field read.
  const readAll = (data: unknown) => {
    const d = data as Record<string, string | undefined>;
    return [d.customerId, d.fullName, d.email, d.phone, d.address, d.city, d.state, d.pincode, d.updatedAt].filter(Boolean).length;
  };
  const decodeReadUs = await time('decode, then every field read by name', async () => {
    for (const batch of copies) for (const e of await codec.decode(batch)) readAll(e.data);
  });
  const baselineUs = await time('baseline: JSON round trip of the event data', async () => {
    for (const e of input) JSON.parse(JSON.stringify(e.data));
  });
  console.log(
    `events=${EVENTS} load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores; encode ${encodeUs.toFixed(2)} µs, decode ${decodeUs.toFixed(2)} µs (every field read: ${decodeReadUs.toFixed(2)} µs), baseline ${baselineUs.toFixed(2)} µs per event`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
