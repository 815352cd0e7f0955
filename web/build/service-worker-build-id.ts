import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The line of public/sw.js the build replaces (in development the worker runs as 'dev'). */
export const BUILD_ID_LINE = "const BUILD_ID = 'dev';";

/** The build id of a set of output files: their (content-hashed) names, so any changed asset changes it. */
export function buildIdOf(fileNames: string[]): string {
  return createHash('sha256')
    .update([...fileNames].sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/**
 * Writes the build id and the asset manifest into the service worker's source. A browser installs a new worker only
 * when sw.js changes byte for byte; with the id inside it, every deploy that changes an asset ships a new worker,
 * and the page's update prompt appears.
 */
export function stampServiceWorker(source: string, fileNames: string[]): string {
  if (!source.includes(BUILD_ID_LINE)) throw new Error(`sw.js has no "${BUILD_ID_LINE}" line to stamp`);
  const assets = [...fileNames]
    .filter((f) => f.startsWith('assets/'))
    .sort()
    .map((f) => `/${f}`);
  return source.replace(BUILD_ID_LINE, `const BUILD_ID = '${buildIdOf(fileNames)}';\nconst BUILD_ASSETS = ${JSON.stringify(assets)};`);
}

/** Vite plugin: after the client build is written, stamps dist/sw.js (the SSR build has no sw.js and is left alone). */
export function serviceWorkerBuildId(): Plugin {
  return {
    name: 'service-worker-build-id',
    apply: 'build',
    writeBundle(options, bundle) {
      const file = path.join(options.dir ?? 'dist', 'sw.js');
      if (!existsSync(file)) return;
      writeFileSync(file, stampServiceWorker(readFileSync(file, 'utf8'), Object.keys(bundle)));
    },
  };
}
