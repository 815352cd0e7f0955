/**
 * A numeric or boolean column as the PostgreSQL array literal pg would send for it (`{1,2.5,NULL,true}`: each value as
 * its String(), null or undefined as NULL), made with one join. pg quotes and escapes every element of an array
 * parameter one by one (two regular expressions and a string each): for the catalogue projector's 11 numeric and
 * boolean columns of 50,000 imported products ~0.15 s of CPU and ~110 MB of short-lived strings
 * (bench/catalogue/import-freshness.ts). Text stays with pg's escaping: a value here is never quoted.
 */
export function scalarArray(values: readonly (number | boolean | null | undefined)[]): string {
  return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : String(v))).join(',')}}`;
}
