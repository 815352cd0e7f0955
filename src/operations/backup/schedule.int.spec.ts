import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../tests/helpers/test-runtime.js';
import { checkBackup } from '../../modules/backup/read-backup.js';
import { parseEvery, startBackupSchedule } from './schedule.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await signUp(ctx.app);
});
afterAll(async () => ctx?.close());

describe('scheduled backups', () => {
  it('reads BACKUP_EVERY as 30m / 6h / 1d and refuses anything else', () => {
    expect(parseEvery('30m')).toBe(30 * 60_000);
    expect(parseEvery('6h')).toBe(6 * 3_600_000);
    expect(parseEvery('1d')).toBe(86_400_000);
    for (const bad of ['', '6', 'h', '1w', '-1h', '1.5h']) expect(() => parseEvery(bad), bad).toThrow(/BACKUP_EVERY/);
  });

  it('writes a whole backup at each tick and keeps only the newest BACKUP_KEEP', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-backups-'));
    const errors: unknown[] = [];
    const schedule = startBackupSchedule({
      pool: ctx.runtime.pool,
      dir,
      everyMs: 60_000,
      keep: 2,
      mediaDir: null,
      settings: {},
      log: { info: () => undefined, warn: () => undefined, error: (e) => errors.push(e) },
    });
    try {
      for (let i = 0; i < 4; i += 1) {
        expect(await schedule.runOnce()).not.toBeNull();
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      await schedule.stop();
    }
    const files = readdirSync(dir).sort();
    expect(errors).toEqual([]);
    expect(files).toHaveLength(2);
    for (const f of files) expect((await checkBackup(path.join(dir, f))).trailer.events).toBeGreaterThan(0);
  });
});
