import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { decodeSecretsKey, developmentSecretsKey } from './lib/secret-box.ts';
import { SESSION_IDLE_MINUTES_MIN, sessionPolicyProblem } from './modules/session/session.service.ts';

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

/** A comma list of addresses or CIDR ranges (a bare address is that one address). */
const networkListSchema = z
  .string()
  .trim()
  .transform((value, ctx): string[] => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.find((entry) => !ipaddr.isValid(entry) && !ipaddr.isValidCIDR(entry));
    if (invalid) {
      ctx.addIssue({ code: 'custom', message: `not an address or a CIDR range: ${invalid}` });
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
    .min(SESSION_IDLE_MINUTES_MIN)
    .max(7 * 24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** Who may read /metrics besides this machine: a bearer token (at least 24 characters)... */
  METRICS_TOKEN: z.string().min(24, 'at least 24 characters').optional(),
  /** ...and the networks a scraper connects from directly (not X-Forwarded-For); this machine always. */
  METRICS_ALLOW: networkListSchema.default([]),
  WEB_DIST_DIR: z.string().optional(),
  /** The operator console's build (apps/admin/dist by default), served under /admin. */
  ADMIN_DIST_DIR: z.string().optional(),
  MERCHANT_CODE: z.string().min(1).max(32).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Lotus <no-reply@localhost>'),
  /** A JSON feed of official lottery results (docs/lottery.md); without it official draws wait for operators. */
  LOTTERY_RESULTS_FEED_URL: z
    .string()
    .regex(/^https?:\/\//, 'http:// or https:// URL')
    .optional(),
  /**
   * Without a feed, official draws take past published sheets replayed (docs/lottery.md): on by
   * default in development so the demo's stations settle offline, off in production and tests.
   */
  LOTTERY_RESULTS_REPLAY: booleanString.optional(),
  /** Where players' browsers and our transfer calls reach the demo game vendor (docs/vendor-wallet.md). */
  DEMO_VENDOR_URL: z.string().url().default('http://127.0.0.1:8091'),
  /** Starts the demo vendor inside the server on this port; by default 8091 outside production, off in it. */
  DEMO_VENDOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DEMO_VENDOR_ENABLED: booleanString.optional(),
  /** Shared secrets of the demo vendors; in production they come from the secret store, never the defaults. */
  DEMO_VENDOR_SECRET: z.string().min(16).optional(),
  DEMO_VENDOR_TX_SECRET: z.string().min(16).optional(),
  /** Where players' browsers reach the house game server (docs/house-games.md, ADR 0021). */
  HOUSE_GAMES_URL: z.string().url().default('http://127.0.0.1:8092'),
  /** Starts the house game server inside the server on this port; by default the port of HOUSE_GAMES_URL. */
  HOUSE_GAMES_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Starts the house game server inside this process; on by default outside production. */
  HOUSE_GAMES_ENABLED: booleanString.optional(),
  /** The HOUSE vendor's shared secret; in production it comes from the secret store. */
  HOUSE_GAMES_SECRET: z.string().min(16).optional(),
  /** Where the in-process house game server keeps its journals; by default DATA_DIR/house-games. */
  HOUSE_GAMES_DATA_DIR: z.string().min(1).optional(),
  /** How long a call to a transfer-style vendor may take before the transfer waits for a re-check. */
  VENDOR_TRANSFER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /** Firebase phone sign-in: registration by mobile may carry a Firebase ID token instead of our SMS code. */
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'a Firebase project id')
    .optional(),
  /** Where Firebase's ID-token keys are fetched (Google's address by default). */
  FIREBASE_JWKS_URL: z.url().optional(),
  /** The site as players and payment gateways reach it (callbacks and return URLs); default http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  DEPOSIT_RECHECK_CRON: z.string().default('* * * * *'),
  /** The sandbox payment gateway: on by default outside production. */
  SANDBOX_GATEWAY_ENABLED: booleanString.optional(),
  /** Port server.ts starts the sandbox gateway on, in the same process; 0 leaves it to be run on its own. */
  SANDBOX_GATEWAY_PORT: z.coerce.number().int().min(0).max(65535).default(8090),
  /** Where the server reaches the sandbox gateway; default http://127.0.0.1:SANDBOX_GATEWAY_PORT. */
  SANDBOX_GATEWAY_URL: z.string().url().optional(),
  /** Where a browser reaches the sandbox's pay pages; default http://localhost:SANDBOX_GATEWAY_PORT. */
  SANDBOX_GATEWAY_PUBLIC_URL: z.string().url().optional(),
  SANDBOX_GATEWAY_SECRET: z.string().min(16).optional(),
  /**
   * The key that encrypts members' and operators' authenticator secrets at rest (ADR 0022): 32
   * bytes as 64 hex digits or base64 (`openssl rand -base64 32`). Required in production; without
   * it elsewhere a public development key is used, with a warning at start.
   */
  TOTP_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || decodeSecretsKey(value) !== null, '32 bytes as 64 hex digits or base64'),
  /**
   * Keys used before a rotation, comma-separated in the same form: values sealed with them still
   * open, and the reseal jobs write them again with `TOTP_ENCRYPTION_KEY` (docs/operations.md).
   */
  TOTP_ENCRYPTION_PREVIOUS_KEYS: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || previousKeysOf(value).every((key) => key !== null),
      'a comma-separated list of keys, each 32 bytes as 64 hex digits or base64',
    ),
});

