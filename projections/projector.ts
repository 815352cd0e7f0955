import type pg from 'pg';
import type { RecordedEvent } from '../src/core/event-store.js';

/**
 * A projector turns events into rows of its own read-model tables. It must be deterministic (time comes
 * from event metadata), so that a replay rebuilds exactly the same rows.
 */
export interface Projector {
  name: string;
  /** Event types it handles; others only advance its checkpoint. */
  handles: readonly string[];
  /** Tables it owns; a replay truncates them. */
  tables: readonly string[];
  apply(client: pg.PoolClient, event: RecordedEvent): Promise<void>;
  /**
   * Optional: applies several events (all of types it handles, in log order) with the same result as `apply` on each
   * in turn, e.g. set-based. The runner uses it when present.
   */
  applyMany?(client: pg.PoolClient, events: RecordedEvent[]): Promise<void>;
}

/**
 * A projector written once, as a set-based batch: one event is a batch of one, so the live path, a replay and a
 * single-event `apply` run the same code and cannot drift apart.
 */
export function batchProjector(
  projector: Omit<Projector, 'apply' | 'applyMany'> & { applyMany(client: pg.PoolClient, events: RecordedEvent[]): Promise<void> },
): Projector {
  const { applyMany } = projector;
  return { ...projector, applyMany, apply: (client, event) => applyMany(client, [event]) };
}
