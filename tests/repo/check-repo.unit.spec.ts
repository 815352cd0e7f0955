import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { checkBenchSql, checkComments, checkMigrations, checkMockedSpecs, checkReadme, commentsOf } from '../../scripts/check-repo.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../..');
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A scratch repository holding the given files. */
function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-repo-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('repository checks (scripts/check-repo.mjs, run by npm run lint)', () => {
  it('this repository passes every check', () => {
    expect([
      ...checkReadme(repoRoot),
      ...checkComments(repoRoot),
      ...checkMigrations(repoRoot),
      ...checkBenchSql(repoRoot),
      ...checkMockedSpecs(repoRoot),
    ]).toEqual([]);
  });

  it('refuses a README over 200 lines and accepts one of 200', () => {
    expect(checkReadme(repo({ 'README.md': 'line\n'.repeat(200) }))).toEqual([]);
    expect(checkReadme(repo({ 'README.md': 'line\n'.repeat(201) }))).toEqual([expect.stringContaining('201 lines')]);
  });

  it('refuses a comment that cites an issue, a stop, DECISIONS or a spec section, in code and in SQL', () => {
    const dir = repo({
      'src/a.ts':
        "// fine\nconst a = 1; // the rule of issue 21\n/**\n * Stop 19 made this faster.\n */\nexport const b = 'issue 5 in a string is not a comment';\n",
      'web/src/b.tsx': '/** DECISIONS §9: only a 401 removes the token. */\nexport const c = 1;\n',
      'shared-web/c.ts': '// Admin spec §5 lists the hosts.\nexport const d = 1;\n',
      'migrations/001_x.sql': "-- GST classification (issue 18)\nselect 'issue 1';\n",
      'src/fine.ts': '// Erasure destroys the key: docs/decisions/0006-crypto-shredding.md\nexport const e = 1;\n',
    });
    const problems = checkComments(dir) as string[];
    expect(problems.map((p) => p.split(': ')[0]).sort()).toEqual([
      path.join('migrations', '001_x.sql:1'),
      path.join('shared-web', 'c.ts:1'),
      path.join('src', 'a.ts:2'),
      path.join('src', 'a.ts:4'),
      path.join('web', 'src', 'b.tsx:1'),
    ]);
  });

  it('reads comments, not strings', () => {
    const found = commentsOf("const url = 'https://x.example/issue 4'; // real\n", false) as { line: number; text: string }[];
    expect(found).toEqual([{ line: 1, text: '// real' }]);
  });

  it('refuses a migration number used twice, except the old duplicates named in the check', () => {
    const old = repo({
      'migrations/045_live_tickets.sql': '',
      'migrations/045_order_expired_at.sql': '',
      'migrations/045_sign_in_throttle.sql': '',
      'migrations/094_a.sql': '',
    });
    expect(checkMigrations(old)).toEqual([]);
    const twice = repo({ 'migrations/094_a.sql': '', 'migrations/094_b.sql': '', 'migrations/045_live_tickets.sql': '', 'migrations/045_new.sql': '' });
    const problems = checkMigrations(twice) as string[];
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toContain('094_a.sql, 094_b.sql');
    expect(problems.join('\n')).toContain('045_new.sql');
  });

  it("refuses a bench that pastes a migration's function instead of reading it", () => {
    const body = [
      'begin',
      '  new.hash := encode(sha256(convert_to(jsonb_build_array(new.stream_id, new.stream_version, new.data)::text, $x$UTF8$x$)), $y$hex$y$);',
      '  return new; -- comments do not count',
      'end',
    ].join('\n');
    const migration = `create or replace function f() returns trigger language plpgsql as $$\n${body}\n$$;\n`;
    const copied = repo({ 'migrations/001_f.sql': migration, 'bench/x/copy.ts': `const SQL = \`${migration}\`;\n` });
    expect(checkBenchSql(copied)).toEqual([expect.stringContaining('001_f.sql')]);
    const imported = repo({ 'migrations/001_f.sql': migration, 'bench/x/read.ts': "readFileSync('migrations/001_f.sql')\n" });
    expect(checkBenchSql(imported)).toEqual([]);
  });

  it('refuses a server spec that mocks a module unless it is named *.isolated.spec.ts', () => {
    const mocking = "import { vi } from 'vitest';\nvi.mock('./cipher.js');\n";
    const dir = repo({
      'src/a/codec.unit.spec.ts': mocking,
      'src/a/codec.isolated.spec.ts': mocking,
      'tests/e2e/page.e2e.spec.ts': mocking,
      'src/a/spy.unit.spec.ts': "import { vi } from 'vitest';\nvi.fn();\n",
    });
    expect(checkMockedSpecs(dir)).toEqual([expect.stringContaining('src/a/codec.unit.spec.ts: replaces a module')]);
  });
});
