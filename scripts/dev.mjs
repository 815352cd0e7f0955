// npm run dev: the API with restart on change (tsx watch, port 3000) plus Vite dev servers with hot reload for the
// storefront (http://localhost:5173) and the admin (http://localhost:5174/admin/), both proxying /api and /media.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const children = [];
const run = (name, args) => {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: process.env });
  child.on('exit', (code) => console.log(`[dev] ${name} exited with ${code}`));
  children.push(child);
};

run('api', ['node_modules/tsx/dist/cli.mjs', 'watch', 'src/server.ts']);
for (const app of ['web', 'admin-web']) {
  if (existsSync(`${app}/vite.config.ts`)) run(app, ['node_modules/vite/bin/vite.js', '--config', `${app}/vite.config.ts`]);
}
const stop = () => {
  for (const child of children) child.kill('SIGINT');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
