import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CompactEncrypt, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { captchaAnswerHash, captchaKeyHash } from '../src/modules/accounts/captcha.service.ts';
import { payloadSecuritySetting } from '../src/modules/accounts/payload-encryption.ts';

/**
 * Helpers for the accounts tests. Captcha answers are stored only as hashes; a 4-digit answer is
 * found by trying all 10,000, which is what a test may do and a client cannot (one guess each).
 */
export async function solveCaptcha(db: Kysely<DB>, key: string): Promise<string> {
  const row = await db.selectFrom('captchas').select('answer_hash').where('key_hash', '=', captchaKeyHash(key)).executeTakeFirstOrThrow();
  for (let n = 0; n < 10_000; n++) {
    const answer = String(n).padStart(4, '0');
    if (captchaAnswerHash(key, answer) === row.answer_hash) return answer;
  }
  throw new Error('captcha answer not found');
}

export async function freshCaptcha(
  app: FastifyInstance,
  db: Kysely<DB>,
  ip = '10.0.0.1',
): Promise<{ captcha: string; captchaKey: string }> {
  const res = await app.inject({ method: 'GET', url: '/wps/captcha', headers: { 'x-forwarded-for': ip } });
  const captchaKey = res.json().captchaKey as string;
  return { captchaKey, captcha: await solveCaptcha(db, captchaKey) };
}

/** The last code the development SMS provider "sent" to a number. */
export async function lastSmsCode(db: Kysely<DB>, mobileNum: string): Promise<string> {
  const row = await db
    .selectFrom('sms_outbox')
    .select('body')
    .where('mobile_num', '=', mobileNum)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\b(\d{4,8})\b/.exec(row.body);
  if (!match?.[1]) throw new Error(`no code in ${row.body}`);
  return match[1];
}

let ipCounter = 0;
/** A new client address per test, so per-IP limits of one test do not leak into the next. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function bearer(token: string, ip: string) {
  return { authorization: `Bearer ${token}`, 'x-forwarded-for': ip };
}

/**
 * Seals a body for an encrypted call the way the web client does (lib/payload-encryption.ts):
 * a compact JWE of `{ timestamp, nonce, data }` to the server's public key.
 */
export async function encryptedBody(app: FastifyInstance, data: object, at: Date = new Date()): Promise<{ encrypted: string }> {
  const res = await app.inject({ method: 'GET', url: '/wps/system/encryption/key' });
  const { jwk, alg, enc, kid } = res.json().value as { jwk: JWK; alg: string; enc: string; kid: string };
  const key = await importJWK(jwk, alg);
  const plaintext = JSON.stringify({ timestamp: at.getTime(), nonce: randomBytes(16).toString('hex'), data });
  const encrypted = await new CompactEncrypt(new TextEncoder().encode(plaintext)).setProtectedHeader({ alg, enc, kid }).encrypt(key);
  return { encrypted };
}

/** Lets a test send the encrypted calls as plain JSON, to test their rules without sealing each body. */
export async function allowPlainPayloads(app: FastifyInstance, merchantId: number): Promise<void> {
  await app.services.settings.set(merchantId, payloadSecuritySetting, { requireEncryptedPayloads: false }, 'test');
}
