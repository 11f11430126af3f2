import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { checkField } from '@platform/contracts/accounts';
import type { ContactChannel, ContactStatus, ContactVerificationValue } from '@platform/contracts/member-centre';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { Principal } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { maskEmail, maskTail } from './accounts.presenter.ts';
import type { RequestMeta } from './accounts.service.ts';
import { registrationSetting, smsPolicySetting } from './accounts.settings.ts';
import { writeAccountAudit } from './accounts-audit.ts';
import * as repo from './contact-verification.repository.ts';
import type { EmailProvider } from './email-provider.ts';
import type { SmsProvider } from './sms-provider.ts';

export type ContactVerificationService = ReturnType<typeof createContactVerificationService>;

const HOUR_MS = 3_600_000;

function hashCode(salt: string, channel: ContactChannel, address: string, code: string): string {
  return createHash('sha256').update(`${salt}:${channel}:${address}:${code}`).digest('hex');
}

/**
 * Proves that a member receives their mobile number's texts or their e-mail: a one-time code is
 * sent there and confirmed here. A member with no mobile or e-mail on file names one; it is added
 * to the account only when its code is confirmed. The limits (code length, lifetime, resend gap,
 * sends an hour, guesses) are the operator's SMS settings, for both channels.
 */
export function createContactVerificationService(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  sms: SmsProvider;
  email: EmailProvider;
  now: () => Date;
}) {
  const { db, settings, sms, email, now } = deps;

  async function currentAddresses(memberId: number) {
    const row = await repo.findContacts(db, memberId);
    if (!row) throw new DomainError('unauthorized');
    return { mobile: row.mobile_num, email: row.email } satisfies Record<ContactChannel, string | null>;
  }

  async function status(principal: Principal): Promise<ContactVerificationValue> {
    const addresses = await currentAddresses(principal.memberId);
    const proofs = await repo.findProofs(db, principal.memberId);
    const statusOf = (channel: ContactChannel): ContactStatus => {
      const address = addresses[channel];
      const proof = proofs.find((row) => row.channel === channel && row.address === address);
      return {
        value: channel === 'mobile' ? maskTail(address, 4) : maskEmail(address),
        isSet: address !== null && address !== '',
        verified: Boolean(address && proof),
        verifiedAt: address && proof ? new Date(proof.verified_at).toISOString() : null,
      };
    };
    return { mobile: statusOf('mobile'), email: statusOf('email') };
  }

  /** The address the code goes to: the one on file, or (when there is none) the valid one given. */
  async function targetAddress(principal: Principal, channel: ContactChannel, given: string | undefined): Promise<string> {
    const onFile = (await currentAddresses(principal.memberId))[channel];
    if (onFile) {
      if (given !== undefined && given !== onFile) throw new DomainError('field_invalid', 'address');
      return onFile;
    }
    if (given === undefined) throw new DomainError('field_required', 'address');
    const rules = (await settings.get(principal.merchantId, registrationSetting)).fields;
    const rule = rules.find((r) => r.field === (channel === 'mobile' ? 'mobileNum' : 'email'));
    if (rule && checkField({ ...rule, enabled: true, required: true }, given)) {
      throw channel === 'mobile' ? new DomainError('mobile_invalid') : new DomainError('field_invalid', 'address');
    }
    if (channel === 'mobile') {
      if (await repo.isMobileTaken(db, principal.merchantId, given)) throw new DomainError('mobile_taken');
    }
    return given;
  }

  async function sendCode(
    principal: Principal,
    input: { channel: ContactChannel; address?: string | undefined },
  ): Promise<{ expiredMinutes: number }> {
    const { channel } = input;
    const address = await targetAddress(principal, channel, input.address);
    const policy = await settings.get(principal.merchantId, smsPolicySetting);
    const at = now();
    let code = '';
    for (let i = 0; i < policy.codeLength; i++) code += String(randomInt(10));
    const salt = randomBytes(12).toString('hex');
    await db.transaction().execute(async (trx) => {
      // One send per member and channel at a time, so parallel requests cannot slip under the caps.
      await repo.lockSends(trx, principal.memberId, channel);
      const recent = await repo.countCodesSince(trx, principal.memberId, channel, new Date(at.getTime() - HOUR_MS));
      const latest = recent.latest;
      if (recent.count >= policy.perNumberPerHour) throw new DomainError('sms_too_many_requests');
      if (latest && at.getTime() - latest.getTime() < policy.resendSeconds * 1000) throw new DomainError('sms_too_many_requests');
      await repo.retireLiveCodes(trx, principal.memberId, channel, at);
      await repo.insertCode(trx, {
        memberId: principal.memberId,
        channel,
        address,
        codeHash: `${salt}$${hashCode(salt, channel, address, code)}`,
        at,
        expiresAt: new Date(at.getTime() + policy.expiredMinutes * 60_000),
      });
    });
    if (channel === 'mobile') {
      await sms.send({
        merchantId: principal.merchantId,
        mobileNum: address,
        countryDialingCode: null,
        purpose: 'verify',
        body: `Ma xac minh so dien thoai cua ban la ${code}, hieu luc ${policy.expiredMinutes} phut.`,
      });
    } else {
      await email.send({
        merchantId: principal.merchantId,
        to: address,
        subject: 'Mã xác minh email / E-mail verification code',
        body: `Mã xác minh email của bạn là ${code}, hiệu lực ${policy.expiredMinutes} phút.\nYour e-mail verification code is ${code}, valid for ${policy.expiredMinutes} minutes.`,
      });
    }
    return { expiredMinutes: policy.expiredMinutes };
  }

  /** Spends the live code if right; the address is then proven (and added when the member had none). */
  async function confirm(principal: Principal, input: { channel: ContactChannel; code: string }, meta: RequestMeta) {
    const { channel } = input;
    const policy = await settings.get(principal.merchantId, smsPolicySetting);
    const at = now();
    const row = await repo.findLiveCode(db, principal.memberId, channel);
    if (!row || row.attempts >= policy.maxAttempts) throw new DomainError('verification_code_invalid');
    if (new Date(row.expires_at).getTime() <= at.getTime()) throw new DomainError('verification_code_expired');
    const [salt = '', stored = ''] = row.code_hash.split('$');
    const expected = Buffer.from(stored, 'hex');
    const actual = Buffer.from(hashCode(salt, channel, row.address, input.code.trim()), 'hex');
    if (!(expected.length === actual.length && timingSafeEqual(expected, actual))) {
      await repo.countWrongGuess(db, row.id);
      throw new DomainError('verification_code_invalid');
    }
    try {
      await db.transaction().execute(async (trx) => {
        // Only one caller spends it, even when two arrive with the right code at once.
        if (!(await repo.spendCode(trx, row.id, at, policy.maxAttempts))) throw new DomainError('verification_code_invalid');
        const member = await repo.findContacts(trx, principal.memberId, { lock: true });
        if (!member) throw new Error(`member ${principal.memberId} not found`);
        const onFile = channel === 'mobile' ? member.mobile_num : member.email;
        if (onFile && onFile !== row.address) throw new DomainError('verification_code_invalid');
        if (!onFile) {
          await repo.setContact(trx, principal.memberId, channel, row.address);
        }
        await repo.upsertProof(trx, { memberId: principal.memberId, channel, address: row.address, at });
        await writeAccountAudit(trx, {
          action: 'member.contact_verified',
          actorType: 'member',
          actorId: principal.memberId,
          subjectId: principal.memberId,
          data: { channel, added: !onFile },
          ip: meta.ip,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('mobile_taken');
      throw error;
    }
    return status(principal);
  }

  return { status, sendCode, confirm };
}
