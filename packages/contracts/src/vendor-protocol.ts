import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { roundOutcomeSchema } from './round-outcome.ts';

/**
 * The seamless wallet protocol between a game vendor and us (docs/vendor-wallet.md). The vendor
 * calls `POST /vendor-api/<vendor>/<call>` with a JSON body; the headers carry the time of the
 * request and an HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the vendor's secret. Amounts are
 * integers in the currency's minor unit. Every answer is `{ status, ... }`; `status` is one of
 * VENDOR_STATUS and the vendor acts on it, never on the HTTP status alone.
 */
export const VENDOR_TIMESTAMP_HEADER = 'x-vendor-timestamp';
export const VENDOR_SIGNATURE_HEADER = 'x-vendor-signature';
/** A request older or further in the future than this is refused (STALE_REQUEST). */
export const VENDOR_REQUEST_SKEW_MS_MAX = 30_000;

export const VENDOR_STATUS = [
  'OK',
  'INVALID_REQUEST',
  'INVALID_SIGNATURE',
  'STALE_REQUEST',
  'UNKNOWN_VENDOR',
  'INVALID_TOKEN',
  'SESSION_EXPIRED',
  'PLAYER_BLOCKED',
  'INSUFFICIENT_FUNDS',
  'DUPLICATE_CONFLICT',
  'BET_NOT_FOUND',
  'BET_CANCELLED',
  'ROUND_CLOSED',
  'INTERNAL_ERROR',
] as const;
export type VendorStatus = (typeof VENDOR_STATUS)[number];

export const VENDOR_CALLS = ['authenticate', 'balance', 'debit', 'credit', 'rollback', 'bet-win'] as const;
export type VendorCall = (typeof VENDOR_CALLS)[number];

const tokenSchema = z.string().min(1).max(128);
/** Vendor transaction and round ids: printable ASCII, no spaces, at most 64 characters. */
const vendorIdSchema = z.string().regex(/^[\x21-\x7e]{1,64}$/, 'printable ASCII, 1 to 64 characters');
const amountSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const gameCodeSchema = z.string().regex(/^[A-Za-z0-9._-]{1,64}$/);

export const vendorAuthenticateSchema = z.object({ token: tokenSchema }).strict();
export const vendorBalanceSchema = z.object({ token: tokenSchema }).strict();
export const vendorDebitSchema = z
  .object({
    token: tokenSchema,
    transactionId: vendorIdSchema,
    roundId: vendorIdSchema,
    gameCode: gameCodeSchema,
    amount: amountSchema.min(1),
    /**
     * What the bet is (optional): an open round shows it in the betting record until its win's
     * outcome replaces it (a sportsbook bet's legs before settlement).
     */
    outcome: roundOutcomeSchema.optional(),
  })
  .strict();
export const vendorCreditSchema = z
  .object({
    token: tokenSchema,
    transactionId: vendorIdSchema,
    roundId: vendorIdSchema,
    gameCode: gameCodeSchema,
    amount: amountSchema,
    /** What the round showed (optional): the betting record draws it again. */
    outcome: roundOutcomeSchema.optional(),
  })
  .strict();
export const vendorRollbackSchema = z
  .object({
    token: tokenSchema,
    transactionId: vendorIdSchema,
    /** The debit being undone. */
    referenceTransactionId: vendorIdSchema,
    roundId: vendorIdSchema,
    gameCode: gameCodeSchema,
  })
  .strict();
export const vendorBetWinSchema = z
  .object({
    token: tokenSchema,
    transactionId: vendorIdSchema,
    roundId: vendorIdSchema,
    gameCode: gameCodeSchema,
    betAmount: amountSchema.min(1),
    winAmount: amountSchema,
    outcome: roundOutcomeSchema.optional(),
  })
  .strict();

export type VendorAuthenticateRequest = z.infer<typeof vendorAuthenticateSchema>;
export type VendorDebitRequest = z.infer<typeof vendorDebitSchema>;
export type VendorCreditRequest = z.infer<typeof vendorCreditSchema>;
export type VendorRollbackRequest = z.infer<typeof vendorRollbackSchema>;
export type VendorBetWinRequest = z.infer<typeof vendorBetWinSchema>;

export type VendorAnswer = {
  status: VendorStatus;
  /** The player's balance after the call (minor units), when the player is known. */
  balance?: number;
  currency?: string;
  /** authenticate only. */
  playerId?: string;
  username?: string;
  isTrial?: boolean;
  /** Our id of the money movement, for the vendor's reconciliation. */
  walletTransactionId?: string;
  message?: string;
};

