import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

/** Unit specs of the frontend kit (no browser, no database): npx vitest run --config shared-web/vitest.config.ts */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: { include: ['**/*.unit.spec.ts', '**/*.unit.spec.tsx'], environment: 'node', reporters: ['default', '../tests/helpers/no-skipped-tests.ts'] },
});
