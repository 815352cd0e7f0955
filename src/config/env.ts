import { z } from 'zod';
import { smtpUrlProblem } from './smtp-url.js';
import { parseTrustProxy } from './trust-proxy.js';

/** An empty variable (`FOO=` in a compose file) counts as unset. */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  EVENTSTORE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(16).optional(),
  /** Master key wrapping every shopper's data key (64 hex characters or base64 of 32 bytes); unset: DATA_DIR/data-key. */
  DATA_KEY: optional(z.string()),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  ADMIN_EMAIL: optional(z.string().email()),
  ADMIN_PASSWORD: optional(z.string().min(6)),
  /** Unset: trust no proxy (the socket's address is the client). Else the proxies' addresses/CIDRs, comma-separated. */
  TRUST_PROXY: optional(z.string()).transform((value, ctx) => {
    const parsed = parseTrustProxy(value);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  /** razorpay | simulator; unset: razorpay with keys, else the simulator outside production (see refuseUnsafe). */
  PAYMENTS: optional(z.enum(['razorpay', 'simulator'])),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Where a cash-on-delivery return's UPI refund is paid from (docs/after-sale.md): razorpayx, the local simulator, or
   * manual (recorded only: the shop pays it itself). Unset: razorpayx with RAZORPAYX_ACCOUNT_NUMBER, else the simulator
   * outside production and manual in production.
   */
  PAYOUTS: optional(z.enum(['razorpayx', 'simulator', 'manual'])),
  /** The RazorpayX business account (current account number or customer identifier) payouts are made from. */
  RAZORPAYX_ACCOUNT_NUMBER: optional(z.string()),
  /** RazorpayX's API root; tests point it at a local server. */
  RAZORPAYX_BASE_URL: z.string().url().default('https://api.razorpay.com/v1'),
  /** Verifies X-Razorpay-Signature on /api/razorpayx/webhook (payout failed or reversed); unset, that webhook refuses every call. */
  RAZORPAYX_WEBHOOK_SECRET: optional(z.string()),
  /** A RazorpayX call unanswered after this many ms is given up and sent again with the same idempotency key. */
  RAZORPAYX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The courier that books shipments: the local simulator (default) or Shiprocket (docs/after-sale.md). */
  COURIER: z.enum(['simulator', 'shiprocket']).default('simulator'),
  SHIPROCKET_EMAIL: z.string().optional(),
  SHIPROCKET_PASSWORD: z.string().optional(),
  /** Shiprocket's API root; tests point it at a local server. */
  SHIPROCKET_BASE_URL: z.string().url().default('https://apiv2.shiprocket.in/v1/external'),
  /** The pickup location's nickname in the Shiprocket panel, and its pincode (serviceability is from there). */
  SHIPROCKET_PICKUP_LOCATION: z.string().min(1).default('Primary'),
  SHIPROCKET_PICKUP_PINCODE: optional(z.string().regex(/^\d{6}$/, 'SHIPROCKET_PICKUP_PINCODE must be 6 digits')),
  /** A Shiprocket call unanswered after this many ms is given up (the booking is looked up before any retry). */
  SHIPROCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The shared secret the courier's tracking webhook sends (header x-api-key); unset, the webhook refuses every call. */
  SHIPPING_WEBHOOK_TOKEN: z.string().min(16, 'SHIPPING_WEBHOOK_TOKEN must be at least 16 characters').optional(),
  CLOUDINARY_URL: z.string().optional(),
  GST_RATE: z.coerce.number().min(0).max(1).default(0.18),
  LOG_LEVEL: z.string().default('info'),
  /** Scheduled backups (npm run backup on a timer): the folder, how often ('30m', '6h', '1d') and how many to keep. */
  BACKUP_DIR: z.string().optional(),
  /** Audit anchors on a schedule: the folder, how often ('15m', '1h', '1d'), and an optional HTTPS webhook. */
  ANCHOR_DIR: z.string().optional(),
  ANCHOR_EVERY: z.string().default('1h'),
  ANCHOR_WEBHOOK_URL: z.string().optional(),
  /** Bearer token Prometheus scrapes /api/metrics with (an admin's token works too). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Readiness: a projector this many events behind the log makes /api/health/ready answer 503. */
  READY_MAX_LAG_EVENTS: z.coerce.number().int().min(1).default(10_000),
  BACKUP_EVERY: z.string().default('1d'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  /** The store's public origin, e.g. https://shop.example.in (no trailing slash): absolute links (canonical, Open Graph, sitemap), HSTS when https. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(?:\/[^\s?#]*[^\s/?#])?$/i, 'must be an absolute http(s) URL without a trailing slash')
    .optional(),
  /** The in-memory catalogue's snapshot file (DATA_DIR/catalogue-snapshot.bin) for fast restarts: 'false' turns it off. */
  CATALOGUE_SNAPSHOT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Catalogues smaller than this load from the read model fast enough: no snapshot is written for them. */
  CATALOGUE_SNAPSHOT_MIN_PRODUCTS: z.coerce.number().int().min(1).default(10_000),
  /** true: cash on delivery only for shoppers who verified their e-mail address (docs/accounts.md). */
  COD_REQUIRES_VERIFIED_EMAIL: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** false: new accounts' cash-on-delivery holds are not capped (docs/decisions/0018-cod-holds.md). */
  COD_NEW_ACCOUNT_LIMITS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Accounts younger than this many days count as new for cash on delivery, verified or not (0: only unverified ones). */
  COD_NEW_ACCOUNT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Units of one product a new account may hold across its open cash-on-delivery orders. */
  COD_NEW_ACCOUNT_MAX_UNITS: z.coerce.number().int().min(1).max(10).default(2),
  /** Open cash-on-delivery orders a new account may have at once. */
  COD_NEW_ACCOUNT_MAX_ORDERS: z.coerce.number().int().min(1).max(100).default(2),
  /** The share (percent) of a product's units all new accounts together may hold through open cash-on-delivery orders. */
  COD_NEW_ACCOUNTS_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(20),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** false: this API instance never projects; a separate `npm run projector` does (see docs/operations-and-configuration.md). */
  RUN_PROJECTORS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Mail to shoppers (docs/messages.md): a nodemailer URL, smtp[s]://user:pass@host:port; unset: .eml files under DATA_DIR/outbox/. */
  SMTP_URL: optional(z.string()).superRefine((value, ctx) => {
    const problem = value === undefined ? null : smtpUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** The From of every message: an address, or 'Name <address>'. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, "must be an e-mail address or 'Name <address>'")
    .default('Anime Collectibles <orders@animecollectibles.in>'),
  /** Message kinds switched off, comma-separated (e.g. order-shipped,order-delivered): recorded as off, never sent. */
  MESSAGES_OFF: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  /** Attempts before a message is marked failed. */
  MESSAGES_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** The wait before the second attempt (ms); it doubles with each attempt, up to six hours. */
  MESSAGES_RETRY_MS: z.coerce.number().int().min(10).default(30_000),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<ParsedEnv, 'PAYMENTS'> & { PAYMENTS: 'razorpay' | 'simulator' };

/**
 * The settings that would make a store unsafe, refused at start with the reason: an admin e-mail without
 * its password (the demo password is public), and the payment simulator, which lets any shopper mark an order paid,
 * in production.
 */
function refuseUnsafe(env: ParsedEnv): { PAYMENTS: Env['PAYMENTS'] } | string {
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) return 'ADMIN_EMAIL is set without ADMIN_PASSWORD: set both (the demo password is public)';
  if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) return 'ADMIN_PASSWORD is set without ADMIN_EMAIL: set both';
  const production = env.NODE_ENV === 'production';
  const keys = Boolean(env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET);
  if (production && !env.ADMIN_EMAIL) return 'NODE_ENV=production needs ADMIN_EMAIL and ADMIN_PASSWORD (the demo admin password is public)';
  const payments = env.PAYMENTS ?? (keys ? 'razorpay' : production ? null : 'simulator');
  if (payments === null) return 'NODE_ENV=production needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (the payment simulator is refused in production)';
  if (payments === 'simulator' && production) return 'PAYMENTS=simulator is refused with NODE_ENV=production: anyone could mark an order paid';
  if (payments === 'razorpay' && !keys) return 'PAYMENTS=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET';
  if (env.PAYOUTS === 'simulator' && production) return 'PAYOUTS=simulator is refused with NODE_ENV=production: refunds would be marked paid unsent';
  if ((env.PAYOUTS ?? (env.RAZORPAYX_ACCOUNT_NUMBER ? 'razorpayx' : null)) === 'razorpayx' && !(keys && env.RAZORPAYX_ACCOUNT_NUMBER)) {
    return 'PAYOUTS=razorpayx needs RAZORPAYX_ACCOUNT_NUMBER, RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET';
  }
  return { PAYMENTS: payments };
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${issues}`);
  }
  const checked = refuseUnsafe(parsed.data);
  if (typeof checked === 'string') throw new Error(`Refusing to start: ${checked}`);
  return { ...parsed.data, ...checked };
}

/**
 * Demo admin created on the embedded default (no DATABASE_URL) when ADMIN_EMAIL is unset; documented in the README,
 * never printed in a log.
 */
export const DEMO_ADMIN = { email: 'admin@animecollectibles.in', password: 'admin12345' } as const;
