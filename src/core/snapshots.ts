import type { Decider } from './decider.js';
import type { EventStore, RecordedEvent } from './event-store.js';

/** A decider's state folded from a stream's events 0..version. */
export interface Snapshot<State> {
  version: number;
  state: State;
}

export interface SnapshotStore {
  load<State>(streamId: string, kind: string): Promise<Snapshot<State> | null>;
  /** Keeps the newest: a snapshot older than the stored one is dropped. */
  save<State>(streamId: string, kind: string, snapshot: Snapshot<State>): Promise<void>;
}

/** How many events past the last snapshot make a new one worth writing. */
export const SNAPSHOT_EVERY = 100;

/**
 * loadState for long streams: starts from the stream's snapshot (when the store keeps them) and folds only the
 * events after it; writes a fresh snapshot once SNAPSHOT_EVERY events have piled up past it. The result is exactly
 * the fold of the whole stream: the log is immutable, so a snapshot of events 0..v stays true.
 */
export async function loadSnapshotted<State, Event extends { type: string; data: unknown }>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'> & { foldMany?: (state: State, events: readonly Event[]) => State },
  kind: string,
): Promise<{ state: State; version: number }> {
  const foldFrom = (state: State, events: RecordedEvent[]) =>
    decider.foldMany ? decider.foldMany(state, events as unknown as Event[]) : events.reduce((s, e) => decider.evolve(s, e as unknown as Event), state);
  const snapshots = store.snapshots;
  const snapshot = snapshots ? await snapshots.load<State>(streamId, kind) : null;
  const from = snapshot ? snapshot.version + 1 : 0;
  const events = await store.readStream(streamId, from);
  if (events.length > 0 && events[0]!.streamVersion !== from) {
    // A gap between the snapshot and the log (it should not happen): trust the log alone.
    const all = await store.readStream(streamId);
    return { state: foldFrom(decider.initialState(), all), version: all.length - 1 };
  }
  const state = foldFrom(snapshot ? snapshot.state : decider.initialState(), events);
  const version = events.length > 0 ? events[events.length - 1]!.streamVersion : (snapshot?.version ?? -1);
  if (snapshots && events.length >= SNAPSHOT_EVERY) {
    await snapshots.save(streamId, kind, { version, state }).catch(() => undefined); // a cache: failing to write it changes nothing
  }
  return { state, version };
}
