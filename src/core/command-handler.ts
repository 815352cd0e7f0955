import { randomUUID } from 'node:crypto';
import { WrongExpectedVersionError } from './errors.js';
import type { AppendResult, EventMetadata, EventStore, NewEvent, RecordedEvent } from './event-store.js';
import { fold, type Decider } from './decider.js';
import { KeyedMutex } from './keyed-mutex.js';

export interface CommandContext {
  userId?: string | null;
  correlationId?: string;
  causationId?: string;
  /** Time comes in with the command: deciders never read the clock. */
  now?: Date;
}

export function metadataFor(context: CommandContext): EventMetadata {
  return {
    correlationId: context.correlationId ?? randomUUID(),
    ...(context.causationId ? { causationId: context.causationId } : {}),
    userId: context.userId ?? null,
    timestamp: (context.now ?? new Date()).toISOString(),
  };
}

/**
 * The in-process lock of one runtime, keyed by its event store: it only spares a runtime optimistic-concurrency
 * retries on its own hot streams. Correctness never rests on it: two runtimes (two processes, or two in one test
 * process) have two locks, and the store's expectedVersion decides between them.
 */
const locks = new WeakMap<EventStore, KeyedMutex>();

export function localLocks(store: EventStore): KeyedMutex {
  let lock = locks.get(store);
  if (!lock) locks.set(store, (lock = new KeyedMutex()));
  return lock;
}

/** A store wrapping `inner` (e.g. to route its appends) takes part in the same runtime's lock. */
export function shareLocalLocks(wrapper: EventStore, inner: EventStore): void {
  locks.set(wrapper, localLocks(inner));
}

/** Tests: runs this runtime without its in-process lock, so only the event store keeps concurrent commands apart. */
export function disableLocalLocks(store: EventStore): void {
  locks.set(store, KeyedMutex.passThrough());
}

const MAX_ATTEMPTS = 20;

/**
 * Loads the stream, folds it, decides and appends with optimistic concurrency; on a conflict it reloads and
 * decides again, so rules are always checked against the latest state.
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext = {},
): Promise<{ events: Event[]; state: State; result: AppendResult | null }> {
  return localLocks(store).run([streamId], async () => {
    for (let attempt = 1; ; attempt++) {
      const past = await store.readStream(streamId);
      const state = fold(decider, past as unknown as Event[]);
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, state, result: null };
      try {
        const result = await store.append(streamId, toNewEvents(events, context), {
          expectedVersion: past.length === 0 ? 'no_stream' : past.length - 1,
        });
        return { events, state: events.reduce(decider.evolve, state), result };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  });
}

export function toNewEvents(events: { type: string; data: unknown }[], context: CommandContext): NewEvent[] {
  const metadata = metadataFor(context);
  return events.map((e) => ({ type: e.type, data: e.data, metadata }));
}

/** Reads and folds a stream without deciding. */
export async function loadState<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
): Promise<{ state: State; version: number; events: RecordedEvent[] }> {
  const events = await store.readStream(streamId);
  return { state: fold(decider, events as unknown as Event[]), version: events.length - 1, events };
}

