import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The admin files the suite unit-tests (tests/admin-web) import the contract's plain values as the admin does.
  resolve: { alias: { '@contract': new URL('./src/contract', import.meta.url).pathname } },
  test: {
    include: ['src/**/*.spec.ts', 'projections/**/*.spec.ts', 'tests/**/*.spec.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    reporters: ['default', './tests/helpers/no-skipped-tests.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One budget for every expect.poll (what the specs wait for: projections, sockets, recoveries), none of them a sleep.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    pool: 'forks',
    maxWorkers: 2,
    // One master key for every runtime, CLI and server process a spec starts on its shared database (each has its own
    // DATA_DIR, where a generated key would differ). Test-only; never used outside the suite.
    env: { DATA_KEY: '7e57da7a'.repeat(8) },
  },
});
