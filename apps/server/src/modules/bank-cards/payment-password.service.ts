import { checkField, type FieldRule } from '@platform/contracts/accounts';
import type { ChangePaymentPasswordRequest, SetPaymentPasswordRequest } from '@platform/contracts/withdrawals';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError, fieldError } from '../../lib/domain-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { registrationSetting } from '../accounts/accounts.settings.ts';
import { findMemberCredentials, setPaymentPasswordHash } from '../accounts/member-directory.ts';
import type { SmsCodeService } from '../accounts/sms-code.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './bank-cards.repository.ts';
import { PAYMENT_PASSWORD_FAILURES_MAX, PAYMENT_PASSWORD_LOCK_MINUTES } from './bank-cards.settings.ts';

export type PaymentPasswordService = ReturnType<typeof createPaymentPasswordService>;
type Member = { memberId: number; merchantId: number };

/**
 * The payment (withdrawal) password: set once with the login password as proof, changed with the
 * current one, checked on every withdrawal. Wrong answers in a row lock it for a while. Its format
 * is the registration rule of the `paymentPassword` field, made required.
 */
export function createPaymentPasswordService(deps: { db: Kysely<DB>; settings: SettingsService; sms: SmsCodeService; now: () => Date }) {
  const { db, settings, sms, now } = deps;

  async function checkFormat(merchantId: number, value: string, field: string): Promise<void> {
    const reg = await settings.get(merchantId, registrationSetting);
    const rule = reg.fields.find((r) => r.field === 'paymentPassword');
    if (!rule) throw new Error('registration setting has no paymentPassword rule');
    const issue = checkField({ ...rule, enabled: true, required: true } satisfies FieldRule, value);
    if (issue) throw fieldError({ ...issue, field });
  }

  async function set(member: Member, input: SetPaymentPasswordRequest, ip: string | null): Promise<void> {
    await checkFormat(member.merchantId, input.paymentPassword, 'paymentPassword');
    if (input.paymentPassword !== input.confirmPaymentPassword) throw new DomainError('password_mismatch', 'confirmPaymentPassword');
    const secrets = await findMemberCredentials(db, member.memberId);
    if (!secrets) throw new DomainError('unauthorized');
    if (secrets.paymentPasswordHash) throw new DomainError('payment_password_already_set');
    if (!secrets.passwordHash || !(await verifyPassword(secrets.passwordHash, input.loginPassword))) {
      throw new DomainError('reauth_failed', 'loginPassword');
    }
    const hash = await hashPassword(input.paymentPassword);
    await db.transaction().execute(async (trx) => {
      if (!(await setPaymentPasswordHash(trx, member.memberId, hash, { onlyIfUnset: true }))) {
        throw new DomainError('payment_password_already_set');
      }
      await recordAudit(trx, {
        actorType: 'member',
        actorId: member.memberId,
        action: 'member.payment_password_set',
        subjectType: 'member',
        subjectId: member.memberId,
        ip,
      });
    });
  }

  async function change(member: Member, input: ChangePaymentPasswordRequest, ip: string | null): Promise<void> {
    await checkFormat(member.merchantId, input.newPaymentPassword, 'newPaymentPassword');
    if (input.newPaymentPassword !== input.confirmNewPaymentPassword) {
      throw new DomainError('password_mismatch', 'confirmNewPaymentPassword');
    }
    const current = await verify(member, input.oldPaymentPassword);
    if (input.newPaymentPassword === input.oldPaymentPassword) throw new DomainError('password_unchanged');
    const hash = await hashPassword(input.newPaymentPassword);
    await db.transaction().execute(async (trx) => {
      // Two changes racing from the same old password: only the first one lands.
      if (!(await setPaymentPasswordHash(trx, member.memberId, hash, { expectedHash: current }))) {
        throw new DomainError('conflict');
      }
      await recordAudit(trx, {
        actorType: 'member',
        actorId: member.memberId,
        action: 'member.payment_password_changed',
        subjectType: 'member',
        subjectId: member.memberId,
        ip,
      });
    });
  }

  /**
   * Checks the payment password, counting wrong answers; returns the stored hash when right.
   * Locked after PAYMENT_PASSWORD_FAILURES_MAX wrong answers in a row, for PAYMENT_PASSWORD_LOCK_MINUTES.
   */
  async function verify(member: Member, plain: string): Promise<string> {
    const at = now();
    const guard = await repo.findGuard(db, member.memberId);
    if (guard?.lockedUntil && guard.lockedUntil.getTime() > at.getTime()) throw new DomainError('payment_password_locked');
    const secrets = await findMemberCredentials(db, member.memberId);
    if (!secrets) throw new DomainError('unauthorized');
    if (!secrets.paymentPasswordHash) throw new DomainError('payment_password_not_set');
    if (!(await verifyPassword(secrets.paymentPasswordHash, plain))) {
      const lockUntil = new Date(at.getTime() + PAYMENT_PASSWORD_LOCK_MINUTES * 60_000);
      const failures = await repo.recordGuardFailure(db, member.memberId, at, PAYMENT_PASSWORD_FAILURES_MAX, lockUntil);
      if (failures >= PAYMENT_PASSWORD_FAILURES_MAX) throw new DomainError('payment_password_locked');
      throw new DomainError('payment_password_incorrect');
    }
    if (guard) await repo.clearGuard(db, member.memberId);
    return secrets.paymentPasswordHash;
  }

  async function hasPaymentPassword(memberId: number): Promise<boolean> {
    return (await findMemberCredentials(db, memberId))?.paymentPasswordHash != null;
  }

  /**
   * The rule of money calls other than withdrawals (transfers along the downline, red envelopes):
   * a member without a payment password passes; one with a payment password must send it
   * (`payment_password_required`), and it is checked as `verify` checks it, lock included.
   */
  async function checkIfSet(member: Member, plain: string | undefined): Promise<void> {
    if (!(await hasPaymentPassword(member.memberId))) return;
    if (plain === undefined) throw new DomainError('payment_password_required');
    await verify(member, plain);
  }

  /**
   * Re-authentication before the first withdrawal to a new card: the login password, or a code
   * sent by SMS to the member's own mobile (for members who log in by SMS and have no password).
   */
  async function reauthenticate(member: Member, proof: { loginPassword?: string | undefined; verificationCode?: string | undefined }) {
    const secrets = await findMemberCredentials(db, member.memberId);
    if (!secrets) throw new DomainError('unauthorized');
    if (proof.verificationCode) {
      if (!secrets.mobileNum) throw new DomainError('mobile_invalid');
      await sms.consume(member.merchantId, 'withdrawal', secrets.mobileNum, proof.verificationCode);
      return;
    }
    if (!proof.loginPassword) throw new DomainError('reauth_required');
    if (!secrets.passwordHash || !(await verifyPassword(secrets.passwordHash, proof.loginPassword))) {
      throw new DomainError('reauth_failed', 'loginPassword');
    }
  }

  /** Sends the re-authentication code to the member's own mobile number. */
  async function sendWithdrawalCode(member: Member, ip: string | null): Promise<{ expiredMinutes: number }> {
    const secrets = await findMemberCredentials(db, member.memberId);
    if (!secrets?.mobileNum) throw new DomainError('mobile_invalid');
    return sms.send(member.merchantId, 'withdrawal', secrets.mobileNum, { countryDialingCode: null, ip });
  }

  return { set, change, verify, hasPaymentPassword, checkIfSet, reauthenticate, sendWithdrawalCode };
}
