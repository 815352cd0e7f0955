import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from './config/env.js';
import { connectToStore } from './db/connect-to-store.js';
import { backupSettings } from './modules/backup/settings.js';
import { writeBackup } from './operations/backup/write-backup.js';

const USAGE = `usage: npm run backup -- --to FILE [--with-secrets]
  writes one gzip file: the event log (one consistent snapshot), local images, settings and an audit anchor;
  --with-secrets also stores the JWT secret of DATA_DIR (keep such a file as safe as the secret itself)`;

/** npm run backup -- --to FILE: one consistent backup of a running or stopped store. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' }, 'with-secrets': { type: 'boolean', default: false } } });
  if (!values.to) {
    console.error(USAGE);
    process.exit(2);
  }
  const env = loadEnv();
  const db = await connectToStore(env);
  try {
    if (db.store.kind !== 'postgres') throw new Error('The backup reads the PostgreSQL log; with EventStoreDB back up its database with its own tools');
    const secretFile = path.resolve(env.DATA_DIR, 'jwt-secret');
    const jwtSecret = env.JWT_SECRET ?? (existsSync(secretFile) ? readFileSync(secretFile, 'utf8').trim() : undefined);
    const started = Date.now();
    const result = await writeBackup({
      pool: db.pool,
      mediaDir: env.CLOUDINARY_URL ? null : path.resolve(env.DATA_DIR, 'media'),
      settings: backupSettings(env),
      ...(values['with-secrets'] && jwtSecret ? { secrets: { jwtSecret } } : {}),
      file: path.resolve(values.to),
    });
    console.log(
      `backup written: ${result.file}\n  ${result.events} events in ${result.streams} streams, ${result.media} images\n` +
        `  ${result.bytes} bytes, sha256 ${result.fileSha256}\n  anchor digest ${result.anchorDigest}\n  took ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
