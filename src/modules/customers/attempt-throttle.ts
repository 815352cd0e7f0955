import type pg from 'pg';
import type { Limits } from '../../config/limits.js';
import { TooManyRequestsError } from '../../core/errors.js';
import { expiresAt, recordFailure, waitBeforeAttempt, type FailureRecord } from './attempt-policy.js';

/** An attempt counted as a failure until the route says it succeeded. */
export interface SignInAttempt {
  succeeded(): Promise<void>;
}

export interface AttemptThrottle {
  /**
   * Before checking a password (login, signup, password change): 429 while the account or the address is being slowed
   * down; otherwise the attempt is counted as a failure at once, so parallel guesses cannot slip past the count, and
   * `succeeded()` takes it back for the address and makes the address the owner's usual one.
   */
  begin(subject: { account: string; address: string }): Promise<SignInAttempt>;
}

interface Row {
  key: string;
  failures: number;
  window_started_at: Date;
  blocked_until: Date;
}

const toRecord = (row: Row): FailureRecord => ({
  failures: row.failures,
  windowStartedAt: row.window_started_at.getTime(),
  blockedUntil: row.blocked_until.getTime(),
});

/** How long an address where an account signed in stays its owner's usual address. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600 * 1000;

/**
 * The counters live in PostgreSQL (one small table), so every API instance on the database sees the same failures:
 * a guesser spread over instances behind a load balancer is slowed down exactly as on one.
 *
 * The owner's usual address (one the account signed in from in the last 30 days) is not held up by the account's
 * back-off, which strangers' guesses cause; it has a back-off of its own for that account. Its failures still count
 * toward the account's hourly cap, so guessing from there gains no budget beyond the cap.
 *
 * `scope` keeps another kind of attempt apart (e.g. `reset:` for reset links asked for): the same policies, its own
 * counters, so asking for mails never slows the owner's sign-in down.
 */
export function createAttemptThrottle(pool: pg.Pool, policies: Limits['authThrottle'], now: () => number, scope = ''): AttemptThrottle {
  return {
    async begin({ account, address }) {
      const email = account.trim().toLowerCase();
      const accountKey = `${scope}account:${email}`;
      const addressKey = `${scope}address:${address}`;
      const knownKey = `${scope}known:${email}|${address}`;
      const pairKey = `${scope}account-at:${email}|${address}`;
      const known = (await pool.query('select 1 from sign_in_throttle where key = $1 and expires_at > $2', [knownKey, new Date(now())])).rowCount! > 0;
      const subjects = [
        { key: accountKey, policy: policies.account, capOnly: known },
        { key: addressKey, policy: policies.address, capOnly: false },
        ...(known ? [{ key: pairKey, policy: policies.account, capOnly: false }] : []),
      ].sort((a, b) => a.key.localeCompare(b.key));
      const keys = subjects.map((s) => s.key);
      let at = 0;
      const client = await pool.connect();
      const recorded = new Map<string, { failures: number; previousBlockedUntil: Date }>();
      try {
        await client.query('begin');
        // Rows exist before they are locked, in key order: two attempts sharing a key queue instead of deadlocking.
        await client.query(
          `insert into sign_in_throttle (key, failures, window_started_at, blocked_until, expires_at)
           select k, 0, to_timestamp(0), to_timestamp(0), to_timestamp(0) from unnest($1::text[]) as k order by k
           on conflict (key) do nothing`,
          [keys],
        );
        const { rows } = await client.query<Row>(
          'select key, failures, window_started_at, blocked_until from sign_in_throttle where key = any($1) order by key for update',
          [keys],
        );
        // The clock is read once the rows are locked, so it never runs behind a failure recorded by another attempt.
        at = now();
        const byKey = new Map(rows.map((row) => [row.key, row]));
        const wait = Math.max(...subjects.map((s) => waitBeforeAttempt(toRecord(byKey.get(s.key)!), at, s.policy, { capOnly: s.capOnly })));
        if (wait > 0) {
          await client.query('commit');
          throw new TooManyRequestsError(Math.max(1, Math.ceil(wait / 1000)));
        }
        for (const { key, policy } of subjects) {
          const row = byKey.get(key)!;
          const next = recordFailure(toRecord(row), at, policy);
          await client.query('update sign_in_throttle set failures = $2, window_started_at = $3, blocked_until = $4, expires_at = $5 where key = $1', [
            key,
            next.failures,
            new Date(next.windowStartedAt),
            new Date(next.blockedUntil),
            new Date(expiresAt(next, policy)),
          ]);
          recorded.set(key, { failures: next.failures, previousBlockedUntil: row.blocked_until });
        }
        await client.query('commit');
      } catch (error) {
        if (!(error instanceof TooManyRequestsError)) await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      if (Math.random() < 0.01) await forgetExpired(pool, at);
      return {
        async succeeded() {
          // The owner's run of failures at this address ends. The account keeps its other failures until its window
          // ends (an owner signing in does not hand strangers a fresh set of free guesses); this attempt is taken back
          // from it and from the address, with its delay unless another failure has come since.
          await pool.query('delete from sign_in_throttle where key = $1', [pairKey]);
          for (const key of [accountKey, addressKey]) {
            const mine = recorded.get(key)!;
            await pool.query(
              `update sign_in_throttle set failures = greatest(failures - 1, 0),
                 blocked_until = case when failures = $2 then $3 else blocked_until end
               where key = $1`,
              [key, mine.failures, mine.previousBlockedUntil],
            );
          }
          // From now on this address is the owner's usual one.
          await pool.query(
            `insert into sign_in_throttle (key, failures, window_started_at, blocked_until, expires_at)
             values ($1, 0, to_timestamp(0), to_timestamp(0), $2)
             on conflict (key) do update set expires_at = excluded.expires_at`,
            [knownKey, new Date(at + KNOWN_ADDRESS_MS)],
          );
        },
      };
    },
  };
}

async function forgetExpired(pool: pg.Pool, at: number): Promise<void> {
  await pool.query('delete from sign_in_throttle where expires_at < $1', [new Date(at)]);
}
