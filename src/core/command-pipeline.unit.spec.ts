import { describe, expect, it } from 'vitest';
import { handleCommand, runCommand } from './command-handler.js';
import { ConflictError, WrongExpectedVersionError } from './errors.js';
import type { EventStore, RecordedEvent, StreamWrite } from './event-store.js';
import { COMMAND_RETRY, retryDelay } from './retry-policy.js';

/** A store of one counter stream whose appendMany loses the race `conflicts` times (another writer got in first). */
function racingStore(conflicts: number) {
  const stream: RecordedEvent[] = [];
  const appends: StreamWrite[][] = [];
  let lost = 0;
  const store = {
    readStream: async (streamId: string) => stream.filter((e) => e.streamId === streamId),
    appendMany: async (writes: StreamWrite[]) => {
      appends.push(writes);
      if (lost < conflicts) {
        lost++;
        // The other writer's event lands, so the next attempt must decide from a newer state.
        stream.push({ streamId: 'counter', streamVersion: stream.length, type: 'Incremented', data: { by: 100 } } as RecordedEvent);
        throw new WrongExpectedVersionError('counter', writes[0]!.expectedVersion, stream.length - 1);
      }
      for (const w of writes)
        for (const e of w.events) stream.push({ streamId: w.streamId, streamVersion: stream.length, type: e.type, data: e.data } as RecordedEvent);
      return { nextExpectedVersion: stream.length - 1, position: { commit: 1n, prepare: BigInt(stream.length) } };
    },
  };
  return { store: store as unknown as EventStore, stream, appends };
}

type Event = { type: 'Incremented'; data: { by: number } };
const counter = {
  initialState: () => 0,
  evolve: (total: number, e: Event) => total + e.data.by,
  decide: (command: { by: number; max: number }, total: number): Event[] => {
    if (total + command.by > command.max) throw new ConflictError('over the limit');
    return command.by === 0 ? [] : [{ type: 'Incremented', data: { by: command.by } }];
  },
};

describe('the command pipeline', () => {
  it('decides again from the newer state after each conflict and appends once, expecting the version it read', async () => {
    const { store, stream, appends } = racingStore(3);
    const { events, state, result } = await handleCommand(store, 'counter', counter, { by: 1, max: 1000 });
    expect(events).toEqual([{ type: 'Incremented', data: { by: 1 } }]);
    expect(state).toBe(301);
    expect(result).not.toBeNull();
    expect(appends.map((w) => w[0]!.expectedVersion)).toEqual(['no_stream', 0, 1, 2]);
    expect(stream).toHaveLength(4);
  });

  it("stops after the policy's attempts and throws the conflict; rules re-checked on the new state refuse", async () => {
    const { store, appends } = racingStore(1000);
    await expect(handleCommand(store, 'counter', counter, { by: 1, max: 1_000_000 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(appends).toHaveLength(COMMAND_RETRY.attempts);
    const refused = racingStore(2);
    await expect(handleCommand(refused.store, 'counter', counter, { by: 1, max: 150 })).rejects.toThrow('over the limit');
    expect(refused.appends).toHaveLength(2);
  });

  it('appends nothing for a decision without events, and several streams in one appendMany', async () => {
    const { store, appends } = racingStore(0);
    expect((await handleCommand(store, 'counter', counter, { by: 0, max: 1 })).result).toBeNull();
    expect(appends).toHaveLength(0);
    const many = await runCommand(store, ['a', 'b'], () => ({
      writes: [
        { streamId: 'a', events: [{ type: 'Incremented', data: { by: 1 }, metadata: { correlationId: 'c', timestamp: 't' } }], expectedVersion: 'no_stream' },
        { streamId: 'b', events: [], expectedVersion: 'no_stream' },
        { streamId: 'c', events: [{ type: 'Incremented', data: { by: 2 }, metadata: { correlationId: 'c', timestamp: 't' } }], expectedVersion: 'no_stream' },
      ],
      result: 'done',
    }));
    expect(many.result).toBe('done');
    expect(appends).toHaveLength(1);
    expect(appends[0]!.map((w) => w.streamId)).toEqual(['a', 'c']);
  });

  it('waits a jittered, bounded time before each retry', () => {
    expect(retryDelay(COMMAND_RETRY, 1, () => 1)).toBe(COMMAND_RETRY.baseDelayMs);
    expect(retryDelay(COMMAND_RETRY, 3, () => 0.5)).toBe(COMMAND_RETRY.baseDelayMs * 2);
    expect(retryDelay(COMMAND_RETRY, 40, () => 0.999)).toBeLessThanOrEqual(COMMAND_RETRY.maxDelayMs);
    expect(retryDelay(COMMAND_RETRY, 40, () => 0)).toBe(0);
  });
});
