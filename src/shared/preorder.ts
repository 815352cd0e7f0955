import { istDate } from './financial-year.js';

/**
 * Pre-orders (docs/decisions/0015-pre-orders.md): a product sold before it exists, paid online, shipped from its
 * release date. A release date is a calendar day in India (IST); the product is a pre-order until that day begins.
 */
export const PREORDER_MESSAGES = {
  needsReleaseDate: 'A pre-order needs a release date',
  invalidReleaseDate: 'Release date must be a date (YYYY-MM-DD)',
  releaseDateInPast: 'Release date cannot be in the past',
  onlineOnly: 'Pre-orders must be paid online: cash on delivery is not available for pre-order items',
  shipBeforeRelease: (date: string) => `This order has pre-order items that ship from ${date}: it cannot be shipped before then`,
} as const;

export const RELEASE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day in YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  if (!RELEASE_DATE_PATTERN.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** Whether a product released on `releaseDate` is still a pre-order at the instant `at` (before that day in IST). */
export const beforeRelease = (releaseDate: string, at: string | Date): boolean => istDate(at) < releaseDate;
