#!/usr/bin/env node
// Repository checks `npm run lint` runs after ESLint: things no linter rule sees.
//   1. README.md stays an entry page (at most 200 lines); the rest lives in docs/.
//   2. Comments explain the code: none cites an issue, a stop, a DECISIONS section or a spec section. A reason that
//      lives elsewhere is linked as a decision record (docs/decisions/NNNN-title.md).
//   3. Migration numbers are unique (src/db/migrate.ts applies migrations/NNN_name.sql by name, once each).
//   4. No bench copies production SQL: a function body of a migration is imported, never pasted into bench/.
//   5. A server spec that replaces a module (vi.mock) is named *.isolated.spec.ts: the other specs share their
//      worker's module cache (vitest.config.ts), where a mock would apply only when no earlier file loaded the module.
// Prints every finding and exits 1 when there is one. `node scripts/check-repo.mjs [root]` checks another checkout.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));

export const README_MAX_LINES = 200;

/** Source folders whose comments are checked, and the extensions that hold code. */
const SOURCE_DIRS = ['src', 'projections', 'web', 'admin-web', 'shared-web', 'tests', 'bench', 'scripts', 'migrations', 'seed', 'deploy'];
const SOURCE_EXT = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx|sql|css)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'coverage', 'reports', 'data', 'fixtures']);

/** What a comment must not say: an issue or stop number, a section of a file the repository does not hold. */
export const FORBIDDEN_IN_COMMENTS = /\b(?:issue|stop)\s+#?\d+|DECISIONS\s*§|\bspec\s*§/i;

/**
 * Migration numbers used twice before this check existed. Renaming them would make databases that applied them under
 * their old names apply them again (schema_migrations records names), so they keep their names; no number may be
 * added to this list.
 */
export const GRANDFATHERED_MIGRATIONS = new Set([
  '045_live_tickets.sql',
  '045_order_expired_at.sql',
  '045_sign_in_throttle.sql',
  '050_invoices.sql',
  '050_products_gst.sql',
  '060_invoice_retention.sql',
  '060_personal_data_keys.sql',
]);

function* walk(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) yield* walk(path.join(dir, entry.name));
    } else if (entry.isFile()) yield path.join(dir, entry.name);
  }
}

/**
 * The comments of a source text with their line numbers: `//` and `/* … *\/` in script and CSS, `--` in SQL. Strings
 * are skipped well enough for this check (a quoted `//` in a URL is not a comment).
 */
export function commentsOf(text, sql) {
  const found = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (c === '\n') {
      line++;
      i++;
    } else if (!sql && (c === '"' || c === "'" || c === '`')) {
      const quote = c;
      i++;
      while (i < n && text[i] !== quote) {
        if (text[i] === '\\') i++;
        else if (text[i] === '\n') {
          if (quote !== '`') break;
          line++;
        }
        i++;
      }
      i++;
    } else if (sql && c === "'") {
      i++;
      while (i < n && text[i] !== "'") {
        if (text[i] === '\n') line++;
        i++;
      }
      i++;
    } else if ((!sql && c === '/' && text[i + 1] === '/') || (sql && c === '-' && text[i + 1] === '-')) {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      found.push({ line, text: text.slice(i, stop) });
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      const body = text.slice(i, stop);
      body.split('\n').forEach((part, k) => found.push({ line: line + k, text: part }));
      line += body.split('\n').length - 1;
      i = stop;
    } else i++;
  }
  return found;
}

export function checkReadme(rootDir) {
  const lines = readFileSync(path.join(rootDir, 'README.md'), 'utf8').split('\n');
  const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
  return count > README_MAX_LINES ? [`README.md has ${count} lines (at most ${README_MAX_LINES}): move the detail to docs/`] : [];
}

