/**
 * Numbers as forms send them (lenient coercion). `Number()` and zod's `coerce` read `true` as 1, `"0x3"` as
 * 3, `"1e2"` as 100 and `" 3 "` as 3; only plain decimal text such as `"499"` or `"499.50"` becomes a number here.
 * Anything else is passed on unchanged, so the zod number schema after this refuses it with the field's own message.
 * `trim`: spreadsheet cells and admin form inputs may carry surrounding spaces; API payloads get no such grace.
 */
const DECIMAL = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

export function decimalText(value: unknown, options: { trim?: boolean } = {}): unknown {
  if (typeof value !== 'string') return value;
  const text = options.trim ? value.trim() : value;
  return DECIMAL.test(text) ? Number(text) : value;
}
