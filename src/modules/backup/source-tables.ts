/**
 * Every table of the database is one of these, declared here in one place (src/modules/backup/tables.int.spec.ts
 * fails on a table that is in none, so a new migration's table is classified before it ships):
 *  - the event log itself (`events`), backed up event by event;
 *  - SOURCE_OF_TRUTH_TABLES: facts that are not in the log (kept out of it on purpose, e.g. password hashes), backed
 *    up row by row and restored as they were;
 *  - a projector's read model (`Projector.tables`): rebuilt by replay, never backed up;
 *  - NOT_BACKED_UP: bookkeeping, caches and short-lived operational state, which a restored store starts without.
 */
export const SOURCE_OF_TRUTH_TABLES = [
  /** scrypt hash of each customer's current password (migrations/046): without it nobody could sign in. */
  'customer_credentials',
  /**
   * Each shopper's data key, wrapped by the master key (migrations/060): without them the log's personal
   * fields could not be read. The master key is never in a backup: restore with the same DATA_KEY.
   */
  'personal_data_keys',
  /**
   * Tax invoices kept 72 months after their buyer's personal data was erased (migrations/060): the log can no
   * longer name the buyer, so this copy exists nowhere else.
   */
  'retained_invoices',
  /** Every store, read and purge of a retained invoice: the access log the law asks for must survive a restore too. */
  'retention_access_log',
] as const;

export const NOT_BACKED_UP = {
  schema_migrations: 'written by the migrations of the restoring store; the backup header lists the source’s',
  projection_checkpoints: 'reset by the replay that rebuilds the read models',
  stream_snapshots: 'a cache folded from the log (migrations/044); rebuilt on demand',
  sign_in_throttle: 'failed sign-ins in the current window: a restored store forgives them',
  live_tickets: 'single-use websocket tickets valid ~30 s',
  message_outbox:
    'messages to shoppers: they hold personal data in clear, so no backup carries them; a restored store queues again from the log and records as skipped what is more than a day old (docs/messages.md)',
  message_erased_customers: 'refilled from the log’s erasure events when the outbox queues again',
} as const;
