import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent, SubscribeOptions } from './event-store.js';
import { LogFollower } from './log-follower.js';

const at = (n: number): GlobalPosition => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number) => ({ position: at(n) }) as RecordedEvent;

function fakeStore(head: GlobalPosition) {
  const subscribed: SubscribeOptions[] = [];
  return {
    subscribed,
    store: {
      headPosition: async () => head,
      subscribe: (options: SubscribeOptions) => {
        subscribed.push(options);
        return { close: async () => undefined };
      },
    },
  };
}

describe('LogFollower', () => {
  it('starts from the log head unless told where, and answers waitFor once the view has applied the batch', async () => {
    const { store, subscribed } = fakeStore(at(5));
    const follower = new LogFollower(store, 'test view', () => undefined);
    let release!: () => void;
    const applied: number[] = [];
    await follower.start(async (events) => {
      await new Promise<void>((r) => (release = r));
      applied.push(...events.map((e) => Number(e.position.commit)));
    });
    expect(subscribed[0]!.from).toEqual(at(5));
    expect(follower.following).toBe(true);
    await follower.waitFor(at(4)); // already behind the start

    let reached = false;
    const waiting = follower.waitFor(at(7)).then(() => (reached = true));
    const batch = subscribed[0]!.onEvents([event(6), event(7)]);
    await new Promise((r) => setTimeout(r, 10));
    expect(reached).toBe(false); // the view is still applying the batch
    release();
    await batch;
    await waiting;
    expect(applied).toEqual([6, 7]);
    expect(follower.position).toEqual(at(7));
    await follower.stop();
    expect(follower.following).toBe(false);
  });

  it('starts from a given position and times out naming the view', async () => {
    const { store, subscribed } = fakeStore(at(50));
    const follower = new LogFollower(store, 'catalogue', () => undefined);
    await follower.start(() => undefined, at(2));
    expect(subscribed[0]!.from).toEqual(at(2));
    await expect(follower.waitFor(at(3), 20)).rejects.toThrow('Timed out waiting for the catalogue');
  });
});
