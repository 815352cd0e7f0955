/**
 * Request budgets and sign-in throttling (docs/operations-and-configuration.md, "Limits"). Budgets count per signed-in user where a verified token
 * names one, per client address otherwise, per API instance, over one minute.
 */
export interface Limits {
  /** Catalogue reads: product lists, product pages, search, reviews, carousels, pincode lookup. */
  cataloguePerMinute: number;
  /** Other reads (profile, orders, wishlist, invoices, the dashboard's lists). */
  readsPerMinute: number;
  /** Writes (POST/PUT/PATCH/DELETE) other than sign-in and uploads. */
  writesPerMinute: number;
  /** Image uploads and bulk imports. */
  uploadsPerMinute: number;
  /** Storefront pages rendered afresh on the server (a page the render cache holds is not counted). */
  rendersPerMinute: number;
  /** Login, signup and password change, per address (per user for the password change). */
  authPerMinute: number;
  /** Failed sign-ins slow an account down whatever the address, and an address whatever the account. */
  authThrottle: { account: ThrottlePolicy; address: ThrottlePolicy };
}

/** Progressive delay after failures (OWASP ASVS 4 2.2.1, NIST SP 800-63B 5.2.2); never a permanent lockout. */
export interface ThrottlePolicy {
  /** Failures allowed without any delay. */
  freeFailures: number;
  /** Delay after the first failure beyond the free ones; it doubles with each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures counted from the first one of a window; the count starts again when the window ends. */
  windowMs: number;
  /** Hard cap per window: once reached, every attempt waits for the window's end. */
  maxFailuresPerWindow: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_LIMITS: Limits = {
  cataloguePerMinute: 3000,
  readsPerMinute: 600,
  writesPerMinute: 120,
  uploadsPerMinute: 30,
  rendersPerMinute: 120,
  authPerMinute: 30,
  authThrottle: {
    account: { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: MINUTE, windowMs: HOUR, maxFailuresPerWindow: 100 },
    address: { freeFailures: 20, baseDelayMs: 1000, maxDelayMs: MINUTE, windowMs: HOUR, maxFailuresPerWindow: 1000 },
  },
};

/** For tests and benchmarks that measure something else: nothing is ever limited. */
const NEVER: ThrottlePolicy = { freeFailures: 1e9, baseDelayMs: 0, maxDelayMs: 0, windowMs: HOUR, maxFailuresPerWindow: 1e9 };
export const NO_LIMITS: Limits = {
  cataloguePerMinute: 1e9,
  readsPerMinute: 1e9,
  writesPerMinute: 1e9,
  uploadsPerMinute: 1e9,
  rendersPerMinute: 1e9,
  authPerMinute: 1e9,
  authThrottle: { account: NEVER, address: NEVER },
};