/** HMAC-SHA256 of `<timestamp>.<body>`, hex. */
export function signVendorBody(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function isSameSignature(expectedHex: string, givenHex: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(givenHex)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(givenHex, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'bad';

/** Checks a signed request: the timestamp (unix milliseconds) within the skew, then the HMAC. */
export function checkVendorSignature(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  nowMs: number;
  skewMsMax?: number;
}): SignatureCheck {
  if (!input.timestamp || !input.signature) return 'missing';
  if (!/^\d{1,15}$/.test(input.timestamp)) return 'bad';
  const skew = Math.abs(input.nowMs - Number(input.timestamp));
  if (skew > (input.skewMsMax ?? VENDOR_REQUEST_SKEW_MS_MAX)) return 'stale';
  return isSameSignature(signVendorBody(input.secret, input.timestamp, input.rawBody), input.signature) ? 'ok' : 'bad';
}

/**
 * Launch URLs: `<base>/game/<game>?<params>&exp=<unix ms>&sig=<hex>`. The signature is an
 * HMAC-SHA256 over the vendor code, the game and the parameters (sorted by name, `name=value`
 * joined with `&`, values URI-encoded), so no parameter can be changed or added without the secret.
 */
export function launchSignaturePayload(vendorCode: string, gameCode: string, params: Record<string, string>): string {
  const sorted = Object.keys(params)
    .filter((name) => name !== 'sig')
    .sort()
    .map((name) => `${name}=${encodeURIComponent(params[name] ?? '')}`)
    .join('&');
  return `${vendorCode}\n${gameCode}\n${sorted}`;
}

export function signLaunchParams(secret: string, vendorCode: string, gameCode: string, params: Record<string, string>): string {
  return createHmac('sha256', secret)
    .update(launchSignaturePayload(vendorCode, gameCode, params))
    .digest('hex');
}

export type LaunchCheck = 'ok' | 'missing' | 'expired' | 'bad';

export function checkLaunchParams(input: {
  secret: string;
  vendorCode: string;
  gameCode: string;
  params: Record<string, string>;
  nowMs: number;
}): LaunchCheck {
  const { sig, exp } = input.params;
  if (!sig || !exp) return 'missing';
  if (!/^\d{1,15}$/.test(exp)) return 'bad';
  if (!isSameSignature(signLaunchParams(input.secret, input.vendorCode, input.gameCode, input.params), sig)) return 'bad';
  return Number(exp) < input.nowMs ? 'expired' : 'ok';
}

/**
 * The wallet API of a transfer-style vendor, which we call: `POST <api_base_url>/api/wallet/<call>`,
 * signed like the seamless calls (the same two headers, HMAC-SHA256 of `<timestamp>.<raw body>` with
 * the shared secret). `deposit`, `withdraw`, `balance` and `query` move and read the player's money
 * there (docs/vendor-wallet.md); `bets` is the bet feed.
 */
export const TRANSFER_WALLET_CALLS = ['deposit', 'withdraw', 'balance', 'query', 'bets'] as const;

/** Most rounds one page of the bet feed carries. */
export const BET_FEED_PAGE_SIZE_MAX = 500;

/**
 * `bets`: the rounds the vendor settled in `[from, to)` (unix milliseconds, `settledAt`), ordered by
 * `settledAt` then `roundId`, one page at a time. The same window asked again gives the same rounds
 * (a round's content never changes once settled), so the platform may ask any window again.
 */
export const vendorBetFeedRequestSchema = z
  .object({
    from: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    to: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    page: z.number().int().min(1).max(1_000_000),
    pageSize: z.number().int().min(1).max(BET_FEED_PAGE_SIZE_MAX),
  })
  .strict()
  .refine((window) => window.from < window.to, { message: 'from must be before to', path: ['to'] });
export type VendorBetFeedRequest = z.infer<typeof vendorBetFeedRequestSchema>;

/** One settled round at the vendor: the player (by the id the transfers named them with), the game, stake and payout. */
export const vendorFeedRoundSchema = z
  .object({
    roundId: vendorIdSchema,
    playerId: z.string().min(1).max(64),
    currency: z.string().regex(/^[A-Z]{3}$/),
    gameCode: gameCodeSchema,
    stake: amountSchema,
    payout: amountSchema,
    settledAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    outcome: roundOutcomeSchema.optional(),
  })
  .strict();
export type VendorFeedRound = z.infer<typeof vendorFeedRoundSchema>;

export const vendorBetFeedAnswerSchema = z.object({
  status: z.literal('OK'),
  rounds: z.array(vendorFeedRoundSchema).max(BET_FEED_PAGE_SIZE_MAX),
  /** Another page of the same window follows. */
  hasMore: z.boolean(),
});
export type VendorBetFeedAnswer = z.infer<typeof vendorBetFeedAnswerSchema>;
