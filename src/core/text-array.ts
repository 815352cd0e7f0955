const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/**
 * A text column as the PostgreSQL array literal pg would send for it: every element double-quoted (so commas, braces,
 * spaces, "NULL" and the empty string stay themselves), `"` and `\` escaped by a backslash, null or undefined as an
 * unquoted NULL. pg builds the same literal element by element (two replaces and a concatenation each); the common
 * column with nothing to escape and no null (ids, stream ids, event types, most names) is one join here. For a bulk
 * import's append and projector (~550,000 elements per 50,000-row file): bench/catalogue/import-freshness.ts --alloc.
 */
export function textArray(values: readonly (string | null | undefined)[]): string {
  let plain = true;
  for (const v of values) {
    if (v === null || v === undefined || NEEDS_ESCAPE.test(v)) {
      plain = false;
      break;
    }
  }
  if (values.length === 0) return '{}';
  if (plain) return `{"${values.join('","')}"}`;
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ',';
    out += v === null || v === undefined ? 'NULL' : `"${v.replace(ESCAPED, '\\$&')}"`;
  }
  return `${out}}`;
}
