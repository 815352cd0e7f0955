import type pg from 'pg';
import type { Snapshot, SnapshotStore } from '../core/snapshots.js';

/** Snapshots of long streams' decider state in `stream_snapshots` (migrations/044), for both event store adapters. */
export class PostgresSnapshotStore implements SnapshotStore {
  constructor(private readonly pool: pg.Pool) {}

  async load<State>(streamId: string, kind: string): Promise<Snapshot<State> | null> {
    const { rows } = await this.pool.query<{ version: number; state: State }>(
      'select version, state from stream_snapshots where stream_id = $1 and kind = $2',
      [streamId, kind],
    );
    return rows[0] ?? null;
  }

  async save<State>(streamId: string, kind: string, snapshot: Snapshot<State>): Promise<void> {
    await this.pool.query(
      `insert into stream_snapshots as s (stream_id, kind, version, state) values ($1, $2, $3, $4)
       on conflict (stream_id) do update set kind = excluded.kind, version = excluded.version, state = excluded.state, updated_at = now()
       where s.kind <> excluded.kind or s.version < excluded.version`,
      [streamId, kind, snapshot.version, JSON.stringify(snapshot.state)],
    );
  }
}
