import { isTrialAccountType } from '@platform/contracts/account-types';
import { type ChangePasswordRequest, checkField, type LoginValue } from '@platform/contracts/accounts';
import { DomainError, fieldError } from '../../lib/domain-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Principal } from '../session/session.service.ts';
import { whitelabelSetting } from '../system/system.settings.ts';
import type { Login } from './accounts.login.ts';
import * as repo from './accounts.repository.ts';
import { registrationSetting } from './accounts.settings.ts';
import { type AccountsDeps, checkMobile, type RequestMeta, type ResetPasswordByPhoneInput, ruleOf } from './accounts.shared.ts';
import { writeAccountAudit } from './accounts-audit.ts';

/** Password changes (with the old password) and resets (with an SMS code), and the codes they need. */
export function createPasswords(
  deps: AccountsDeps,
  login: {
    completeLogin: Login['completeLogin'];
  },
) {
  const { db, settings, merchants, sessions, sms, now } = deps;
  const { completeLogin } = login;

  /**
   * Changes the password and ends every session of the member, this one included, then logs this
   * device in again with a new session (spec: on success login info reloads and the site goes on).
   */
  async function changePassword(principal: Principal, input: ChangePasswordRequest, meta: RequestMeta): Promise<LoginValue> {
    const merchant = await merchants.current();
    const row = await repo.findById(db, principal.memberId);
    if (!row) throw new DomainError('unauthorized');
    const reg = await settings.get(merchant.id, registrationSetting);
    const issue = checkField({ ...ruleOf(reg, 'password'), enabled: true, required: true }, input.newPassword);
    if (issue) throw fieldError({ ...issue, field: 'newPassword' });
    if (input.newPassword !== input.confirmNewPassword) throw new DomainError('password_mismatch', 'confirmNewPassword');
    if (!row.passwordHash || !(await verifyPassword(row.passwordHash, input.oldPassword))) {
      throw new DomainError('old_password_incorrect');
    }
    if (input.newPassword === input.oldPassword) throw new DomainError('password_unchanged');
    // CHNGPASSVERIF3 adds proof of the phone; a member without a mobile number has only the password.
    if ((await settings.get(merchant.id, whitelabelSetting)).CHNGPASSVERIF3 && row.mobileNum) {
      if (!input.verificationCode) throw new DomainError('verification_code_required');
      await sms.consume(merchant.id, 'password', row.mobileNum, input.verificationCode);
    }
    const passwordHash = await hashPassword(input.newPassword);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await repo.setPassword(trx, row.id, passwordHash, at);
      await writeAccountAudit(trx, {
        action: 'member.password_changed',
        actorType: 'member',
        actorId: row.id,
        subjectId: row.id,
        data: {},
        ip: meta.ip,
      });
    });
    await sessions.revokeAllForMember(row.id);
    return completeLogin(merchant, row.id, meta, {
      isSms: false,
      isDefaultPassword: false,
      previousLogin: { at: row.lastLoginAt, ip: row.lastLoginIp, count: row.loginCount ?? 0 },
    });
  }

  /** The code for a password change under CHNGPASSVERIF3, sent to the member's own mobile. */
  async function sendMemberPasswordCode(principal: Principal, meta: RequestMeta) {
    const row = await repo.findById(db, principal.memberId);
    if (!row?.mobileNum) throw new DomainError('mobile_invalid');
    return sms.send(principal.merchantId, 'password', row.mobileNum, { countryDialingCode: null, ip: meta.ip });
  }

  async function sendPasswordCode(input: { mobileNum: string; countryDialingCode?: string | undefined }, meta: RequestMeta) {
    const merchant = await merchants.current();
    await checkMobile(settings, merchant.id, input.mobileNum);
    // Sent whether or not the number is registered, like the login code.
    return sms.send(merchant.id, 'password', input.mobileNum, { countryDialingCode: input.countryDialingCode ?? null, ip: meta.ip });
  }

  /**
   * Sets a new password for the member who owns the mobile number, proven by an SMS code; ends
   * every other session and logs the member in (spec: forgot password by phone).
   */
  async function resetPasswordByPhone(input: ResetPasswordByPhoneInput, meta: RequestMeta): Promise<LoginValue> {
    const merchant = await merchants.current();
    const reg = await settings.get(merchant.id, registrationSetting);
    const issue = checkField({ ...ruleOf(reg, 'password'), enabled: true, required: true }, input.newPassword);
    if (issue) throw fieldError({ ...issue, field: 'newPassword' });
    if (input.confirmNewPassword !== undefined && input.confirmNewPassword !== input.newPassword) {
      throw new DomainError('password_mismatch', 'confirmNewPassword');
    }
    await sms.consume(merchant.id, 'password', input.mobileNum, input.verificationCode);
    const member = await repo.findByMobile(db, merchant.id, input.mobileNum);
    // Only the holder of the phone gets this far, so saying the code led nowhere reveals nothing new.
    if (member?.status !== 'active' || isTrialAccountType(member.accountType)) throw new DomainError('verification_code_invalid');
    const passwordHash = await hashPassword(input.newPassword);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await repo.setPassword(trx, member.id, passwordHash, at);
      await writeAccountAudit(trx, {
        action: 'member.password_reset',
        actorType: 'member',
        actorId: member.id,
        subjectId: member.id,
        data: { by: 'sms' },
        ip: meta.ip,
      });
    });
    await sessions.revokeAllForMember(member.id);
    return completeLogin(merchant, member.id, meta, {
      isSms: true,
      isDefaultPassword: false,
      previousLogin: { at: member.lastLoginAt, ip: member.lastLoginIp, count: member.loginCount ?? 0 },
    });
  }

  return { changePassword, sendMemberPasswordCode, sendPasswordCode, resetPasswordByPhone };
}