function previousKeysOf(text: string): (Buffer | null)[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map(decodeSecretsKey);
}

export type Env = z.infer<typeof envSchema>;

/** Settings that are each valid but cannot be followed together. */
const envRulesSchema = envSchema.superRefine((env, ctx) => {
  const problem = sessionPolicyProblem({ idleMinutes: env.SESSION_IDLE_MINUTES, absoluteHours: env.SESSION_ABSOLUTE_HOURS });
  if (problem) ctx.addIssue({ code: 'custom', path: ['SESSION_IDLE_MINUTES'], message: problem });
  if (env.NODE_ENV === 'production' && env.TOTP_ENCRYPTION_KEY === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['TOTP_ENCRYPTION_KEY'],
      message: 'required in production (the key of authenticator secrets at rest)',
    });
  }
});

/**
 * The key of secrets at rest: the one set, or outside production the public development key
 * (`isDevelopmentKey`, which the server warns about at start).
 */
export function secretsKeyOf(env: Env): { key: Buffer; previous: Buffer[]; isDevelopmentKey: boolean } {
  const previous = previousKeysOf(env.TOTP_ENCRYPTION_PREVIOUS_KEYS ?? '').filter((key): key is Buffer => key !== null);
  const set = env.TOTP_ENCRYPTION_KEY === undefined ? null : decodeSecretsKey(env.TOTP_ENCRYPTION_KEY);
  if (set) return { key: set, previous, isDevelopmentKey: false };
  if (env.NODE_ENV === 'production') throw new EnvError('Invalid environment variable TOTP_ENCRYPTION_KEY: required in production');
  return { key: developmentSecretsKey(), previous, isDevelopmentKey: true };
}

export class EnvError extends Error {}

/** Parses the environment; fails fast naming the variable that is wrong. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envRulesSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new EnvError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return result.data;
}

/** The development secret of the sandbox gateway; production must set its own. */
export const SANDBOX_GATEWAY_DEVELOPMENT_SECRET = 'sandbox-development-secret';

export type SandboxGatewayConfig = { url: string; publicUrl: string; port: number; secret: string };

/** The sandbox gateway's settings, or null when it is off (production, unless switched on with a secret). */
export function sandboxGatewayConfig(env: Env): SandboxGatewayConfig | null {
  const isEnabled = env.SANDBOX_GATEWAY_ENABLED ?? env.NODE_ENV !== 'production';
  if (!isEnabled) return null;
  const secret = env.SANDBOX_GATEWAY_SECRET ?? (env.NODE_ENV === 'production' ? undefined : SANDBOX_GATEWAY_DEVELOPMENT_SECRET);
  if (!secret)
    throw new EnvError('Invalid environment variable SANDBOX_GATEWAY_SECRET: required when the sandbox gateway is on in production');
  const port = env.SANDBOX_GATEWAY_PORT;
  return {
    port,
    secret,
    url: env.SANDBOX_GATEWAY_URL ?? `http://127.0.0.1:${port}`,
    publicUrl: env.SANDBOX_GATEWAY_PUBLIC_URL ?? `http://localhost:${port}`,
  };
}

export function publicUrlOf(env: Env): string {
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}

/** Demo data is seeded on an empty database unless running in production or told otherwise. */
export function shouldSeedDemoData(env: Env): boolean {
  return env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production';
}

/** Whether official draws without a feed take replayed published sheets (never over a real feed). */
export function replaysPublishedResults(env: Env): boolean {
  if (env.LOTTERY_RESULTS_FEED_URL) return false;
  return env.LOTTERY_RESULTS_REPLAY ?? env.NODE_ENV === 'development';
}
