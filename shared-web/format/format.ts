/**
 * Rupees, en-IN numbers and dates, as both apps show them (both specs: the rupee sign, en-IN grouping). Each Intl
 * formatter is made on first use and kept: building one costs more than formatting, and nothing is built at load.
 * Dates are India time on the server renderer and in every browser alike (the shop and its customers are in India).
 */
const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

const rupees = lazy(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 0 }));
const counts = lazy(() => new Intl.NumberFormat('en-IN'));
const DAY = { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' } as const;
const days = lazy(() => new Intl.DateTimeFormat('en-IN', DAY));
const moments = lazy(() => new Intl.DateTimeFormat('en-IN', { ...DAY, hour: '2-digit', minute: '2-digit' }));

/** A number from a number or a numeric string (the wire's NUMERIC columns); `fallback` for anything else. */
export function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** ₹1,29,999.5 style: en-IN grouping, up to two decimals. */
export function formatINR(value: number | string | null | undefined): string {
  return rupees().format(num(value));
}

/** 1,29,999 */
export function formatCount(value: number | null | undefined): string {
  return counts().format(value ?? 0);
}

const dateOf = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** '5 Nov 2026' (India time); '—' for nothing or a value that is not a date. */
export function formatDate(value: string | null | undefined): string {
  const date = dateOf(value);
  return date ? days().format(date) : '—';
}

/** '5 Nov 2026, 02:30 pm' (India time); '—' for nothing or a value that is not a date. */
export function formatDateTime(value: string | null | undefined): string {
  const date = dateOf(value);
  return date ? moments().format(date) : '—';
}

/** Short axis labels (₹4.5k, ₹1.25L) that still name the exact tick value: up to two decimals, trailing zeros dropped. */
export function compactINR(value: number): string {
  const trim = (n: number) => String(Number(n.toFixed(2)));
  if (Math.abs(value) >= 100000) return `₹${trim(value / 100000)}L`;
  if (Math.abs(value) >= 1000) return `₹${trim(value / 1000)}k`;
  return `₹${trim(value)}`;
}
