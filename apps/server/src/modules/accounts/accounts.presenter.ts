import type { LoginValue, MemberInfoValue, SessionValues } from '@platform/contracts/accounts';
import type { MemberLabelsOf } from '../member-labels/member-labels.service.ts';
import type { MemberAccountRow } from './accounts.repository.ts';

/** The platform string of the web client (spec: merchant platform web). */
export const WEB_PLATFORM = 'W';

export function presentSessionValues(
  token: string,
  merchant: { id: number; code: string },
  row: MemberAccountRow,
  labels: MemberLabelsOf,
  /** The operator's transfer flag (transfer_permissions.to_upline), the one the upline transfer checks. */
  toUpline: boolean,
): SessionValues {
  return {
    token,
    cpw: false,
    merchant: merchant.id,
    merchantCode: merchant.code,
    platform: WEB_PLATFORM,
    nickname: row.nickname ?? row.username,
    account: row.username,
    username: row.username,
    customerId: row.id,
    isAgent: row.accountType,
    toUpline,
    // The first label's name: the spec's VIP customer-service name.
    memberLabel: labels.names[0] ?? '',
  };
}

export function presentLogin(
  values: SessionValues,
  flags: { cpw: boolean; firstTimeLogin: boolean; passwordExpired: boolean; previousLoginAt: Date | null; previousLoginIp: string | null },
): LoginValue {
  return {
    ...values,
    cpw: flags.cpw,
    firstTimeLogin: flags.firstTimeLogin,
    passwordExpired: flags.passwordExpired,
    lastLoginTime: flags.previousLoginAt?.toISOString() ?? null,
    lastLoginIp: flags.previousLoginIp,
  };
}

/** Keeps the last `visible` characters; contact details never leave the server whole. */
export function maskTail(value: string | null, visible: number): string {
  if (!value) return '';
  if (value.length <= visible) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - visible)}${value.slice(-visible)}`;
}

export function maskEmail(value: string | null): string {
  if (!value) return '';
  const at = value.indexOf('@');
  if (at <= 0) return maskTail(value, 2);
  return `${value.slice(0, Math.min(2, at))}***${value.slice(at)}`;
}

export function presentMemberInfo(
  row: MemberAccountRow,
  affiliateCode: string | null,
  labels: MemberLabelsOf,
  toUpline: boolean,
): MemberInfoValue {
  return {
    customerId: row.id,
    account: row.username,
    username: row.username,
    nickname: row.nickname ?? row.username,
    payeeName: row.payeeName ?? '',
    mobileNum: maskTail(row.mobileNum, 4),
    email: maskEmail(row.email),
    currency: row.currency,
    isAgent: row.accountType,
    toUpline,
    memberLabel: labels.names[0] ?? '',
    labels: labels.names,
    clubLabel: labels.club,
    hasPaymentPassword: row.paymentPasswordHash !== null,
    registerTime: row.createdAt.toISOString(),
    lastLoginTime: row.lastLoginAt?.toISOString() ?? null,
    affiliateCode,
  };
}
