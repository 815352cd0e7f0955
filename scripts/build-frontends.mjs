// Builds each SPA that exists (web/, admin-web/) with Vite; used by npm start's first run, npm test and CI.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

for (const app of ['web', 'admin-web']) {
  const config = `${app}/vite.config.ts`;
  if (!existsSync(config)) continue;
  // npm start builds only what is missing, so a fresh clone serves both SPAs after `npm ci && npm start`.
  if (process.argv.includes('--if-missing') && existsSync(`${app}/dist/index.html`)) continue;
  console.log(`building ${app}/`);
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', config, '--logLevel', 'warn'], { stdio: 'inherit' });
}
