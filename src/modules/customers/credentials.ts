import type pg from 'pg';

/**
 * The customers module's credential store: one scrypt hash per customer in `customer_credentials`, outside the event
 * log (events say that a password was set or changed, never the hash).
 */
export class CredentialStore {
  constructor(private readonly pool: pg.Pool) {}

  async passwordHash(customerId: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ password_hash: string }>('select password_hash from customer_credentials where customer_id = $1', [customerId]);
    return rows[0]?.password_hash ?? null;
  }

  /** Sets the hash and answers the one it replaced (null for a new customer), so a failed command can put it back. */
  async setPasswordHash(customerId: string, hash: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ previous: string | null }>(
      `with previous as (select password_hash from customer_credentials where customer_id = $1)
       insert into customer_credentials (customer_id, password_hash, updated_at) values ($1, $2, now())
       on conflict (customer_id) do update set password_hash = excluded.password_hash, updated_at = now()
       returning (select password_hash from previous) as previous`,
      [customerId, hash],
    );
    return rows[0]?.previous ?? null;
  }

  /** Puts `previous` back only while the hash is still `mine`: a concurrent change that won is never undone. */
  async restoreIfUnchanged(customerId: string, mine: string, previous: string | null): Promise<void> {
    if (previous === null) await this.pool.query('delete from customer_credentials where customer_id = $1 and password_hash = $2', [customerId, mine]);
    else
      await this.pool.query('update customer_credentials set password_hash = $3, updated_at = now() where customer_id = $1 and password_hash = $2', [
        customerId,
        mine,
        previous,
      ]);
  }

  async restore(customerId: string, previous: string | null): Promise<void> {
    if (previous === null) await this.pool.query('delete from customer_credentials where customer_id = $1', [customerId]);
    else await this.pool.query('update customer_credentials set password_hash = $2, updated_at = now() where customer_id = $1', [customerId, previous]);
  }
}
