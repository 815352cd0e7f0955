import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from '../../runtime.js';
import { writeBackup, type BackupResult } from './write-backup.js';
import type { BackupHeader } from '../../modules/backup/format.js';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '30m', '6h', '1d' → milliseconds; anything else (or under a minute outside tests) is refused at start. */
export function parseEvery(text: string): number {
  const match = /^(\d+)\s*([smhd])$/.exec(text.trim());
  if (!match) throw new Error(`BACKUP_EVERY must look like 30m, 6h or 1d (got ${JSON.stringify(text)})`);
  return Number(match[1]) * UNITS[match[2]!]!;
}

const FILE = /^store-\d{8}-\d{9}\.backup\.gz$/;
/** 20261124-001500123: sorts by time as text. */
const stamp = (d: Date) => d.toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 18);

export interface BackupSchedule {
  /** Resolves when a backup running now has finished. */
  stop(): Promise<void>;
  /** Takes one now (also what the timer does). */
  runOnce(): Promise<BackupResult | null>;
}

/**
 * Writes a backup into `dir` every `everyMs` and keeps the newest `keep` files (older ones are deleted only after a
 * new one is whole). A failed backup is logged at error and tried again at the next tick; the store keeps serving.
 */
export function startBackupSchedule(options: {
  pool: pg.Pool;
  dir: string;
  everyMs: number;
  keep: number;
  mediaDir: string | null;
  settings: BackupHeader['settings'];
  log: Logger;
}): BackupSchedule {
  mkdirSync(options.dir, { recursive: true });
  let running: Promise<BackupResult | null> | null = null;
  const runOnce = () => {
    if (running) return running;
    const file = path.join(options.dir, `store-${stamp(new Date())}.backup.gz`);
    running = writeBackup({ pool: options.pool, mediaDir: options.mediaDir, settings: options.settings, file })
      .then((result) => {
        options.log.info({ file: result.file, bytes: result.bytes, sha256: result.fileSha256, events: result.events }, 'backup written');
        const old = readdirSync(options.dir)
          .filter((f) => FILE.test(f))
          .sort()
          .reverse()
          .slice(options.keep);
        for (const f of old) rmSync(path.join(options.dir, f), { force: true });
        return result;
      })
      .catch((error: Error) => {
        options.log.error({ err: error }, 'scheduled backup failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), options.everyMs);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
