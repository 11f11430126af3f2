import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_SECONDS } from './accounts.settings.ts';
import * as repo from './captcha.repository.ts';
import { randomDigits, renderCaptchaPng } from './captcha-image.ts';

export type CaptchaService = ReturnType<typeof createCaptchaService>;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The answer is hashed together with its key, so one table of digit hashes does not fit all captchas. */
export function captchaAnswerHash(key: string, answer: string): string {
  return sha256(`${key}:${answer}`);
}

export function captchaKeyHash(key: string): string {
  return sha256(key);
}

/**
 * Image captchas: single-use, short-lived, and stored only as hashes. A check spends the captcha
 * whether the answer is right or wrong, so each image buys one guess.
 */
export function createCaptchaService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function issue(merchantId: number, ip: string | null): Promise<{ key: string; pngBase64: string }> {
    const key = randomBytes(24).toString('base64url');
    const answer = randomDigits(CAPTCHA_LENGTH);
    const at = now();
    // Expired captchas are useless; dropping them here keeps the table to the live ones.
    await repo.deleteExpired(db, at);
    await repo.insert(db, {
      keyHash: captchaKeyHash(key),
      merchantId,
      answerHash: captchaAnswerHash(key, answer),
      ip,
      at,
      expiresAt: new Date(at.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    });
    return { key, pngBase64: renderCaptchaPng(answer).toString('base64') };
  }

  /** True only for the right answer to a live, unused captcha of this merchant; spends it either way. */
  async function verify(merchantId: number, key: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!key || !answer) return false;
    const at = now();
    const answerHash = await repo.spend(db, merchantId, captchaKeyHash(key), at);
    if (answerHash === undefined) return false;
    const expected = Buffer.from(answerHash, 'hex');
    const actual = Buffer.from(captchaAnswerHash(key, answer.trim()), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  return { issue, verify };
}
