import { createHash, randomBytes } from 'node:crypto';
import { checkField } from '@platform/contracts/accounts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError, fieldError } from '../../lib/domain-error.ts';
import { hashPassword } from '../../lib/password.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { SessionService } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './accounts.repository.ts';
import { registrationSetting } from './accounts.settings.ts';
import { writeAccountAudit } from './accounts-audit.ts';
import type { EmailProvider } from './email-provider.ts';
import * as resetTokens from './password-reset.repository.ts';

export const RESET_TOKEN_TTL_MINUTES = 30;
/** Reset mails per member per hour; more requests are answered alike but send nothing. */
export const RESET_MAILS_PER_HOUR = 3;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;

/**
 * Forgot password by e-mail: a one-time link to the member's stored address, valid for 30 minutes.
 * The request is answered the same whether or not the name and address match (ADR 0005).
 */
export function createPasswordResetService(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  merchants: MerchantService;
  sessions: SessionService;
  email: EmailProvider;
  now: () => Date;
}) {
  const { db, settings, merchants, sessions, email, now } = deps;

  async function request(input: { username: string; email: string; origin: string | null }, meta: { ip: string | null }): Promise<void> {
    const merchant = await merchants.current();
    const member = await repo.findByUsername(db, merchant.id, input.username);
    if (!member?.email || member.status !== 'active' || member.email.toLowerCase() !== input.email.toLowerCase()) return;
    const at = now();
    if ((await resetTokens.countSince(db, member.id, new Date(at.getTime() - 3_600_000))) >= RESET_MAILS_PER_HOUR) return;
    const token = randomBytes(32).toString('base64url');
    await resetTokens.insert(db, {
      tokenHash: hashToken(token),
      memberId: member.id,
      at,
      expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
      ip: meta.ip,
    });
    const link = `${input.origin ?? ''}/reset-password?token=${token}`;
    await email.send({
      merchantId: merchant.id,
      to: member.email,
      subject: 'Đặt lại mật khẩu / Reset your password',
      body: `Mở liên kết sau trong ${RESET_TOKEN_TTL_MINUTES} phút để đặt mật khẩu mới / Open this link within ${RESET_TOKEN_TTL_MINUTES} minutes to set a new password: ${link}`,
    });
  }

  /** Spends the token, sets the password and ends every session of the member. */
  async function complete(
    input: { token: string; newPassword: string; confirmNewPassword?: string | undefined },
    meta: { ip: string | null },
  ) {
    const merchant = await merchants.current();
    const reg = await settings.get(merchant.id, registrationSetting);
    const rule = reg.fields.find((r) => r.field === 'password');
    const issue = rule ? checkField({ ...rule, enabled: true, required: true }, input.newPassword) : null;
    if (issue) throw fieldError({ ...issue, field: 'newPassword' });
    if (input.confirmNewPassword !== undefined && input.confirmNewPassword !== input.newPassword) {
      throw new DomainError('password_mismatch', 'confirmNewPassword');
    }
    const passwordHash = await hashPassword(input.newPassword);
    const at = now();
    const memberId = await db.transaction().execute(async (trx) => {
      const spentBy = await resetTokens.spend(trx, hashToken(input.token), at);
      if (spentBy === undefined) throw new DomainError('reset_link_invalid');
      const spent = { member_id: spentBy };
      await repo.setPassword(trx, spent.member_id, passwordHash, at);
      // One reset spends every other link sent to the member as well.
      await resetTokens.spendAllOfMember(trx, spent.member_id, at);
      await writeAccountAudit(trx, {
        action: 'member.password_reset',
        actorType: 'member',
        actorId: spent.member_id,
        subjectId: spent.member_id,
        data: { by: 'email' },
        ip: meta.ip,
      });
      return spent.member_id;
    });
    await sessions.revokeAllForMember(memberId);
  }

  return { request, complete };
}
