import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/test-runtime.js';
import { textArray } from './text-array.js';

/** Strings an array literal could get wrong: quotes, backslashes, separators, braces, spaces, NULL-lookalikes, Unicode. */
const HOSTILE = [
  'plain',
  '',
  ' ',
  '  padded  ',
  'NULL',
  'null',
  '"',
  '""',
  '\\',
  '\\\\',
  '\\"',
  'say "hi"',
  'back\\slash',
  'a,b',
  '{a,b}',
  '{}',
  '}',
  '{',
  'tab\there',
  'line\nbreak\r\n',
  'Levi "Captain" O\'Brien, 20 cm; {limited}\\edition',
  'ナルト 疾風伝 — ₹2,899',
  '😀 emoji',
  'ends with backslash\\',
  '"starts with a quote',
];

describe('textArray: a text[] parameter as one literal', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase({ migrated: false }), max: 1 });
  });
  afterAll(async () => pool?.end());

  const roundTrip = async (values: (string | null)[]) => {
    const { rows } = await pool.query<{ v: string | null }>('select v from unnest($1::text[]) with ordinality as u(v, i) order by u.i', [textArray(values)]);
    return rows.map((r) => r.v);
  };

  it('gives back every hostile string, null and the empty string as sent, in order', async () => {
    const values = [...HOSTILE, null, ...HOSTILE.map((s) => `${s}${s}`), null];
    expect(await roundTrip(values)).toEqual(values);
  });

  it('gives back a column with nothing to escape (the one-join path) and the empty array', async () => {
    const values = ['0193a1b2-0000-7000-8000-000000000001', 'product-abc', 'ProductAdded', 'Anime Figures', 'ナルト'];
    expect(await roundTrip(values)).toEqual(values);
    expect(await roundTrip([])).toEqual([]);
    expect(await roundTrip([''])).toEqual(['']);
  });

  it('each hostile string alone (the escaping path for one element) and beside plain ones', async () => {
    for (const s of HOSTILE) expect(await roundTrip([s])).toEqual([s]);
    expect(await roundTrip(['a', ...HOSTILE, 'z'])).toEqual(['a', ...HOSTILE, 'z']);
  });

  it('is the literal pg itself would send', async () => {
    // @ts-expect-error pg ships no types for its internals; prepareValue is what it does with an array parameter
    const { prepareValue } = (await import('pg/lib/utils.js')) as unknown as { prepareValue: (v: unknown) => string };
    const values = [...HOSTILE, null];
    expect(textArray(values)).toBe(prepareValue(values));
    expect(textArray(['a', 'b'])).toBe(prepareValue(['a', 'b']));
  });
});
