import { defineConfig } from 'vitest/config';

/** Browser journeys: a real server on a fresh database, driven through Debian's Chromium. */
export default defineConfig({
  // The frontend kit, as the SPAs import it (admin-rules.e2e.ts loads dashboard modules that use it).
  resolve: { alias: { '@kit': new URL('../../shared-web', import.meta.url).pathname } },
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    reporters: ['default', './tests/helpers/no-skipped-tests.ts'],
    testTimeout: 90_000,
    // One budget for every expect.poll of the journeys (the default 1 s is shorter than a loaded machine's round trip).
    expect: { poll: { timeout: 10_000, interval: 100 } },
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // The journeys run one file after another in one worker, each starting its own store on its own database: sharing
    // the worker's module cache saves re-importing the whole server for every file.
    isolate: false,
  },
});
