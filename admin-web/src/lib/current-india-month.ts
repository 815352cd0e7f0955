/*
 * The default window of the auditor's cards. No imports on purpose: the server's type check (tests/admin-web) reads
 * this file with node16 resolution.
 */
const INDIA_OFFSET_MS = 5.5 * 3_600_000; // India has no daylight saving time

/** The first day of the current month to today, as India dates (YYYY-MM-DD), which is how the server counts days. */
export function currentIndiaMonth(now: Date = new Date()): { from: string; to: string } {
  const today = new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}
