import type pg from 'pg';

/** Advisory-lock key of the projection leader: one runner per database projects the read models. */
export const PROJECTION_LEADER_LOCK = 727_002;

/**
 * Holds (or tries to hold) the session advisory lock that makes a runner the projection leader. The lock lives on one
 * connection taken out of the pool for as long as it is held: if that connection dies (PostgreSQL restarted, network
 * cut), PostgreSQL frees the lock, another runner may take it, and `onLost` tells this one to stop projecting.
 */
export class LeaderLock {
  private client: pg.PoolClient | null = null;
  private lost = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly onLost: () => void,
  ) {}

  get held(): boolean {
    return this.client !== null && !this.lost;
  }

  /** Takes the lock if nobody holds it; false when another runner does (or the database cannot be reached). */
  async tryAcquire(): Promise<boolean> {
    if (this.held) return true;
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch {
      return false;
    }
    try {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [PROJECTION_LEADER_LOCK]);
      if (!rows[0]?.locked) {
        client.release();
        return false;
      }
    } catch (error) {
      client.release(error as Error);
      return false;
    }
    this.lost = false;
    this.client = client;
    const drop = () => this.markLost(client);
    client.on('error', drop);
    client.on('end', drop);
    return true;
  }

  /** Checks that the lock's connection is alive; a dead one means the lock is gone. */
  async verify(): Promise<boolean> {
    const client = this.client;
    if (!client || this.lost) return false;
    try {
      await client.query('select 1');
      return true;
    } catch {
      this.markLost(client);
      return false;
    }
  }

  /** Gives the lock up by closing its connection (PostgreSQL then frees it, even mid-query). */
  release(): void {
    const client = this.client;
    this.client = null;
    this.lost = false;
    if (client) client.release(true);
  }

  private markLost(client: pg.PoolClient): void {
    if (this.client !== client || this.lost) return;
    this.lost = true;
    this.client = null;
    try {
      client.release(true);
    } catch {
      // already released by the pool
    }
    this.onLost();
  }
}
