import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { smsPolicySetting } from './accounts.settings.ts';
import { isSamePhoneNumber } from './phone-identity.ts';
import * as repo from './sms-code.repository.ts';
import type { SmsProvider } from './sms-provider.ts';

/** `withdrawal`: re-authentication before the first withdrawal to a new bank card. */
export type SmsPurpose = 'login' | 'register' | 'password' | 'withdrawal';

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;

const HOUR_MS = 3_600_000;

/** Stored as salt$sha256(salt:purpose:mobile:code); the attempt limit is what stops guessing. */
function hashCode(salt: string, purpose: SmsPurpose, mobileNum: string, code: string): string {
  return createHash('sha256').update(`${salt}:${purpose}:${mobileNum}:${code}`).digest('hex');
}

const MESSAGE: Record<SmsPurpose, string> = {
  login: 'Ma dang nhap cua ban la {code}, hieu luc {minutes} phut.',
  register: 'Ma dang ky cua ban la {code}, hieu luc {minutes} phut.',
  password: 'Ma dat lai mat khau cua ban la {code}, hieu luc {minutes} phut.',
  withdrawal: 'Ma xac nhan rut tien cua ban la {code}, hieu luc {minutes} phut.',
};

/**
 * One-time SMS codes. Sending is throttled per number (a least gap and an hourly cap) and per IP;
 * a new code replaces the previous one; a code is spent by its first right answer or by too many
 * wrong ones, and dies at its expiry.
 */
export function createSmsCodeService(deps: { db: Kysely<DB>; settings: SettingsService; provider: SmsProvider; now: () => Date }) {
  const { db, settings, provider, now } = deps;

  async function send(
    merchantId: number,
    purpose: SmsPurpose,
    mobileNum: string,
    meta: { countryDialingCode: string | null; ip: string | null },
  ): Promise<{ expiredMinutes: number }> {
    const policy = await settings.get(merchantId, smsPolicySetting);
    const at = now();
    const hourAgo = new Date(at.getTime() - HOUR_MS);
    let code = '';
    for (let i = 0; i < policy.codeLength; i++) code += String(randomInt(10));
    const salt = randomBytes(12).toString('hex');
    await db.transaction().execute(async (trx) => {
      // One send per number at a time: the caps below are counted and applied under this lock,
      // so parallel requests cannot all slip under them.
      await repo.lockSends(trx, merchantId, mobileNum);
      const recent = await repo.countSentToNumberSince(trx, merchantId, mobileNum, hourAgo);
      const latest = recent.latest;
      if (recent.count >= policy.perNumberPerHour) throw new DomainError('sms_too_many_requests');
      const waitMs = latest ? policy.resendSeconds * 1000 - (at.getTime() - latest.getTime()) : 0;
      // Too soon after the last code: the message states the wait that is left (the resend interval, not a fixed figure).
      if (waitMs > 0) throw new DomainError('sms_too_many_requests', undefined, { seconds: String(Math.ceil(waitMs / 1000)) });
      if (meta.ip) {
        if ((await repo.countSentFromIpSince(trx, merchantId, meta.ip, hourAgo)) >= policy.perIpPerHour)
          throw new DomainError('sms_too_many_requests');
      }
      await repo.retireLive(trx, merchantId, mobileNum, purpose, at);
      await repo.insert(trx, {
        merchantId,
        mobileNum,
        purpose,
        codeHash: `${salt}$${hashCode(salt, purpose, mobileNum, code)}`,
        ip: meta.ip,
        at,
        expiresAt: new Date(at.getTime() + policy.expiredMinutes * 60_000),
      });
    });
    await provider.send({
      merchantId,
      mobileNum,
      countryDialingCode: meta.countryDialingCode,
      purpose,
      body: MESSAGE[purpose].replace('{code}', code).replace('{minutes}', String(policy.expiredMinutes)),
    });
    return { expiredMinutes: policy.expiredMinutes };
  }

  /** Spends the live code for this number and purpose if `code` is right; throws otherwise. */
  async function consume(merchantId: number, purpose: SmsPurpose, mobileNum: string, code: string): Promise<void> {
    const policy = await settings.get(merchantId, smsPolicySetting);
    const at = now();
    const row = await repo.findLive(db, merchantId, mobileNum, purpose);
    if (!row || row.attempts >= policy.maxAttempts) throw new DomainError('verification_code_invalid');
    if (row.expires_at.getTime() <= at.getTime()) throw new DomainError('verification_code_expired');
    const [salt = '', stored = ''] = row.code_hash.split('$');
    const expected = Buffer.from(stored, 'hex');
    const actual = Buffer.from(hashCode(salt, purpose, mobileNum, code.trim()), 'hex');
    const isRight = expected.length === actual.length && timingSafeEqual(expected, actual);
    if (!isRight) {
      await repo.countWrongGuess(db, row.id);
      throw new DomainError('verification_code_invalid');
    }
    // Only one caller can spend it, even when two arrive with the right code at once.
    if (!(await repo.spend(db, row.id, at, policy.maxAttempts))) throw new DomainError('verification_code_invalid');
  }

  /**
   * The phone-provider variant: the client sent the SMS through the provider (Firebase phone
   * sign-in) and passes its ID token; the number in the token must be the one being registered.
   */
  async function consumeProviderToken(idToken: string, mobileNum: string, countryDialingCode: string | null | undefined): Promise<void> {
    if (!provider.verifyIdToken) throw new DomainError('phone_provider_unavailable');
    const { phoneNumber } = await provider.verifyIdToken(idToken);
    if (!isSamePhoneNumber(phoneNumber, mobileNum, countryDialingCode))
      throw new DomainError('verification_code_invalid', 'firebaseIdToken');
  }

  /** How long a code sent now stays valid (the SMS policy), for screens that state it. */
  async function codeLifetimeMinutes(merchantId: number): Promise<number> {
    return (await settings.get(merchantId, smsPolicySetting)).expiredMinutes;
  }

  return { send, consume, consumeProviderToken, codeLifetimeMinutes };
}
