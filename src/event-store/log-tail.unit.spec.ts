import { describe, expect, it } from 'vitest';
import { comparePositions, START, type GlobalPosition, type RecordedEvent } from '../core/event-store.js';
import { LogTail } from './log-tail.js';

/** A log of `visible` events (more can be made visible later) and a reader that counts its database reads. */
function fakeLog(visible: number, pageSize: number) {
  const all: RecordedEvent[] = Array.from({ length: 100 }, (_, i) => ({
    id: `e${i + 1}`,
    streamId: `s${i % 3}`,
    streamVersion: Math.floor(i / 3),
    type: 'TestHappened',
    data: { n: i + 1 },
    metadata: { correlationId: 'c', timestamp: '2026-01-01T00:00:00.000Z' },
    position: { commit: 10n + BigInt(Math.floor(i / 4)), prepare: BigInt(i + 1) },
    createdAt: '2026-01-01T00:00:00.000Z',
  }));
  const log = {
    all,
    visible,
    reads: [] as string[],
    probes: 0,
    /** The position of the first visible event after `from` (what the hand-off asks the database). */
    next: async (from: GlobalPosition) => {
      log.probes++;
      await new Promise((r) => setImmediate(r));
      return all.slice(0, log.visible).find((e) => comparePositions(e.position, from) > 0)?.position ?? null;
    },
    read: async (from: GlobalPosition) => {
      log.reads.push(`${from.commit}:${from.prepare}`);
      await new Promise((r) => setImmediate(r));
      return all
        .slice(0, log.visible)
        .filter((e) => comparePositions(e.position, from) > 0)
        .slice(0, pageSize);
    },
  };
  return log;
}
const ns = (events: RecordedEvent[]) => events.map((e) => (e.data as { n: number }).n);

