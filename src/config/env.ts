import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  EVENTSTORE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(16).optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(24 * 7),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  CLOUDINARY_URL: z.string().optional(),
  GST_RATE: z.coerce.number().min(0).max(1).default(0.18),
  LOG_LEVEL: z.string().default('info'),
  /** The shop's public origin (absolute http(s), no trailing slash) for canonical, Open Graph and sitemap URLs. */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v) && new URL(v).origin === v, 'PUBLIC_URL must be an http(s) origin without a path or trailing slash')
    .optional(),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** false: this API instance never projects; a separate `npm run projector` does (see README, scale-out). */
  RUN_PROJECTORS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${issues}`);
  }
  return parsed.data;
}

/** Demo admin used when ADMIN_EMAIL/ADMIN_PASSWORD are unset; printed at start and documented in the README. */
export const DEMO_ADMIN = { email: 'admin@animecollectibles.in', password: 'admin12345' } as const;
