import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { captchaAnswerHash, captchaKeyHash } from '../src/modules/accounts/captcha.service.ts';

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
