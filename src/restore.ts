import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadEnv } from './config/env.js';
import { BackupRefused } from './modules/backup/format.js';
import { readHeader } from './modules/backup/read-backup.js';
import { restoreBackup } from './modules/backup/restore-backup.js';
import { createRuntime } from './runtime.js';

/**
 * npm run restore -- FILE: into an empty data folder (embedded) or an empty DATABASE_URL database. Checks the file,
 * loads the log, verifies every chain and the anchor, rebuilds every read model, and reports counts (one pass over the
 * file: restoreBackup checks it as it loads, in a transaction that a refusal rolls back).
 */
async function main(): Promise<void> {
  const file = process.argv.slice(2).find((a) => a !== '--');
  if (!file) {
    console.error('usage: npm run restore -- FILE');
    process.exit(2);
  }
  const started = Date.now();
  const header = await readHeader(path.resolve(file));
  const env = { ...loadEnv(), SEED_DEMO: false, RUN_PROJECTORS: false };
  const secretFile = path.resolve(env.DATA_DIR, 'jwt-secret');
  if (header.secrets?.jwtSecret && !env.JWT_SECRET && !existsSync(secretFile)) {
    mkdirSync(path.dirname(secretFile), { recursive: true });
    writeFileSync(secretFile, header.secrets.jwtSecret, { mode: 0o600 });
  }
  const runtime = await createRuntime({ env, log: pino({ level: 'warn' }), startModules: false, projections: { lead: false } });
  try {
    const report = await restoreBackup({
      pool: runtime.pool,
      store: runtime.store,
      readModels: runtime.projections,
      file: path.resolve(file),
      mediaDir: path.resolve(env.DATA_DIR, 'media'),
    });
    console.log(`restored the backup taken ${header.takenAt}`);
    console.log(`  ${report.events} events in ${report.streams} streams: every hash and the anchor check out`);
    console.log(`  ${report.rows} rows of tables kept outside the log (credentials), ${report.media} images`);
    for (const r of report.readModels) console.log(`  read model ${r.name}: rebuilt from ${r.events} events`);
    console.log(`  took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await runtime.close();
  }
}

main().catch((error) => {
  console.error(error instanceof BackupRefused ? `refused: ${error.message}` : error instanceof Error ? error.message : error);
  process.exit(1);
});
