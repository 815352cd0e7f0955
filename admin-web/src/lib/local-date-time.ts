/*
 * A `datetime-local` input's value is a wall-clock time without a zone; the server wants an instant with one.
 * No imports on purpose: the server's type check (tests/admin-web) reads this file with node16 resolution.
 */
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * '2026-11-22T10:30' or '2026-11-22T10:30:15(.250)' read in the browser's own time zone -> ISO 8601 in UTC
 * ('2026-11-22T05:00:15.250Z' in India). Null when the value is empty or names no real date ('2026-02-30T10:00').
 */
export function localDateTimeToIso(value: string): string | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second = '0', fraction = '0'] = m.slice(1) as string[];
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  if (h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(y, mo - 1, d, h, mi, s, Number(fraction.padEnd(3, '0')));
  // Date rolls 30 February over into March: refuse instead.
  if (Number.isNaN(date.getTime()) || date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.toISOString();
}

/** The inverse, for showing an instant in a `datetime-local` input: local wall-clock time to the second. */
export function isoToLocalDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
