import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const booleanString = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * `true` trusts every hop, which is safe only behind a proxy that overwrites X-Forwarded-For. A
 * comma list of the proxies' addresses or CIDR ranges trusts only those, so the client address is
 * the last one they forwarded and a visitor cannot forge it (region blocking depends on it).
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): boolean | string[] => {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0' || value === '') return false;
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.find((entry) => !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry));
    if (invalid) {
      ctx.addIssue({ code: 'custom', message: `not true, false, an address or a CIDR range: ${invalid}` });
      return z.NEVER;
    }
    return entries;
  });

/** Every setting the server reads from the environment, parsed once at boot. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySchema.default(false),
  CORS_ORIGINS: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  SEED_DEMO_DATA: booleanString.optional(),
  JOBS_ENABLED: booleanString.default(true),
  RECONCILIATION_CRON: z.string().default('*/5 * * * *'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  WEB_DIST_DIR: z.string().optional(),
  MERCHANT_CODE: z.string().min(1).max(32).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lotus <no-reply@localhost>'),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment; fails fast naming the variable that is wrong. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new EnvError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return result.data;
}

/** Demo data is seeded on an empty database unless running in production or told otherwise. */
export function shouldSeedDemoData(env: Env): boolean {
  return env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production';
}
