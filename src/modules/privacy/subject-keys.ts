import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ConflictError } from '../../core/errors.js';
import { masterKeyId, open, seal } from './cipher.js';

/** Raised when personal data would be written for a shopper whose key was destroyed (nothing is written). */
export class SubjectErasedError extends ConflictError {
  constructor(readonly subject: string) {
    super('This account has been erased');
  }
}

/** How many unwrapped keys a store keeps in memory (least recently used dropped first). */
export const MAX_CACHED_KEYS = 10_000;

/** Notified (payload: the subject) in the transaction that destroys a key: every listening instance drops its copy. */
export const KEY_DESTROYED_CHANNEL = 'personal_data_key_destroyed';

/**
 * Data keys per subject (a customer id) in `personal_data_keys`, wrapped by the master key. Unwrapped keys are cached
 * in memory in a bounded LRU (`MAX_CACHED_KEYS`); `null` in the cache means destroyed. Another instance's erasure
 * reaches this cache at once through `listen` (a NOTIFY sent with the destruction), and through `forget` (the codec
 * calls it for every PersonalDataErased it reads). While a store that should listen has no listening connection (not
 * yet, or lost), it trusts no cached key and asks the table.
 */
export class SubjectKeyStore {
  private readonly cache = new Map<string, Buffer | null>();
  private readonly masterId: string;
  private listener: pg.Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  /** listen() was called and close() was not: cached keys count only while the listener is connected. */
  private following = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly master: Buffer,
    private readonly maxCached = MAX_CACHED_KEYS,
  ) {
    this.masterId = masterKeyId(master);
  }

  /** Number of keys held in memory (for tests of the bound). */
  get cachedKeys(): number {
    return this.cache.size;
  }

  private remember(subject: string, key: Buffer | null): void {
    this.cache.delete(subject);
    this.cache.set(subject, key);
    if (this.cache.size > this.maxCached) this.cache.delete(this.cache.keys().next().value!);
  }

  private unwrap(subject: string, wrapped: Buffer | null, wrappedBy: string | null): Buffer | null {
    if (!wrapped) return null;
    if (wrappedBy !== this.masterId)
      throw new Error(`The data key of ${subject} is wrapped by master key ${wrappedBy}, not by this DATA_KEY (${this.masterId}); see docs/personal-data.md`);
    return open(this.master, wrapped, `data-key:${subject}`);
  }

  /**
   * Follows other instances' key destructions (LISTEN on KEY_DESTROYED_CHANNEL, a connection of its own): an erasure
   * anywhere makes the data unreadable here without waiting for this instance to read PersonalDataErased.
   */
  async listen(): Promise<void> {
    this.following = true;
    await this.startListener();
  }

  private startListener(): Promise<void> {
    if (this.listener || !this.following) return Promise.resolve();
    this.listenerStarting ??= (async () => {
      const client = new pg.Client((this.pool as unknown as { options: pg.ClientConfig }).options);
      client.on('notification', (message) => {
        if (message.payload) this.forget(message.payload);
      });
      client.on('error', () => {
        // Destructions may be missed while it is down: nothing cached is trusted until a new listener is up.
        this.listener = null;
        this.listenerStarting = null;
        this.cache.clear();
        void client.end().catch(() => undefined);
      });
      await client.connect();
      await client.query(`listen ${KEY_DESTROYED_CHANNEL}`);
      if (!this.following) {
        await client.end();
        return;
      }
      this.cache.clear(); // anything cached before the listener was up may be stale
      this.listener = client;
    })().finally(() => {
      this.listenerStarting = null;
    });
    return this.listenerStarting;
  }

  /** Stops listening (the runtime's close). */
  async close(): Promise<void> {
    this.following = false;
    await this.listenerStarting?.catch(() => undefined);
    await this.listener?.end().catch(() => undefined);
    this.listener = null;
  }

  /** Keys of these subjects (null: destroyed; absent: never created). One query for those not cached. */
  async keysOf(subjects: Iterable<string>): Promise<Map<string, Buffer | null>> {
    const result = new Map<string, Buffer | null>();
    const missing = new Set<string>();
    // A store that follows destructions but lost its listener reconnects, and meanwhile reads every key from the table.
    const trustCache = !this.following || this.listener !== null;
    if (!trustCache) void this.startListener().catch(() => undefined);
    for (const s of subjects) {
      if (result.has(s)) continue;
      const cached = trustCache ? this.cache.get(s) : undefined;
      if (cached !== undefined) {
        result.set(s, cached);
        // Recently used: moved to the newest end once the cache is half full (below that nothing is dropped anyway).
        if (this.cache.size > this.maxCached / 2) this.remember(s, cached);
      } else missing.add(s);
    }
    if (missing.size > 0) {
      const { rows } = await this.pool.query<{ subject_id: string; wrapped_key: Buffer | null; master_key_id: string | null }>(
        'select subject_id, wrapped_key, master_key_id from personal_data_keys where subject_id = any($1::text[])',
        [[...missing]],
      );
      for (const row of rows) {
        const key = this.unwrap(row.subject_id, row.wrapped_key, row.master_key_id);
        this.remember(row.subject_id, key);
        result.set(row.subject_id, key);
      }
    }
    return result;
  }

  /**
   * keysForWriting answered synchronously from the cache (the append path: every key of a known shopper is cached), or
   * null when one of them is not cached, was destroyed, or the cache is not trusted now (listener down): then ask
   * keysForWriting, which reads the table and throws for a destroyed key.
   */
  cachedKeysForWriting(subjects: readonly string[]): Map<string, Buffer> | null {
    if (this.following && this.listener === null) return null;
    const keys = new Map<string, Buffer>();
    for (const s of subjects) {
      const cached = this.cache.get(s);
      if (!cached) return null;
      keys.set(s, cached);
    }
    // Recently used: moved to the newest end once the cache is half full, as keysOf does.
    if (this.cache.size > this.maxCached / 2) for (const [s, key] of keys) this.remember(s, key);
    return keys;
  }

  /**
   * The keys to write these subjects' data with: one look-up for all, the missing ones created in one insert.
   * Throws SubjectErasedError (nothing written) when one of them was destroyed.
   */
  async keysForWriting(subjects: Iterable<string>): Promise<Map<string, Buffer>> {
    const wanted = [...new Set(subjects)];
    let known = await this.keysOf(wanted);
    const missing = wanted.filter((s) => !known.has(s));
    if (missing.length > 0) {
      await this.pool.query(
        `insert into personal_data_keys (subject_id, wrapped_key, master_key_id)
         select s, k, $3 from unnest($1::text[], $2::bytea[]) as t(s, k) on conflict (subject_id) do nothing`,
        [missing, missing.map((s) => seal(this.master, randomBytes(32), `data-key:${s}`)), this.masterId],
      );
      for (const s of missing) this.cache.delete(s); // whoever won the insert, read the stored key
      known = new Map([...known, ...(await this.keysOf(missing))]);
    }
    const keys = new Map<string, Buffer>();
    for (const s of wanted) {
      const key = known.get(s);
      if (!key) throw new SubjectErasedError(s);
      keys.set(s, key);
    }
    return keys;
  }

  /** The subject's key, created on first use; throws SubjectErasedError once it was destroyed. */
  async keyFor(subject: string): Promise<Buffer> {
    return (await this.keysForWriting([subject])).get(subject)!;
  }

  /** Crypto-shredding: the wrapped key is overwritten with null. Answers false when it was already gone. */
  async destroy(subject: string, client: Pick<pg.Pool, 'query'> = this.pool): Promise<boolean> {
    const { rowCount } = await client.query(
      `insert into personal_data_keys (subject_id, wrapped_key, master_key_id, erased_at) values ($1, null, null, now())
       on conflict (subject_id) do update set wrapped_key = null, master_key_id = null, erased_at = now()
       where personal_data_keys.erased_at is null`,
      [subject],
    );
    // Delivered when the destruction commits (at once outside a transaction), to every instance's listener.
    await client.query('select pg_notify($1, $2)', [KEY_DESTROYED_CHANNEL, subject]);
    this.remember(subject, null);
    return (rowCount ?? 0) > 0;
  }

  /** Drops the cached key (another instance destroyed it). */
  forget(subject: string): void {
    this.cache.delete(subject);
  }
}

/**
 * Master key rotation: re-wraps every live data key from `from` to `to` in one transaction (the data keys, and so the
 * log's ciphertext, do not change). Answers how many keys were re-wrapped.
 */
export async function rewrapSubjectKeys(pool: pg.Pool, from: Buffer, to: Buffer): Promise<number> {
  const fromId = masterKeyId(from);
  const toId = masterKeyId(to);
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ subject_id: string; wrapped_key: Buffer; master_key_id: string }>(
      'select subject_id, wrapped_key, master_key_id from personal_data_keys where wrapped_key is not null for update',
    );
    let count = 0;
    for (const row of rows) {
      if (row.master_key_id === toId) continue;
      if (row.master_key_id !== fromId)
        throw new Error(`The data key of ${row.subject_id} is wrapped by ${row.master_key_id}, neither the old nor the new master key`);
      const key = open(from, row.wrapped_key, `data-key:${row.subject_id}`);
      await client.query('update personal_data_keys set wrapped_key = $2, master_key_id = $3 where subject_id = $1', [
        row.subject_id,
        seal(to, key, `data-key:${row.subject_id}`),
        toId,
      ]);
      count++;
    }
    await client.query('commit');
    return count;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