export function checkComments(rootDir) {
  const problems = [];
  for (const dir of SOURCE_DIRS) {
    for (const file of walk(path.join(rootDir, dir))) {
      if (!SOURCE_EXT.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      if (!FORBIDDEN_IN_COMMENTS.test(text)) continue;
      for (const comment of commentsOf(text, file.endsWith('.sql'))) {
        const hit = FORBIDDEN_IN_COMMENTS.exec(comment.text);
        if (hit) {
          problems.push(
            `${path.relative(rootDir, file)}:${comment.line}: a comment cites "${hit[0]}": explain the code, link docs/decisions/NNNN-title.md for a reason kept elsewhere`,
          );
        }
      }
    }
  }
  return problems;
}

export function checkMigrations(rootDir) {
  const files = readdirSync(path.join(rootDir, 'migrations')).filter((f) => f.endsWith('.sql'));
  const problems = [];
  const byNumber = new Map();
  for (const file of files) {
    const match = /^(\d{3})_[a-z0-9_]+\.sql$/.exec(file);
    if (!match) {
      problems.push(`migrations/${file}: name it NNN_words.sql (three digits, lower-case words)`);
      continue;
    }
    if (!byNumber.has(match[1])) byNumber.set(match[1], []);
    byNumber.get(match[1]).push(file);
  }
  for (const [number, named] of byNumber) {
    const fresh = named.filter((f) => !GRANDFATHERED_MIGRATIONS.has(f));
    if (named.length > 1 && fresh.length > 0) {
      problems.push(`migrations: number ${number} is used by ${named.join(', ')}: take the next free number for ${fresh.join(', ')}`);
    }
  }
  return problems;
}

const normalise = (sql) =>
  sql
    .replace(/--[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Function bodies (`$$ … $$`) of the migrations, long enough to be worth copying. */
function migrationBodies(rootDir) {
  const bodies = [];
  for (const file of readdirSync(path.join(rootDir, 'migrations'))) {
    if (!file.endsWith('.sql')) continue;
    const text = readFileSync(path.join(rootDir, 'migrations', file), 'utf8');
    for (const match of text.matchAll(/\$([a-z_]*)\$([\s\S]*?)\$\1\$/gi)) {
      const body = normalise(match[2]);
      if (body.length >= 120) bodies.push({ file, body });
    }
  }
  return bodies;
}

export function checkBenchSql(rootDir) {
  const bodies = migrationBodies(rootDir);
  const problems = [];
  for (const file of walk(path.join(rootDir, 'bench'))) {
    if (!SOURCE_EXT.test(file)) continue;
    const text = normalise(readFileSync(file, 'utf8'));
    for (const { file: migration, body } of bodies) {
      if (text.includes(body)) {
        problems.push(`${path.relative(rootDir, file)}: holds a copy of a function of migrations/${migration}: read it from the migration file`);
      }
    }
  }
  return problems;
}

/** Server spec folders (vitest.config.ts): their specs share a module cache unless named `*.isolated.spec.ts`. */
const SERVER_SPEC_DIRS = ['src', 'projections', 'tests'];
const MOCKS_A_MODULE = /^\s*(?:await\s+)?vi\.(?:mock|doMock|unmock|resetModules)\(/m;

export function checkMockedSpecs(rootDir) {
  const problems = [];
  for (const dir of SERVER_SPEC_DIRS) {
    for (const file of walk(path.join(rootDir, dir))) {
      const relative = path.relative(rootDir, file);
      if (!/\.spec\.ts$/.test(file) || /\.isolated\.spec\.ts$/.test(file) || relative.startsWith(path.join('tests', 'e2e'))) continue;
      if (MOCKS_A_MODULE.test(readFileSync(file, 'utf8'))) {
        problems.push(`${relative}: replaces a module (vi.mock): name it *.isolated.spec.ts so it gets a module cache of its own`);
      }
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!statSync(path.join(root, 'migrations')).isDirectory()) throw new Error(`${root} is not the repository`);
  const problems = [...checkReadme(root), ...checkComments(root), ...checkMigrations(root), ...checkBenchSql(root), ...checkMockedSpecs(root)];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`check-repo: ${problems.length} problem(s)`);
    process.exit(1);
  }
  console.log('check-repo: README length, comments, migration numbers, bench SQL and mocked specs are in order');
}
