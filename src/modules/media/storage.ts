import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded and generated images go; answers the URL the apps use. */
export interface MediaStorage {
  readonly kind: 'local' | 'cloudinary';
  /** Stores by content (the same bytes get the same URL). */
  save(buffer: Buffer, ext: string): Promise<string>;
  /** Stores under a fixed name (generated demo images), overwriting. */
  saveAs(name: string, buffer: Buffer): Promise<string>;
}

export const MEDIA_URL_PREFIX = '/media/';
export const SAFE_MEDIA_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)?$/;

/** The default adapter: files under DATA_DIR/media, served by the API at /media/... with long cache headers. */
export function localDiskStorage(dataDir: string): MediaStorage & { root: string } {
  const root = path.resolve(dataDir, 'media');
  const write = async (name: string, buffer: Buffer) => {
    if (!SAFE_MEDIA_NAME.test(name) || name.includes('..')) throw new Error(`unsafe media name ${name}`);
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, buffer);
    return `${MEDIA_URL_PREFIX}${name}`;
  };
  return {
    kind: 'local',
    root,
    save: (buffer, ext) => write(`${createHash('sha256').update(buffer).digest('hex').slice(0, 32)}.${ext}`, buffer),
    saveAs: write,
  };
}
