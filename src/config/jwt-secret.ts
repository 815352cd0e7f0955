import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env.js';

/**
 * The server's secret: JWT_SECRET, else one generated at first start and kept in DATA_DIR/jwt-secret. Tokens are
 * signed with it, and the links mailed to customers are derived from it (src/modules/customers/account-links.ts).
 */
export function loadJwtSecret(env: Pick<Env, 'JWT_SECRET' | 'DATA_DIR'>): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  // Persisted so that tokens survive a restart of the embedded store; set JWT_SECRET when running several instances.
  const file = path.resolve(env.DATA_DIR, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('hex'), { mode: 0o600 });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
