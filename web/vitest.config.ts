import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** Unit specs of the storefront's pure rules (no browser needed): npx vitest run --config web/vitest.config.ts */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: {
    alias: { '@kit': fileURLToPath(new URL('../shared-web', import.meta.url)), '@contract': fileURLToPath(new URL('../src/contract', import.meta.url)) },
  },
  test: { include: ['src/**/*.unit.spec.ts', 'src/**/*.unit.spec.tsx'], environment: 'node', reporters: ['default', '../tests/helpers/no-skipped-tests.ts'] },
});
