import type pg from 'pg';
import { z } from 'zod';
import { registerEvents } from '../../core/event-registry.js';

registerEvents({ AuditProbe: z.object({}).passthrough() });

/**
 * Test and bench fixture: `count` AuditProbe events written straight into the log in chunks (the hash-chain trigger
 * still hashes every one), `perStream` per stream, recorded one millisecond apart from `startAt` so that time
 * windows can cut them. Returns the window [from, to) that holds exactly them.
 */
export async function seedProbeEvents(pool: pg.Pool, options: { count: number; perStream?: number; startAt?: Date; chunk?: number }) {
  const perStream = options.perStream ?? 100;
  const startAt = options.startAt ?? new Date(Date.now() - options.count - 60_000);
  const chunk = options.chunk ?? 20_000;
  const prefix = `probe-${startAt.getTime().toString(36)}`;
  for (let first = 0; first < options.count; first += chunk) {
    const last = Math.min(options.count, first + chunk) - 1;
    await pool.query(
      `insert into events (stream_id, stream_version, event_id, type, data, metadata, created_at)
       select $1 || '-' || (g / $2), g % $2, gen_random_uuid(), 'AuditProbe',
              jsonb_build_object('n', g, 'note', 'probe event ' || g || ' ₹'),
              jsonb_build_object('correlationId', 'seed', 'timestamp', to_char($3::timestamptz + g * interval '1 millisecond', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
              $3::timestamptz + g * interval '1 millisecond'
         from generate_series($4::int, $5::int) g
        order by g`,
      [prefix, perStream, startAt.toISOString(), first, last],
    );
  }
  return { from: startAt, to: new Date(startAt.getTime() + options.count), prefix };
}
