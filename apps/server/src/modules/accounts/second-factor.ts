import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { resealUntilDone } from '../../lib/secret-box.ts';
import { matchTotp, newTotpSecret, totpUri } from '../../lib/totp.ts';
import { defineSetting } from '../settings/settings.service.ts';
import * as repo from './second-factor.repository.ts';
import type { SmsCodeService } from './sms-code.service.ts';

/**
 * The spec's second-factor step for a login from an unregistered address. A member who has logged
 * in before, from other addresses only, must also give an SMS code to their mobile or an
 * authenticator code. Addresses are registered by every completed login.
 */
export const secondFactorSetting = defineSetting(
  'accounts.secondFactor',
  z.object({ enabled: z.boolean() }),
  // Off by default: it needs members to have a mobile number or an authenticator first.
  { enabled: false },
);

export const SECOND_FACTOR_METHODS = ['sms', 'authenticator'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];
export const LOGIN_CHALLENGE_TTL_MINUTES = 10;
export const LOGIN_CHALLENGE_MAX_ATTEMPTS = 5;
const TOTP_ISSUER = 'Platform';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type LoginContext = Record<string, unknown>;

export type SecondFactor = ReturnType<typeof createSecondFactor>;

export function createSecondFactor(deps: { db: Kysely<DB>; sms: SmsCodeService; now: () => Date }) {
  const { db, sms, now } = deps;

  async function recordKnownIp(memberId: number, ip: string | null): Promise<void> {
    if (!ip) return;
    await repo.upsertKnownIp(db, memberId, ip, now());
  }

  async function availableMethods(member: { id: number; mobileNum: string | null }): Promise<SecondFactorMethod[]> {
    const totp = await repo.findTotp(db, member.id);
    const methods: SecondFactorMethod[] = [];
    if (member.mobileNum) methods.push('sms');
    if (totp?.confirmed_at) methods.push('authenticator');
    return methods;
  }

  /** Methods to ask for, or an empty list when this login needs no second step. */
  async function methodsRequired(member: { id: number; mobileNum: string | null }, ip: string | null): Promise<SecondFactorMethod[]> {
    if (!ip) return [];
    const known = await repo.findKnownIps(db, member.id);
    if (known.length === 0 || known.includes(ip)) return [];
    return availableMethods(member);
  }

  /** Opens a challenge; sends the SMS code straight away when SMS is one of the methods. */
  async function start(
    merchantId: number,
    member: { id: number; mobileNum: string | null },
    methods: SecondFactorMethod[],
    meta: { ip: string | null },
    context: LoginContext,
  ): Promise<{ challenge: string; methods: SecondFactorMethod[]; expiredMinutes: number }> {
    const token = randomBytes(32).toString('base64url');
    const at = now();
    await repo.deleteExpiredChallenges(db, at);
    await repo.insertChallenge(db, {
      tokenHash: hashToken(token),
      memberId: member.id,
      ip: meta.ip,
      methods: methods.join(','),
      context: JSON.stringify(context),
      at,
      expiresAt: new Date(at.getTime() + LOGIN_CHALLENGE_TTL_MINUTES * 60_000),
    });
    // The screen states how long the member has: the SMS code's own lifetime when a code is sent (the
    // figure the SMS itself states), never longer than the challenge.
    let expiredMinutes = LOGIN_CHALLENGE_TTL_MINUTES;
    if (methods.includes('sms') && member.mobileNum) {
      try {
        await sms.send(merchantId, 'login', member.mobileNum, { countryDialingCode: null, ip: meta.ip });
      } catch (error) {
        // A code sent a moment ago is still valid; the throttle must not block the challenge.
        if (!(error instanceof DomainError && error.code === 'sms_too_many_requests')) throw error;
      }
      expiredMinutes = Math.min(expiredMinutes, await sms.codeLifetimeMinutes(merchantId));
    }
    return { challenge: token, methods, expiredMinutes };
  }

  /**
   * Checks the code for a live challenge from the same address; returns the member and the login
   * context saved at start. Wrong codes count against the challenge.
   */
  async function finish(
    merchantId: number,
    input: { challenge: string; method: SecondFactorMethod; code: string },
    meta: { ip: string | null },
  ): Promise<{ memberId: number; context: LoginContext }> {
    const at = now();
    const row = await repo.findLiveChallenge(db, hashToken(input.challenge), at);
    if (!row || row.attempts >= LOGIN_CHALLENGE_MAX_ATTEMPTS || row.ip !== meta.ip) throw new DomainError('second_factor_invalid');
    if (!row.methods.split(',').includes(input.method)) throw new DomainError('second_factor_invalid', 'method');

    let isRight = false;
    if (input.method === 'sms' && row.mobileNum) {
      try {
        await sms.consume(merchantId, 'login', row.mobileNum, input.code);
        isRight = true;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
      }
    } else if (input.method === 'authenticator') {
      isRight = await checkTotp(row.memberId, input.code, at);
    }
    if (!isRight) {
      await repo.countWrongChallengeAnswer(db, hashToken(input.challenge));
      throw new DomainError('second_factor_invalid', 'code');
    }
    if (!(await repo.spendChallenge(db, hashToken(input.challenge), at))) throw new DomainError('second_factor_invalid');
    return { memberId: row.memberId, context: row.context as LoginContext };
  }

  /** A code is accepted once: the time step it belongs to is remembered. */
  async function checkTotp(memberId: number, code: string, at: Date): Promise<boolean> {
    const stored = await repo.findTotp(db, memberId);
    if (!stored?.confirmed_at) return false;
    const counter = matchTotp(stored.secret_base32, code, at);
    if (counter === null) return false;
    return repo.advanceTotpCounter(db, memberId, counter);
  }

  /** Starts enrolment: a new secret, not used until confirmed with a code from the app. */
  async function enrolAuthenticator(memberId: number, label: string): Promise<{ secret: string; otpauthUrl: string }> {
    const existing = await repo.findTotp(db, memberId);
    if (existing?.confirmed_at) throw new DomainError('conflict', 'authenticator already set up');
    const secret = newTotpSecret();
    await repo.upsertTotpSecret(db, memberId, secret);
    return { secret, otpauthUrl: totpUri(secret, TOTP_ISSUER, label) };
  }

  async function confirmAuthenticator(memberId: number, code: string): Promise<void> {
    const stored = await repo.findTotp(db, memberId);
    if (!stored) throw new DomainError('second_factor_invalid', 'no enrolment');
    if (stored.confirmed_at) throw new DomainError('conflict', 'authenticator already set up');
    const at = now();
    const counter = matchTotp(stored.secret_base32, code, at);
    if (counter === null) throw new DomainError('second_factor_invalid', 'code');
    await repo.confirmTotp(db, memberId, at, counter);
  }

  /** A key rotation's work for members' authenticator secrets: every one sealed again with the current key. */
  function resealSecrets(): Promise<number> {
    return resealUntilDone((limit) => repo.resealTotpSecrets(db, limit));
  }

  return { recordKnownIp, methodsRequired, start, finish, enrolAuthenticator, confirmAuthenticator, resealSecrets };
}
