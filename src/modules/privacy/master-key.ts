import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** 32 bytes from 64 hex characters or base64 of 32 bytes; anything else is refused. */
export function parseMasterKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('DATA_KEY must be 32 bytes: 64 hex characters or base64');
  return key;
}

/**
 * The master key that wraps every shopper's data key: DATA_KEY, else DATA_DIR/data-key (generated on first start,
 * mode 0600, like the JWT secret). Several instances must share it (set DATA_KEY on each).
 */
export function loadMasterKey(env: { DATA_KEY?: string; DATA_DIR: string }): Buffer {
  if (env.DATA_KEY) return parseMasterKey(env.DATA_KEY);
  const file = path.resolve(env.DATA_DIR, 'data-key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // another process wrote it first
    }
  }
  return parseMasterKey(readFileSync(file, 'utf8'));
}