describe('LogTail (the stretch of log shared by one process’s subscriptions)', () => {
  it('reads each page from the database once for every subscriber that follows, whatever their batch sizes', async () => {
    const log = fakeLog(30, 10);
    const tail = new LogTail();
    // Two subscribers wake on the same append at the same position: one database read.
    const [a, b] = await Promise.all([tail.read(START, 10, log.read), tail.read(START, 4, log.read)]);
    expect(ns(a)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ns(b)).toEqual([1, 2, 3, 4]);
    expect(log.reads).toHaveLength(1);
    // The slower one walks the kept stretch without reading again; at its end the next page is read once.
    expect(ns(await tail.read(b.at(-1)!.position, 4, log.read))).toEqual([5, 6, 7, 8]);
    expect(ns(await tail.read({ ...b.at(-1)!.position, prepare: 8n, commit: 11n }, 4, log.read))).toEqual([9, 10]);
    expect(log.reads).toHaveLength(1);
    expect(ns(await tail.read(a.at(-1)!.position, 10, log.read))).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(ns(await tail.read(a.at(-1)!.position, 3, log.read))).toEqual([11, 12, 13]);
    expect(log.reads).toEqual(['0:0', '12:10']);
  });

  it('never keeps an empty answer: a subscriber at the end sees events committed after it last looked', async () => {
    const log = fakeLog(5, 10);
    const tail = new LogTail();
    const first = await tail.read(START, 10, log.read);
    expect(ns(first)).toEqual([1, 2, 3, 4, 5]);
    const end = first.at(-1)!.position;
    expect(await tail.read(end, 10, log.read)).toEqual([]);
    log.visible = 8;
    expect(ns(await tail.read(end, 10, log.read))).toEqual([6, 7, 8]);
    // Every event is handed out once per position, in order, with nothing skipped or repeated.
    const seen: number[] = [];
    let at = START;
    for (let page = await tail.read(at, 3, log.read); page.length > 0; page = await tail.read(at, 3, log.read)) {
      seen.push(...ns(page));
      at = page.at(-1)!.position;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps at most its capacity (the oldest go) and answers positions before it from the database', async () => {
    const log = fakeLog(100, 10);
    const tail = new LogTail(20);
    let at = START;
    const seen: number[] = [];
    for (let page = await tail.read(at, 10, log.read); page.length > 0; page = await tail.read(at, 10, log.read)) {
      seen.push(...ns(page));
      at = page.at(-1)!.position;
    }
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const reads = log.reads.length;
    // Event 95 is still kept, event 5 is not: a subscriber far behind reads the database, and gets the right page.
    const e95 = { commit: 10n + BigInt(Math.floor(94 / 4)), prepare: 95n };
    expect(ns(await tail.read(e95, 10, log.read))).toEqual([96, 97, 98, 99, 100]);
    expect(log.reads.length).toBe(reads);
    const e5 = { commit: 10n + BigInt(Math.floor(4 / 4)), prepare: 5n };
    expect(ns(await tail.read(e5, 3, log.read))).toEqual([6, 7, 8]);
    expect(log.reads.length).toBe(reads + 1);
    // A page behind the stretch is not kept (it would break the stretch's contiguity): the same read goes out again.
    await tail.read(e5, 3, log.read);
    expect(log.reads.length).toBe(reads + 2);
  });

  it('starts a new stretch at a page past the kept one, and shares a failed read with no one after it', async () => {
    const log = fakeLog(100, 10);
    const tail = new LogTail();
    await tail.read(START, 10, log.read);
    const e50 = { commit: 10n + BigInt(Math.floor(49 / 4)), prepare: 50n };
    expect(ns(await tail.read(e50, 2, log.read))).toEqual([51, 52]);
    expect(ns(await tail.read({ commit: 10n + BigInt(Math.floor(51 / 4)), prepare: 52n }, 3, log.read))).toEqual([53, 54, 55]);
    expect(log.reads).toHaveLength(2);
    const failing = () => Promise.reject(new Error('connection lost'));
    const e60 = { commit: 10n + BigInt(Math.floor(59 / 4)), prepare: 60n };
    await expect(tail.read(e60, 5, failing)).rejects.toThrow('connection lost');
    expect(ns(await tail.read(e60, 2, log.read))).toEqual([61, 62]);
  });
});

describe('LogTail hand-off (a transaction this process committed, offered instead of read back)', () => {
  // Transactions of the fake log: events 1–4 are commit 10, 5–8 commit 11, 9–12 commit 12, …
  const tx = (log: ReturnType<typeof fakeLog>, first: number) => log.all.slice(first - 1, first + 3);

  it('uses an offer only where the database names it next; elsewhere it reads', async () => {
    const log = fakeLog(12, 10);
    const tail = new LogTail();
    tail.offer(tx(log, 9));
    // From the start the next event is 1, not offered: read (and the page runs into the offered transaction).
    expect(ns(await tail.read(START, 6, log.read, log.next))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(log.reads).toEqual(['0:0']);
    // From event 8 (in the stretch, whose end is 10) nothing is read; from the stretch's end the offer is next.
    const e10 = log.all[9]!.position;
    const e8 = log.all[7]!.position;
    expect(ns(await tail.read(e8, 10, log.read, log.next))).toEqual([9, 10]);
    expect(ns(await tail.read(e10, 10, log.read, log.next))).toEqual([11, 12]);
    expect(log.reads).toEqual(['0:0']);
    // The offer is spent: at the end of the log the next look finds nothing, and reads nothing.
    tail.offer(tx(log, 13));
    expect(await tail.read(log.all[11]!.position, 10, log.read, log.next)).toEqual([]);
    expect(log.reads).toEqual(['0:0']);
  });

  it('a reader that meets a promised transaction waits for its delivery; a withdrawn one is read', async () => {
    const log = fakeLog(4, 10);
    const tail = new LogTail();
    await tail.read(START, 4, log.read, log.next);
    const e4 = log.all[3]!.position;
    const promised = tail.promise(11n);
    log.visible = 8; // committed and visible, not yet delivered
    let answered: number[] | null = null;
    const reading = tail.read(e4, 10, log.read, log.next).then((events) => (answered = ns(events)));
    await expect.poll(() => log.probes).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(answered).toBeNull();
    promised.deliver(tx(log, 5));
    await reading;
    expect(answered).toEqual([5, 6, 7, 8]);
    expect(log.reads).toEqual(['0:0']);
    // Withdrawn (rolled back, or not handed over): the reader reads.
    log.visible = 12;
    const withdrawn = tail.promise(12n);
    const next = tail.read(log.all[7]!.position, 10, log.read, log.next);
    withdrawn.withdraw();
    expect(ns(await next)).toEqual([9, 10, 11, 12]);
    expect(log.reads).toHaveLength(2);
  });
});

describe('LogTail once the log is quiet', () => {
  it('lets its events go after the idle time: the next read of a kept position asks the database again', async () => {
    const log = fakeLog(20, 10);
    const tail = new LogTail(40_000, 30);
    const first = await tail.read(START, 10, log.read);
    await tail.read(START, 5, log.read);
    expect(log.reads).toHaveLength(1);
    await expect.poll(async () => (await tail.read(START, 5, log.read), log.reads.length), { interval: 20 }).toBeGreaterThan(1);
    expect(ns(await tail.read(first.at(-1)!.position, 10, log.read))).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });
});
