// ESLint (flat config): typescript-eslint's recommended rules plus import zones in the bulletproof-react style.
// `npm run lint` runs it; `npm test` runs it first. Prettier formats (`npm run format:check`), ESLint does not.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

/**
 * Feature zones (import-x/no-restricted-paths, on resolved paths): a server module reaches another one only through
 * its index.ts (its routes, event contract and read functions); a browser feature does not import another feature at
 * all (bulletproof-react: compose features in app/, share through components/ and lib/).
 */
const serverZones = featuresOf('src/modules').flatMap((own) =>
  featuresOf('src/modules')
    .filter((other) => other !== own)
    .map((other) => ({
      target: `./src/modules/${own}`,
      from: `./src/modules/${other}`,
      except: ['./index.ts'],
      message: `${own} imports ${other} only through src/modules/${other}/index.ts.`,
    })),
);
const browserZones = (app) =>
  featuresOf(`${app}/src/features`).map((own) => ({
    target: `./${app}/src/features/${own}`,
    from: `./${app}/src/features`,
    except: [`./${own}`],
    message: `${app}: the ${own} feature imports no other feature; compose them in app/, share through components/ or lib/.`,
  }));
/** The frontend kit (shared-web/, `@kit/…`) serves both SPAs: it imports neither app nor any server code but the wire contract. */
const kitZone = {
  target: './shared-web',
  from: ['./web', './admin-web', './src/modules', './src/core', './src/plugins', './src/shop-pages', './projections'],
  message: 'shared-web (the frontend kit) imports neither app nor server code; only src/contract is shared with the server.',
};
/**
 * The wire contract (src/contract) is what the server publishes and both SPAs type-check against: it owns its schemas
 * and imports no server code, so an app never depends on a server module file through it.
 */
const contractZone = {
  target: './src/contract',
  from: ['./src', './projections', './web', './admin-web', './shared-web'],
  except: ['./contract'],
  message: 'src/contract imports nothing but itself and zod: move a schema it needs into src/contract, and let the module import it from there.',
};
/**
 * Feature modules reach the event log only through its port (src/core/event-store.ts). Tools that need one adapter's
 * own powers (backup's PostgreSQL COPY, copying an EventStoreDB log) live above the adapters, in src/operations/.
 */
const adapterZone = {
  target: './src/modules',
  from: './src/event-store',
  message: 'A module reaches the event store through its port (src/core/event-store.ts); adapter-specific tools belong in src/operations/.',
};
/**
 * Modules and projectors never import the runtime (src/runtime.ts, which builds the whole app): a module is handed
 * what it needs, `ModuleDeps` (src/modules/module.ts), by `createModule(deps)` and again in `routes` and `start`.
 */
const runtimeZone = {
  target: ['./src/modules', './projections'],
  from: './src/runtime.ts',
  message: 'A module gets what it needs from createModule(deps) (ModuleDeps in src/modules/module.ts), never by importing src/runtime.ts.',
};
/** The two SPAs share code only through the kit: neither imports the other (the performance overlay lives in shared-web/). */
const appZones = [
  { target: './admin-web', from: './web', message: 'admin-web does not import the storefront: share through shared-web/ (@kit/…).' },
  { target: './web', from: './admin-web', message: 'web does not import the admin app: share through shared-web/ (@kit/…).' },
];
const coreZone = {
  target: './src/core',
  from: ['./src/modules', './src/plugins', './src/shop-pages', './projections'],
  message: 'src/core imports no feature, plugin or projection.',
};
/**
 * Pure rules and data several features share (GST slabs and HSN, tax periods, the personal-field registry and erased
 * markers, the privacy notice version): they import no feature, so a feature and a projector may
 * import them directly and no index import can close a cycle.
 */
const sharedZone = {
  target: './src/shared',
  from: ['./src/modules', './src/plugins', './src/shop-pages', './projections', './src/runtime.ts', './src/app.ts'],
  message: 'src/shared holds pure rules several features share: it imports no feature, plugin, projection or the runtime.',
};

/**
 * Events are the contract between the write and the read side: a projector imports only features' `events.ts` (their
 * event schemas and types); features never import projectors (the app wires them: projections/index.ts).
 */
const projectionZones = [
  {
    target: './projections',
    from: './src/modules',
    except: featuresOf('src/modules').map((feature) => `./${feature}/events.ts`),
    message: 'A projector imports only the event contracts of features (src/modules/<feature>/events.ts).',
  },
  { target: './src/modules', from: './projections', message: 'Feature modules never import projectors; the app wires them (projections/index.ts).' },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ssr/**', 'node_modules/**', 'data/**', 'coverage/**', 'web/public/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x cannot parse an imported .ts file and no-cycle silently sees no imports at all.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json', 'admin-web/tsconfig.json', 'shared-web/tsconfig.json'] }),
      ],
    },
    rules: {
      // Cycles make module start-up order matter and hide layering mistakes.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', destructuredArrayIgnorePattern: '^_' },
      ],
      // Tests and fixtures build partial objects on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      // The visible-text and link checks match control characters on purpose (to refuse them).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}', 'shared-web/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}', 'tests/admin-web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.ts', 'projections/**/*.ts', 'web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}', 'shared-web/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            coreZone,
            sharedZone,
            kitZone,
            contractZone,
            adapterZone,
            runtimeZone,
            ...appZones,
            ...serverZones,
            ...projectionZones,
            ...browserZones('web'),
            ...browserZones('admin-web'),
          ],
        },
      ],
    },
  },
  {
    // A read under way may predate the change: the SPAs refresh through the kit (cancel, then invalidate).
    files: ['web/src/**/*.{ts,tsx}', 'admin-web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='invalidateQueries']",
          message:
            "Use refreshQueries(queryClient, filters) from '@kit/query': invalidating alone keeps the answer of a first read already under way (TanStack dedupes it), which may predate the change.",
        },
      ],
    },
  },
);
