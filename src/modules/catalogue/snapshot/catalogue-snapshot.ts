import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { GlobalPosition } from '../../../core/event-store.js';
import type { Logger } from '../../../core/logger.js';
import { readSnapshot, SnapshotCorrupt, writeSnapshot, type DecodedSection, type SectionValue } from './snapshot-format.js';

/** Bumped whenever what the table or the index capture changes shape: an older file is then ignored. */
export const SNAPSHOT_FORMAT = 1;

interface SnapshotMeta {
  format: number;
  /** The log position the snapshot covers: every event up to it is in, none after it. */
  position: { commit: string; prepare: string };
  /** The id of the event at `position` and a digest of the applied migrations: the database the snapshot belongs to. */
  eventId: string;
  migrations: string;
  products: number;
  takenAt: string;
}

export interface LoadedSnapshot {
  position: GlobalPosition;
  sections: Map<string, DecodedSection>;
  bytes: number;
  products: number;
}

/**
 * A copy of the in-memory catalogue (product table and search index) in one file, with the log position it covers,
 * so a restart reads one file and follows the log from there instead of reading and indexing every row of the read
 * model. A cache derived from the log: it is used only when its format is this code's, its checksum holds, and the
 * event at its position is the one it names in this database with the same migrations applied; otherwise (and when
 * it is missing) the catalogue loads from the read model, as before. Deleting the file is always safe.
 */
export class CatalogueSnapshotFile {
  constructor(
    readonly file: string,
    private readonly pool: pg.Pool,
    private readonly log: Logger,
  ) {}

  private async identity(position: GlobalPosition): Promise<{ eventId: string | null; migrations: string }> {
    const { rows } = await this.pool.query<{ event_id: string | null; migrations: string }>(
      `select (select event_id::text from events where global_position = $1::bigint and transaction_id = $2::text::xid8) as event_id,
              (select md5(coalesce(string_agg(name, ',' order by name), '')) from schema_migrations) as migrations`,
      [position.prepare.toString(), position.commit.toString()],
    );
    return { eventId: rows[0]?.event_id ?? null, migrations: rows[0]?.migrations ?? '' };
  }

  /** The snapshot, or null (with a warning unless the file is simply absent) when it cannot be used. */
  async load(): Promise<LoadedSnapshot | null> {
    await this.removeAbandoned();
    try {
      await stat(this.file);
    } catch {
      return null;
    }
    try {
      const { meta, sections, bytes } = await readSnapshot(this.file);
      const m = meta as SnapshotMeta;
      if (m?.format !== SNAPSHOT_FORMAT) {
        this.log.warn({ file: this.file, format: m?.format, expected: SNAPSHOT_FORMAT }, 'catalogue snapshot ignored: another format');
        return null;
      }
      const position = { commit: BigInt(m.position.commit), prepare: BigInt(m.position.prepare) };
      const identity = await this.identity(position);
      if (identity.eventId !== m.eventId || identity.migrations !== m.migrations) {
        this.log.warn({ file: this.file }, 'catalogue snapshot ignored: taken from another database, log or schema');
        return null;
      }
      return { position, sections, bytes, products: m.products };
    } catch (error) {
      const reason = error instanceof SnapshotCorrupt ? error.message : String(error);
      this.log.warn({ file: this.file, reason }, 'catalogue snapshot ignored: unreadable');
      return null;
    }
  }

  /** Temporary files of writes that never finished (the process was killed while writing), after 10 minutes. */
  private async removeAbandoned(): Promise<void> {
    const dir = path.dirname(this.file);
    const prefix = `${path.basename(this.file)}.tmp-`;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.startsWith(prefix))) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > 10 * 60_000) await rm(file, { force: true });
    }
  }

  /** Writes a snapshot covering `position`; never throws (a failed snapshot only makes the next start slower). */
  async save(position: GlobalPosition, products: number, sections: Record<string, SectionValue>): Promise<boolean> {
    try {
      const identity = await this.identity(position);
      if (identity.eventId === null) return false;
      const meta: SnapshotMeta = {
        format: SNAPSHOT_FORMAT,
        position: { commit: position.commit.toString(), prepare: position.prepare.toString() },
        eventId: identity.eventId,
        migrations: identity.migrations,
        products,
        takenAt: new Date().toISOString(),
      };
      await mkdir(path.dirname(this.file), { recursive: true });
      const started = performance.now();
      const { bytes } = await writeSnapshot(this.file, meta, sections);
      this.log.info({ file: this.file, products, bytes, ms: Math.round(performance.now() - started) }, 'catalogue snapshot written');
      return true;
    } catch (error) {
      this.log.warn({ err: error, file: this.file }, 'catalogue snapshot not written');
      return false;
    }
  }
}
