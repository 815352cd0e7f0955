import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { EventStore } from '../../core/event-store.js';
import type { Logger } from '../../core/logger.js';
import { takeAnchor, type Anchor } from './anchor.js';

/** 20261124-011500123: sorts by time as text. */
const stamp = (d: Date) => d.toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 18);

/** The webhook must be the operator's own HTTPS endpoint (plain http only to this machine, for local collectors). */
export function checkAnchorWebhook(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`ANCHOR_WEBHOOK_URL is not a URL: ${JSON.stringify(url)}`);
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && local)) throw new Error('ANCHOR_WEBHOOK_URL must be https (http only for localhost)');
  return parsed;
}

export interface AnchorSchedule {
  /** Takes one now (the timer and the shutdown do the same). */
  takeNow(reason: 'schedule' | 'shutdown'): Promise<Anchor | null>;
  /** Stops the timer and takes a last anchor, so the log's state at shutdown is on record. */
  stop(): Promise<void>;
}

/**
 * Writes an audit anchor (every stream's chain head and their digest) into `dir` every `everyMs` and on shutdown, and
 * POSTs it to the operator's webhook when one is set: a rewritten tail is then caught by
 * `npm run audit -- verify --anchor FILE` without anyone remembering to take one. Kept outside the database on purpose.
 */
export function startAnchorSchedule(options: {
  pool: pg.Pool;
  store: EventStore;
  dir: string;
  everyMs: number;
  webhookUrl?: string;
  log: Logger;
  fetchImpl?: typeof fetch;
}): AnchorSchedule {
  mkdirSync(options.dir, { recursive: true });
  const webhook = options.webhookUrl ? checkAnchorWebhook(options.webhookUrl) : null;
  const post = options.fetchImpl ?? fetch;
  let running: Promise<Anchor | null> | null = null;
  const takeNow = (reason: 'schedule' | 'shutdown') => {
    if (running) return running;
    running = (async () => {
      const anchor = await takeAnchor({ store: options.store });
      const file = path.join(options.dir, `anchor-${stamp(new Date(anchor.takenAt))}.json`);
      writeFileSync(file, `${JSON.stringify(anchor, null, 2)}\n`, { mode: 0o600 });
      if (webhook) {
        const response = await post(webhook, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(anchor),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`anchor webhook answered ${response.status}`);
      }
      options.log.info({ file, streams: anchor.streams, digest: anchor.digest, reason }, 'audit anchor written');
      return anchor;
    })()
      .catch((error: Error) => {
        options.log.error({ err: error, reason }, 'audit anchor failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void takeNow('schedule'), options.everyMs);
  timer.unref();
  return {
    takeNow,
    stop: async () => {
      clearInterval(timer);
      await running;
      await takeNow('shutdown');
    },
  };
}
