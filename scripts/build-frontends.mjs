// Builds each SPA that exists (web/, admin-web/) with Vite; used by npm start's first run, npm test and CI.
// web/ also gets its server renderer (web/dist-ssr/entry-server.js, a Vite SSR build), which the API server loads to
// send the shopper pages with their content and data in the HTML.
// Then writes a .br and a .gz beside every text asset, which the server sends to browsers that accept them
// (@fastify/static preCompressed), so no CPU is spent compressing the same bundle on every request.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

function precompress(dist) {
  let count = 0;
  for (const file of files(dist)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const data = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    count++;
  }
  return count;
}

for (const app of ['web', 'admin-web']) {
  const config = `${app}/vite.config.ts`;
  if (!existsSync(config)) continue;
  // npm start builds only what is missing, so a fresh clone serves both SPAs after `npm ci && npm start`.
  const ssr = app === 'web' ? ['--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr'] : null;
  if (process.argv.includes('--if-missing') && existsSync(`${app}/dist/index.html`) && (!ssr || existsSync(`${app}/dist-ssr/entry-server.js`))) continue;
  console.log(`building ${app}/`);
  // Always React's production build: a spec that builds on demand runs under NODE_ENV=test, which made Vite emit
  // jsxDEV calls into dist-ssr ("jsxDEV is not a function" once served).
  const env = { ...process.env, NODE_ENV: 'production' };
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', config, '--logLevel', 'warn'], { stdio: 'inherit', env });
  if (ssr)
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', config, '--logLevel', 'warn', ...ssr], { stdio: 'inherit', env });
  const count = precompress(`${app}/dist`);
  console.log(`  ${count} assets pre-compressed (.br, .gz)`);
}
