import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_SECONDS } from './accounts.settings.ts';
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
    await db.deleteFrom('captchas').where('expires_at', '<', at).execute();
    await db
      .insertInto('captchas')
      .values({
        key_hash: captchaKeyHash(key),
        merchant_id: merchantId,
        answer_hash: captchaAnswerHash(key, answer),
        ip,
        created_at: at,
        expires_at: new Date(at.getTime() + CAPTCHA_TTL_SECONDS * 1000),
      })
      .execute();
    return { key, pngBase64: renderCaptchaPng(answer).toString('base64') };
  }

  /** True only for the right answer to a live, unused captcha of this merchant; spends it either way. */
  async function verify(merchantId: number, key: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!key || !answer) return false;
    const at = now();
    const spent = await db
      .updateTable('captchas')
      .set({ used_at: at })
      .where('key_hash', '=', captchaKeyHash(key))
      .where('merchant_id', '=', merchantId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at)
      .returning('answer_hash')
      .executeTakeFirst();
    if (!spent) return false;
    const expected = Buffer.from(spent.answer_hash, 'hex');
    const actual = Buffer.from(captchaAnswerHash(key, answer.trim()), 'hex');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  return { issue, verify };
}
