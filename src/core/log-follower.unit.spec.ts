import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GlobalPosition, RecordedEvent, SubscribeOptions } from './event-store.js';
import { LogFollower } from './log-follower.js';

const at = (n: number): GlobalPosition => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number) => ({ position: at(n) }) as RecordedEvent;
/** Lets every promise callback already queued run (a macrotask turn, not a wait for time to pass). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

function fakeStore(head: GlobalPosition) {
  const subscribed: SubscribeOptions[] = [];
  let closed = 0;
  return {
    subscribed,
    closed: () => closed,
    store: {
      headPosition: async () => head,
      subscribe: (options: SubscribeOptions) => {
        subscribed.push(options);
        return { close: async () => void closed++ };
      },
    },
  };
}

/** A waitFor whose outcome the test reads without awaiting it. */
function watch(promise: Promise<void>) {
  const seen = { state: 'pending' as 'pending' | 'resolved' | 'rejected', error: undefined as unknown };
  promise.then(
    () => (seen.state = 'resolved'),
    (error: unknown) => ((seen.state = 'rejected'), (seen.error = error)),
  );
  return seen;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('LogFollower', () => {
  it('starts from the log head unless told where, and answers waitFor once the view has applied the batch', async () => {
    const { store, subscribed, closed } = fakeStore(at(5));
    const follower = new LogFollower(store, 'test view', () => undefined);
    let release!: () => void;
    const applied: number[] = [];
    await follower.start(async (events) => {
      await new Promise<void>((r) => (release = r));
      applied.push(...events.map((e) => Number(e.position.commit)));
    });
    expect(subscribed[0]!.from).toEqual(at(5));
    expect(subscribed[0]).not.toHaveProperty('batchSize'); // the store's own default
    expect(follower.following).toBe(true);
    await follower.waitFor(at(4)); // already behind the start

    const waiting = watch(follower.waitFor(at(7)));
    const batch = subscribed[0]!.onEvents([event(6), event(7)]);
    await settle();
    expect(waiting.state).toBe('pending'); // the view is still applying the batch
    release();
    await batch;
    await settle();
    expect(waiting.state).toBe('resolved');
    expect(applied).toEqual([6, 7]);
    expect(follower.position).toEqual(at(7));
    expect(follower.waiting).toBe(0);
    await follower.stop();
    expect(follower.following).toBe(false);
    expect(closed()).toBe(1);
  });

  it('passes its batch size to the subscription when given one', async () => {
    const { store, subscribed } = fakeStore(at(0));
    await new LogFollower(store, 'catalogue', () => undefined).start(() => undefined, at(0), 500);
    expect(subscribed[0]!.batchSize).toBe(500);
  });

  it('answers a wait for exactly where the view is at once, without a batch', async () => {
    const { store } = fakeStore(at(5));
    const follower = new LogFollower(store, 'catalogue', () => undefined);
    await follower.start(() => undefined);
    const waiting = watch(follower.waitFor(at(5)));
    await settle();
    expect(waiting.state).toBe('resolved');
    expect(follower.waiting).toBe(0);
  });

  it('answers each waiter when the view reaches its position, not before', async () => {
    const { store, subscribed } = fakeStore(at(5));
    const follower = new LogFollower(store, 'catalogue', () => undefined);
    await follower.start(() => undefined);
    const near = watch(follower.waitFor(at(7)));
    const far = watch(follower.waitFor(at(9)));

    await subscribed[0]!.onEvents([event(6), event(7)]);
    await settle();
    expect(near.state).toBe('resolved');
    expect(far.state).toBe('pending');
    expect(follower.waiting).toBe(1);

    await subscribed[0]!.onEvents([event(8), event(9)]);
    await settle();
    expect(far.state).toBe('resolved');
    expect(follower.waiting).toBe(0);
  });

  it('never moves the view back when the store hands over a batch it has already applied', async () => {
    const { store, subscribed } = fakeStore(at(5));
    const follower = new LogFollower(store, 'catalogue', () => undefined);
    await follower.start(() => undefined);
    await subscribed[0]!.onEvents([event(8)]);
    await subscribed[0]!.onEvents([event(6), event(7)]); // delivered again, e.g. after a reconnect
    expect(follower.position).toEqual(at(8));
    const waiting = watch(follower.waitFor(at(8)));
    await settle();
    expect(waiting.state).toBe('resolved');
  });

  it('starts from a given position and times out naming the view, letting go of that waiter only', async () => {
    vi.useFakeTimers();
    const { store, subscribed } = fakeStore(at(50));
    const follower = new LogFollower(store, 'catalogue', () => undefined);
    await follower.start(() => undefined, at(2));
    expect(subscribed[0]!.from).toEqual(at(2));

    const impatient = watch(follower.waitFor(at(3), 20));
    const patient = watch(follower.waitFor(at(3), 10_000));
    await vi.advanceTimersByTimeAsync(19);
    expect(impatient.state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(impatient.state).toBe('rejected');
    expect(impatient.error).toEqual(new Error('Timed out waiting for the catalogue'));
    expect(follower.waiting).toBe(1); // the timed-out wait holds nothing

    await subscribed[0]!.onEvents([event(3)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(patient.state).toBe('resolved');
    expect(follower.waiting).toBe(0);
    expect(vi.getTimerCount()).toBe(0); // the answered wait's timer is cleared
  });

  it('stops once: a second stop, or a stop before start, closes nothing twice and does not throw', async () => {
    const { store, closed } = fakeStore(at(0));
    const follower = new LogFollower(store, 'session registry', () => undefined);
    await follower.stop();
    await follower.start(() => undefined);
    await follower.stop();
    await follower.stop();
    expect(closed()).toBe(1);
  });
});
