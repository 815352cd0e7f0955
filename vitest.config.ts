import { defineConfig } from 'vitest/config';

/** Specs that replace a module (vi.mock) need a fresh module cache of their own: named `*.isolated.spec.ts`. */
const ISOLATED = 'src/**/*.isolated.spec.ts';

export default defineConfig({
  // The admin files the suite unit-tests (tests/admin-web) import the contract's plain values as the admin does.
  resolve: { alias: { '@contract': new URL('./src/contract', import.meta.url).pathname } },
  test: {
    reporters: ['default', './tests/helpers/no-skipped-tests.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // One master key for every runtime, CLI and server process a spec starts on its shared database (each has its own
    // DATA_DIR, where a generated key would differ). Test-only; never used outside the suite.
    env: { DATA_KEY: '7e57da7a'.repeat(8) },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.spec.ts', 'projections/**/*.spec.ts', 'tests/**/*.spec.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**', ISOLATED],
          globalSetup: ['tests/helpers/global-setup.ts'],
          // Each file makes its own database and its own runtime, and no spec here replaces a module: the files of a
          // worker share its module cache instead of importing the server again for every file.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One budget for every expect.poll (what the specs wait for: projections, sockets, recoveries), none of them a sleep.
          expect: { poll: { timeout: 15_000, interval: 50 } },
        },
      },
      { extends: true, test: { name: 'isolated', include: [ISOLATED], isolate: true } },
    ],
  },
});
