import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '../../core/event-store.js';
import type { Runtime } from '../../runtime.js';
import { CLOSE_TOO_SLOW, LiveFeed, MAX_BUFFERED_BYTES } from './feed.js';

const position = (n: number): GlobalPosition => ({ commit: BigInt(n), prepare: BigInt(n) });

/** A socket that records what the feed sends and how it closes it; `bufferedAmount` is what the network has not taken. */
function fakeSocket() {
  const socket = {
    readyState: 1,
    OPEN: 1,
    bufferedAmount: 0,
    sent: [] as string[],
    closed: null as { code?: number; reason?: string } | null,
    send(data: string) {
      this.sent.push(data);
    },
    ping() {},
    terminate() {},
    close(code?: number, reason?: string) {
      this.closed = { code, reason };
      this.readyState = 3;
    },
    on() {},
  };
  return socket;
}

/** Just what the feed reads of a runtime: the log it follows, the projections it reports, the sessions it re-checks. */
function fakeRuntime() {
  let onEvents: ((events: RecordedEvent[]) => Promise<void>) | null = null;
  let onAdvance: ((name: string, at: GlobalPosition) => void) | null = null;
  const waits: { position: GlobalPosition; names: string[]; resolve: () => void }[] = [];
  const runtime = {
    log: { info() {}, warn() {}, error() {} },
    sessions: { onChange: () => () => undefined, check: async () => 'admin' },
    store: {
      headPosition: async () => position(0),
      subscribe: (options: { onEvents: (events: RecordedEvent[]) => Promise<void> }) => {
        onEvents = options.onEvents;
        return { close: async () => undefined };
      },
    },
    projections: {
      projectors: [{ name: 'orders', handles: ['OrderDeleted'] }],
      onAdvance: (listener: (name: string, at: GlobalPosition) => void) => ((onAdvance = listener), () => undefined),
      positionOf: () => position(0),
      waitFor: (at: GlobalPosition, names: string[]) => new Promise<void>((resolve) => waits.push({ position: at, names, resolve })),
    },
  };
  const deleted = (n: number): RecordedEvent =>
    ({
      type: 'OrderDeleted',
      data: { orderId: `o${n}`, at: '2026-11-24T05:00:00.000Z' },
      metadata: { correlationId: 'c', timestamp: '2026-11-24T05:00:00.000Z' },
      position: position(n),
    }) as unknown as RecordedEvent;
  return {
    runtime: runtime as unknown as Runtime,
    waits,
    batch: (from: number, to: number) => onEvents!(Array.from({ length: to - from + 1 }, (_, i) => deleted(from + i))),
    advance: (name: string, n: number) => onAdvance!(name, position(n)),
  };
}

const session = { customerId: 'admin', sessionId: 's', sessionVersion: 1 };

describe('the live feed holds nothing without bound', () => {
  it('closes a socket that holds more than MAX_BUFFERED_BYTES unsent with CLOSE_TOO_SLOW; the others go on', async () => {
    const fake = fakeRuntime();
    const feed = new LiveFeed();
    await feed.start(fake.runtime);
    const slow = fakeSocket();
    const quick = fakeSocket();
    await feed.add(slow, session);
    await feed.add(quick, session);
    await fake.batch(1, 1);
    expect([slow.sent.length, quick.sent.length]).toEqual([1, 1]);
    slow.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    await fake.batch(2, 2);
    fake.advance('orders', 2);
    expect(slow.closed).toEqual({ code: CLOSE_TOO_SLOW, reason: 'Too slow: reconnect to catch up' });
    expect(slow.sent).toHaveLength(1);
    expect(quick.sent).toHaveLength(3);
    expect(quick.closed).toBeNull();
    expect(feed.connections).toBe(1);
    await feed.stop();
  });

  it('keeps one wait for the read models at a time: batches read meanwhile fold into the next, at the latest position', async () => {
    const fake = fakeRuntime();
    const feed = new LiveFeed();
    await feed.start(fake.runtime);
    await feed.add(fakeSocket(), session);
    for (let n = 1; n <= 200; n++) await fake.batch(n, n);
    expect(fake.waits).toHaveLength(1);
    expect(feed.pendingWaits).toBe(2);
    fake.waits[0]!.resolve();
    await expect.poll(() => fake.waits.length).toBe(2);
    expect(fake.waits[1]).toMatchObject({ position: position(200), names: ['orders'] });
    fake.waits[1]!.resolve();
    await expect.poll(() => feed.pendingWaits).toBe(0);
    await feed.stop();
  });
});
