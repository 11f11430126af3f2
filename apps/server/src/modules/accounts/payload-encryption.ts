import { randomBytes } from 'node:crypto';
import { encryptedBodySchema, PAYLOAD_ENC, PAYLOAD_KEY_ALG, PAYLOAD_SKEW_MS } from '@platform/contracts/payload-encryption';
import type { preValidationAsyncHookHandler } from 'fastify';
import { compactDecrypt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import { defineSetting, type SettingsService } from '../settings/settings.service.ts';
import * as keys from './payload-keys.repository.ts';

/**
 * The spec's encrypted payloads (login, registration, password calls) as JWE: the client encrypts
 * `{ timestamp, nonce, data }` to the server's public key (ECDH-ES+A256KW, A256GCM) and sends
 * `{ encrypted: "<compact JWE>" }`. The timestamp must be within the skew window and the nonce
 * unused, so a captured request cannot be sent again.
 */
export { PAYLOAD_ENC, PAYLOAD_KEY_ALG, PAYLOAD_SKEW_MS } from '@platform/contracts/payload-encryption';

const PURPOSE = 'payload';

/**
 * On by default, as the spec has these calls encrypted: a plain body is refused with
 * `encryption_required`. An operator may turn it off for a client that cannot encrypt.
 */
export const payloadSecuritySetting = defineSetting('accounts.payloadSecurity', z.object({ requireEncryptedPayloads: z.boolean() }), {
  requireEncryptedPayloads: true,
});

const envelopeSchema = z.object({
  timestamp: z.number().int(),
  nonce: z.string().min(16).max(128),
  data: z.record(z.string(), z.unknown()),
});

export type PublicPayloadKey = { kid: string; alg: string; enc: string; jwk: JWK; serverTime: number };

export type PayloadEncryption = ReturnType<typeof createPayloadEncryption>;

export function createPayloadEncryption(deps: { db: Kysely<DB>; now: () => Date; settings: SettingsService; merchants: MerchantService }) {
  const { db, now } = deps;
  let cached: Promise<{ kid: string; publicJwk: JWK; privateKey: Awaited<ReturnType<typeof importJWK>> }> | undefined;

  /** The active key, made once; nodes starting together agree through the unique active index. */
  async function load() {
    const existing = await keys.findActive(db, PURPOSE);
    if (existing) {
      return {
        kid: existing.kid,
        publicJwk: existing.public_jwk as JWK,
        privateKey: await importJWK(existing.private_jwk as JWK, PAYLOAD_KEY_ALG),
      };
    }
    const pair = await generateKeyPair(PAYLOAD_KEY_ALG, { crv: 'P-256', extractable: true });
    const kid = randomBytes(8).toString('hex');
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: PAYLOAD_KEY_ALG, use: 'enc' };
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid };
    await keys.insertUnlessActive(db, {
      kid,
      purpose: PURPOSE,
      publicJwk: JSON.stringify(publicJwk),
      privateJwk: JSON.stringify(privateJwk),
    });
    return load();
  }

  function key() {
    cached ??= load().catch((error) => {
      cached = undefined;
      throw error;
    });
    return cached;
  }

  async function publicKey(): Promise<PublicPayloadKey> {
    const k = await key();
    return { kid: k.kid, alg: PAYLOAD_KEY_ALG, enc: PAYLOAD_ENC, jwk: k.publicJwk, serverTime: now().getTime() };
  }

  /** Decrypts and checks freshness and single use; returns the inner request body. */
  async function open(compact: string): Promise<Record<string, unknown>> {
    const k = await key();
    let plaintext: Uint8Array;
    try {
      ({ plaintext } = await compactDecrypt(compact, k.privateKey, {
        keyManagementAlgorithms: [PAYLOAD_KEY_ALG],
        contentEncryptionAlgorithms: [PAYLOAD_ENC],
      }));
    } catch {
      throw new DomainError('payload_invalid');
    }
    let parsed: z.infer<typeof envelopeSchema>;
    try {
      parsed = envelopeSchema.parse(JSON.parse(new TextDecoder().decode(plaintext)));
    } catch {
      throw new DomainError('payload_invalid');
    }
    const at = now();
    if (Math.abs(at.getTime() - parsed.timestamp) > PAYLOAD_SKEW_MS) throw new DomainError('payload_replayed', 'timestamp');
    await keys.deleteExpiredNonces(db, at);
    if (!(await keys.insertNonceOnce(db, parsed.nonce, new Date(at.getTime() + 2 * PAYLOAD_SKEW_MS))))
      throw new DomainError('payload_replayed', 'nonce');
    return parsed.data;
  }

  /**
   * preValidation hook for the spec's encrypted calls: an `{ encrypted }` body is replaced by its
   * plaintext before the route's schema sees it; a plain body passes unless the operator requires
   * encryption.
   */
  const decryptBody: preValidationAsyncHookHandler = async (request) => {
    const body = request.body;
    if (body !== null && typeof body === 'object' && 'encrypted' in body) {
      const parsed = encryptedBodySchema.safeParse(body);
      if (!parsed.success) throw new DomainError('payload_invalid');
      request.body = await open(parsed.data.encrypted);
      return;
    }
    const merchant = await deps.merchants.current();
    if ((await deps.settings.get(merchant.id, payloadSecuritySetting)).requireEncryptedPayloads)
      throw new DomainError('encryption_required');
  };

  return { publicKey, open, decryptBody };
}
