import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ConflictError } from '../../core/errors.js';
import { masterKeyId, open, seal } from './cipher.js';

/** Raised when personal data would be written for a shopper whose key was destroyed (nothing is written). */
export class SubjectErasedError extends ConflictError {
  constructor(readonly subject: string) {
    super('This account has been erased');
  }
}

/**
 * Data keys per subject (a customer id) in `personal_data_keys`, wrapped by the master key. Unwrapped keys are cached
 * in memory; `null` in the cache means destroyed. Another instance's erasure reaches this cache through `forget`
 * (the codec calls it for every PersonalDataErased it reads).
 */
export class SubjectKeyStore {
  private readonly cache = new Map<string, Buffer | null>();
  private readonly masterId: string;

  constructor(
    private readonly pool: pg.Pool,
    private readonly master: Buffer,
  ) {
    this.masterId = masterKeyId(master);
  }

  private unwrap(subject: string, wrapped: Buffer | null, wrappedBy: string | null): Buffer | null {
    if (!wrapped) return null;
    if (wrappedBy !== this.masterId) throw new Error(`The data key of ${subject} is wrapped by master key ${wrappedBy}, not by this DATA_KEY (${this.masterId}); see README "Personal data"`);
    return open(this.master, wrapped, `data-key:${subject}`);
  }

  /** Keys of these subjects (null: destroyed; absent: never created). One query for those not cached. */
  async keysOf(subjects: Iterable<string>): Promise<Map<string, Buffer | null>> {
    const wanted = [...new Set(subjects)];
    const missing = wanted.filter((s) => !this.cache.has(s));
    if (missing.length > 0) {
      const { rows } = await this.pool.query<{ subject_id: string; wrapped_key: Buffer | null; master_key_id: string | null }>(
        'select subject_id, wrapped_key, master_key_id from personal_data_keys where subject_id = any($1::text[])',
        [missing],
      );
      for (const row of rows) this.cache.set(row.subject_id, this.unwrap(row.subject_id, row.wrapped_key, row.master_key_id));
    }
    const result = new Map<string, Buffer | null>();
    for (const s of wanted) if (this.cache.has(s)) result.set(s, this.cache.get(s)!);
    return result;
  }

  /** The subject's key, created on first use; throws SubjectErasedError once it was destroyed. */
  async keyFor(subject: string): Promise<Buffer> {
    const known = (await this.keysOf([subject])).get(subject);
    if (known === null) throw new SubjectErasedError(subject);
    if (known) return known;
    const key = randomBytes(32);
    await this.pool.query('insert into personal_data_keys (subject_id, wrapped_key, master_key_id) values ($1, $2, $3) on conflict (subject_id) do nothing', [
      subject,
      seal(this.master, key, `data-key:${subject}`),
      this.masterId,
    ]);
    this.cache.delete(subject); // whoever won the insert, read the stored key
    const stored = (await this.keysOf([subject])).get(subject);
    if (stored === null) throw new SubjectErasedError(subject);
    return stored!;
  }

  /** Crypto-shredding: the wrapped key is overwritten with null. Answers false when it was already gone. */
  async destroy(subject: string, client: Pick<pg.Pool, 'query'> = this.pool): Promise<boolean> {
    const { rowCount } = await client.query(
      `insert into personal_data_keys (subject_id, wrapped_key, master_key_id, erased_at) values ($1, null, null, now())
       on conflict (subject_id) do update set wrapped_key = null, master_key_id = null, erased_at = now()
       where personal_data_keys.erased_at is null`,
      [subject],
    );
    this.cache.set(subject, null);
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
      if (row.master_key_id !== fromId) throw new Error(`The data key of ${row.subject_id} is wrapped by ${row.master_key_id}, neither the old nor the new master key`);
      const key = open(from, row.wrapped_key, `data-key:${row.subject_id}`);
      await client.query('update personal_data_keys set wrapped_key = $2, master_key_id = $3 where subject_id = $1', [row.subject_id, seal(to, key, `data-key:${row.subject_id}`), toId]);
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
