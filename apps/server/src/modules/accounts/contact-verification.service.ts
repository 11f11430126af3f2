import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { checkField } from '@platform/contracts/accounts';
import type { ContactChannel, ContactStatus, ContactVerificationValue } from '@platform/contracts/member-centre';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import type { Principal } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { maskEmail, maskTail } from './accounts.presenter.ts';
import type { RequestMeta } from './accounts.service.ts';
import { registrationSetting, smsPolicySetting } from './accounts.settings.ts';
import { writeAccountAudit } from './accounts-audit.ts';
import type { EmailProvider } from './email-provider.ts';
import type { SmsProvider } from './sms-provider.ts';

export type ContactVerificationService = ReturnType<typeof createContactVerificationService>;

const HOUR_MS = 3_600_000;
const PG_UNIQUE_VIOLATION = '23505';

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
    const row = await db.selectFrom('members').select(['mobile_num', 'email']).where('id', '=', memberId).executeTakeFirst();
    if (!row) throw new DomainError('unauthorized');
    return { mobile: row.mobile_num, email: row.email } satisfies Record<ContactChannel, string | null>;
  }

  async function status(principal: Principal): Promise<ContactVerificationValue> {
    const addresses = await currentAddresses(principal.memberId);
    const proofs = await db.selectFrom('member_contact_verifications').selectAll().where('member_id', '=', principal.memberId).execute();
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
      const taken = await db
        .selectFrom('members')
        .select('id')
        .where('merchant_id', '=', principal.merchantId)
        .where('mobile_num', '=', given)
        .executeTakeFirst();
      if (taken) throw new DomainError('mobile_taken');
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
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contact:${principal.memberId}:${channel}`}, 0))`.execute(trx);
      const recent = await trx
        .selectFrom('member_contact_codes')
        .select([sql<number>`count(*)`.as('count'), sql<Date | null>`max(created_at)`.as('latest')])
        .where('member_id', '=', principal.memberId)
        .where('channel', '=', channel)
        .where('created_at', '>', new Date(at.getTime() - HOUR_MS))
        .executeTakeFirstOrThrow();
      const latest = recent.latest ? new Date(recent.latest) : null;
      if (Number(recent.count) >= policy.perNumberPerHour) throw new DomainError('sms_too_many_requests');
      if (latest && at.getTime() - latest.getTime() < policy.resendSeconds * 1000) throw new DomainError('sms_too_many_requests');
      await trx
        .updateTable('member_contact_codes')
        .set({ consumed_at: at })
        .where('member_id', '=', principal.memberId)
        .where('channel', '=', channel)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('member_contact_codes')
        .values({
          member_id: principal.memberId,
          channel,
          address,
          code_hash: `${salt}$${hashCode(salt, channel, address, code)}`,
          created_at: at,
          expires_at: new Date(at.getTime() + policy.expiredMinutes * 60_000),
        })
        .execute();
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
    const row = await db
      .selectFrom('member_contact_codes')
      .selectAll()
      .where('member_id', '=', principal.memberId)
      .where('channel', '=', channel)
      .where('consumed_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || row.attempts >= policy.maxAttempts) throw new DomainError('verification_code_invalid');
    if (new Date(row.expires_at).getTime() <= at.getTime()) throw new DomainError('verification_code_expired');
    const [salt = '', stored = ''] = row.code_hash.split('$');
    const expected = Buffer.from(stored, 'hex');
    const actual = Buffer.from(hashCode(salt, channel, row.address, input.code.trim()), 'hex');
    if (!(expected.length === actual.length && timingSafeEqual(expected, actual))) {
      await db.updateTable('member_contact_codes').set({ attempts: sql<number>`attempts + 1` }).where('id', '=', row.id).execute();
      throw new DomainError('verification_code_invalid');
    }
    try {
      await db.transaction().execute(async (trx) => {
        // Only one caller spends it, even when two arrive with the right code at once.
        const spent = await trx
          .updateTable('member_contact_codes')
          .set({ consumed_at: at })
          .where('id', '=', row.id)
          .where('consumed_at', 'is', null)
          .where('attempts', '<', policy.maxAttempts)
          .returning('id')
          .executeTakeFirst();
        if (!spent) throw new DomainError('verification_code_invalid');
        const member = await trx
          .selectFrom('members')
          .select(['mobile_num', 'email'])
          .where('id', '=', principal.memberId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const onFile = channel === 'mobile' ? member.mobile_num : member.email;
        if (onFile && onFile !== row.address) throw new DomainError('verification_code_invalid');
        if (!onFile) {
          await trx
            .updateTable('members')
            .set(channel === 'mobile' ? { mobile_num: row.address } : { email: row.address })
            .where('id', '=', principal.memberId)
            .execute();
        }
        await trx
          .insertInto('member_contact_verifications')
          .values({ member_id: principal.memberId, channel, address: row.address, verified_at: at })
          .onConflict((oc) => oc.columns(['member_id', 'channel']).doUpdateSet({ address: row.address, verified_at: at }))
          .execute();
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
      const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
      if (code === PG_UNIQUE_VIOLATION) throw new DomainError('mobile_taken');
      throw error;
    }
    return status(principal);
  }

  return { status, sendCode, confirm };
}
