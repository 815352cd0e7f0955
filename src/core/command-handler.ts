import { randomUUID } from 'node:crypto';
import type { AppendResult, EventMetadata, EventStore, NewEvent, RecordedEvent, StreamWrite } from './event-store.js';
import { fold, type Decider } from './decider.js';
import { KeyedMutex } from './keyed-mutex.js';
import { retryOnConflict } from './retry-policy.js';

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

/** Tests: runs this runtime without its in-process lock, so only the event store keeps concurrent commands apart. */
export function disableLocalLocks(store: EventStore): void {
  locks.set(store, KeyedMutex.passThrough());
}

/** What one attempt of a command decided: the writes to append (one appendMany) and what the caller answers. */
export interface Decision<R> {
  writes: StreamWrite[];
  result: R;
}

/**
 * The command pipeline every command goes through: under the runtime's in-process lock of `streams`, it loads and
 * decides (`decide`, given the attempt number), appends every write of the decision in ONE appendMany, and on a
 * concurrency conflict decides again from the new state, under the one retry policy (core/retry-policy.ts). A decision
 * with nothing to write appends nothing.
 */
export function runCommand<R>(
  store: EventStore,
  streams: string[],
  decide: (attempt: number) => Promise<Decision<R>> | Decision<R>,
  options: {
    retriable?: (error: unknown) => boolean;
    /** Where the decision's writes go, when not straight to `store.appendMany` (PlaceOrder: the order-number group commit). */
    append?: (writes: StreamWrite[]) => Promise<AppendResult>;
  } = {},
): Promise<{ result: R; appended: AppendResult | null }> {
  const append = options.append ?? ((writes: StreamWrite[]) => store.appendMany(writes));
  return localLocks(store).run(streams, () =>
    retryOnConflict(async (attempt) => {
      const { writes, result } = await decide(attempt);
      const nonEmpty = writes.filter((w) => w.events.length > 0);
      if (nonEmpty.length === 0) return { result, appended: null };
      return { result, appended: await append(nonEmpty) };
    }, options),
  );
}

/** One stream's decision: folds the stream, decides the command, and the write expecting the version it was decided at. */
export async function decideStream<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext,
): Promise<{ events: Event[]; before: State; after: State; write: StreamWrite }> {
  const { state, version } = await loadState(store, streamId, decider);
  const events = decider.decide(command, state);
  return { events, before: state, after: events.reduce(decider.evolve, state), write: streamWrite(streamId, version, events, context) };
}

/** Decided events as a write expecting the stream version they were decided at (-1: the stream must not exist). */
export function streamWrite(streamId: string, version: number, events: { type: string; data: unknown }[], context: CommandContext): StreamWrite {
  return { streamId, events: toNewEvents(events, context), expectedVersion: version < 0 ? 'no_stream' : version };
}

/** One decider and one command on one stream, through the command pipeline. */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  command: Command,
  context: CommandContext = {},
): Promise<{ events: Event[]; state: State; result: AppendResult | null }> {
  const { result, appended } = await runCommand(store, [streamId], async () => {
    const decided = await decideStream(store, streamId, decider, command, context);
    return { writes: [decided.write], result: decided };
  });
  return { events: result.events, state: result.events.length === 0 ? result.before : result.after, result: appended };
}

/** The events of one write, all with the same metadata object (given when several writes of a command share one). */
export function toNewEvents(events: { type: string; data: unknown }[], context: CommandContext, metadata: EventMetadata = metadataFor(context)): NewEvent[] {
  // A loop, not map: no closure per call (under tsx each one is also named by a call; a bulk import makes 100,000).
  const out: NewEvent[] = [];
  for (const e of events) out.push({ type: e.type, data: e.data, metadata });
  return out;
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
