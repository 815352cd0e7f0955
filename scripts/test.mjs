#!/usr/bin/env node
/**
 * `npm test`: every check CI runs, in order, stopping at the first failure. Steps of one stage that do not depend on
 * each other run side by side (the CI machine has two cores; each TypeScript project and the linters use one); their
 * output is printed whole when each ends, so it never interleaves. Prints each step's wall time at the end.
 */
import { spawn } from 'node:child_process';

const stages = [
  [
    ['typecheck: server', 'npx tsc --noEmit'],
    [
      'typecheck: web, admin, kit',
      'npx tsc --noEmit -p web/tsconfig.json && npx tsc --noEmit -p admin-web/tsconfig.json && npx tsc --noEmit -p shared-web/tsconfig.json',
    ],
  ],
  [
    ['lint: eslint', 'npx eslint .'],
    ['lint: repository rules, formatting', 'node scripts/check-repo.mjs && npx prettier --check .'],
  ],
  [['build: storefront and admin', 'node scripts/build-frontends.mjs']],
  [['server: unit and integration', 'npx vitest run']],
  [
    ['storefront: unit', 'npx vitest run --config web/vitest.config.ts'],
    ['kit: unit', 'npx vitest run --config shared-web/vitest.config.ts'],
  ],
  [['browser journeys', 'npx vitest run --config tests/e2e/vitest.config.ts']],
];

function run([name, command], streamed) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    const chunks = [];
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('close', (code) => {
      if (!streamed) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(chunks).toString()}`);
      resolve({ name, code: code ?? 1, seconds: (Date.now() - started) / 1000 });
    });
  });
}

const results = [];
const total = Date.now();
let failed = null;
for (const stage of stages) {
  console.log(`\n▶ ${stage.map(([name]) => name).join(' | ')}`);
  const ended = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  results.push(...ended);
  failed = ended.find((r) => r.code !== 0) ?? null;
  if (failed) break;
}
console.log('\nstep times:');
for (const r of results) console.log(`  ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.seconds.toFixed(1).padStart(7)} s  ${r.name}`);
console.log(`  total ${((Date.now() - total) / 1000).toFixed(1)} s`);
if (failed) {
  console.error(`\nnpm test failed at: ${failed.name}`);
  process.exit(failed.code);
}
