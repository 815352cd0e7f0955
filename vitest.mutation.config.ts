import { defineConfig } from 'vitest/config';

/**
 * The unit specs that cover the mutated files of `npm run test:mutation` (stryker.config.json): no global setup, no
 * PostgreSQL, so each mutant runs in well under a second. Add a spec here when it covers one of those files.
 */
export default defineConfig({
  test: {
    include: [
      'src/core/**/*.unit.spec.ts',
      'src/modules/**/decide.unit.spec.ts',
      'src/modules/*/decide-*.unit.spec.ts',
      'src/modules/inventory/*.unit.spec.ts',
      'src/modules/orders/pricing.unit.spec.ts',
      'src/modules/audit/verify-chain.unit.spec.ts',
      'src/modules/media/ssrf.unit.spec.ts',
      'src/modules/media/address-policy.unit.spec.ts',
      'src/modules/media/remote-image.unit.spec.ts',
    ],
    pool: 'forks',
    testTimeout: 20_000,
  },
});
