import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder the store runs from (the repository, or /app in the image): the nearest one above this file that holds
 * package.json. The same code runs as TypeScript from src/ (tsx) and compiled from dist/src/ (`npm run build`), so
 * migrations/, seed/ and the built SPAs are found from here rather than by counting `..` from a source file.
 */
function findAppRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const APP_ROOT = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));
