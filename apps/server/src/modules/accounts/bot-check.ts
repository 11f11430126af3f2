import { randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import { defineSetting, type SettingsService } from '../settings/settings.service.ts';
import * as keys from './payload-keys.repository.ts';

/**
 * The spec's bot check as an ALTCHA proof of work: the client fetches a signed challenge, finds a
 * counter whose SHA-256 starts with the required hex prefix, and sends the base64 JSON
 * `{ challenge, solution }` as `botCheck`. Costless for one person, costly for a script that
 * registers or logs in thousands of times. Each solved challenge is accepted once.
 */
export const botCheckSetting = defineSetting(
  'accounts.botCheck',
  z.object({
    /** Off by default, so clients that do not run the check yet keep working. */
    required: z.boolean(),
    /** Hex digits the derived key must start with; each digit multiplies the work by 16. */
    keyPrefix: z.string().regex(/^0{1,6}$/),
  }),
  { required: false, keyPrefix: '0000' },
);

export const BOT_CHECK_TTL_SECONDS = 300;
const SECRET_PURPOSE = 'botcheck-hmac';

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal('SHA-256'),
      nonce: z.string().max(256),
      salt: z.string().max(256),
      cost: z.number().int().min(1).max(10),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: z.string().max(128),
      expiresAt: z.number().optional(),
    }),
    signature: z.string().max(256),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(256), time: z.number().optional() }),
});

export type BotCheck = ReturnType<typeof createBotCheck>;

export function createBotCheck(deps: { db: Kysely<DB>; settings: SettingsService; merchants: MerchantService; now: () => Date }) {
  const { db } = deps;
  let secret: Promise<string> | undefined;

  /** One HMAC secret per deployment, kept as a symmetric JWK so every node signs alike. */
  async function loadSecret(): Promise<string> {
    const row = await keys.findActive(db, SECRET_PURPOSE);
    const k = (row?.private_jwk as { k?: unknown } | undefined)?.k;
    if (typeof k === 'string') return k;
    const jwk = { kty: 'oct', k: randomBytes(32).toString('base64url') };
    await keys.insertUnlessActive(db, {
      kid: randomBytes(8).toString('hex'),
      purpose: SECRET_PURPOSE,
      publicJwk: '{}',
      privateJwk: JSON.stringify(jwk),
    });
    return loadSecret();
  }
  const hmacSecret = () => {
    secret ??= loadSecret().catch((error) => {
      secret = undefined;
      throw error;
    });
    return secret;
  };

  async function challenge(): Promise<Challenge> {
    const merchant = await deps.merchants.current();
    const setting = await deps.settings.get(merchant.id, botCheckSetting);
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      deriveKey,
      keyPrefix: setting.keyPrefix,
      expiresAt: new Date(deps.now().getTime() + BOT_CHECK_TTL_SECONDS * 1000),
      hmacSignatureSecret: await hmacSecret(),
    });
  }

  /** True for a valid, unexpired, unused solution; spends it. */
  async function verify(encoded: string): Promise<boolean> {
    let payload: z.infer<typeof payloadSchema>;
    try {
      payload = payloadSchema.parse(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')));
    } catch {
      return false;
    }
    const merchant = await deps.merchants.current();
    const setting = await deps.settings.get(merchant.id, botCheckSetting);
    // The prefix is signed, but a challenge made before an operator raised the work is refused too.
    if (!payload.challenge.parameters.keyPrefix.startsWith(setting.keyPrefix)) return false;
    const result = await verifySolution({
      challenge: payload.challenge as Challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: await hmacSecret(),
    });
    if (!result.verified) return false;
    const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
    return keys.insertNonceOnce(db, `botcheck:${payload.challenge.signature}`, expiresAt);
  }

  /** preHandler: a `botCheck` in the body must be valid; without one, only if the operator requires it. */
  const requireBotCheck: preHandlerAsyncHookHandler = async (request) => {
    const value = (request.body as { botCheck?: unknown } | undefined)?.botCheck;
    if (typeof value === 'string' && value.length > 0) {
      if (!(await verify(value))) throw new DomainError('bot_check_failed');
      return;
    }
    const merchant = await deps.merchants.current();
    if ((await deps.settings.get(merchant.id, botCheckSetting)).required) throw new DomainError('bot_check_failed', 'botCheck');
  };

  return { challenge, verify, requireBotCheck };
}
