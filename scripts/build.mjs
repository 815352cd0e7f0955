// The production build: the server compiled to JavaScript in dist/ (tsc -p tsconfig.build.json, incremental, so a
// rebuild compiles only what changed), the files it loads beside its modules (the privacy worker's .mjs), then both
// SPAs (scripts/build-frontends.mjs). `node dist/src/server.js` then runs with plain node and production dependencies.
//   node scripts/build.mjs            everything; fails on a type error (npm run build)
//   node scripts/build.mjs --start    what `npm start` needs: the server always (a type error is reported, the
//                                     emitted JavaScript still runs, as tsx ran it), the SPAs only when missing
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const forStart = process.argv.includes('--start');
const require = (await import('node:module')).createRequire(import.meta.url);

const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
const server = path.join(root, 'dist/src/server.js');
if (tsc.status !== 0) {
  if (!forStart || !existsSync(server)) process.exit(tsc.status ?? 1);
  console.warn('build: the server has type errors (above); starting the JavaScript emitted anyway');
}

/** Plain JavaScript modules the server loads by URL (worker threads): copied beside their compiled neighbours. */
function copyModules(dir) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) copyModules(rel);
    else if (entry.name.endsWith('.mjs')) {
      mkdirSync(path.join(root, 'dist', dir), { recursive: true });
      copyFileSync(path.join(root, rel), path.join(root, 'dist', rel));
    }
  }
}
copyModules('src');
copyModules('projections');

execFileSync(process.execPath, [path.join(root, 'scripts/build-frontends.mjs'), ...(forStart ? ['--if-missing'] : [])], { cwd: root, stdio: 'inherit' });
