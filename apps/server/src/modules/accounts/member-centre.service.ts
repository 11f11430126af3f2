import {
  AVATAR_MAX_BYTES,
  BUILTIN_AVATARS,
  type BuiltinAvatar,
  checkProfileField,
  LOGIN_HISTORY_LIMIT,
  type LoginHistoryValue,
  type MemberProfileRequest,
  type MemberProfileValue,
  type PlayerAvatarValue,
  PROFILE_FIELDS,
} from '@platform/contracts/member-centre';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { type Principal, recentSessionsOf } from '../session/session.service.ts';
import type { RequestMeta } from './accounts.service.ts';
import { writeAccountAudit } from './accounts-audit.ts';
import * as repo from './member-centre.repository.ts';
import { findTotp } from './second-factor.repository.ts';

export type MemberCentreService = ReturnType<typeof createMemberCentreService>;

/** A short, readable name of the browser and system behind a user agent; '' when unknown. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return '';
  const browser = (
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/SamsungBrowser\//, 'Samsung Internet'],
      [/Firefox\/|FxiOS\//, 'Firefox'],
      [/Chrome\/|CriOS\//, 'Chrome'],
      [/Safari\//, 'Safari'],
    ] as const
  ).find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = (
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ] as const
  ).find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}

/** The image type its first bytes show, or null when it is neither PNG nor JPEG. */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length > png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

const DATA_URL = /^data:(image\/(?:png|jpeg|jpg));base64,([A-Za-z0-9+/]+={0,2})$/;

function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * The member centre's account page: the profile of the spec's fields, the avatar (built-in or an
 * uploaded PNG/JPEG) and the login history from the sessions table. Every call is the member's own.
 */
export function createMemberCentreService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function profile(principal: Principal): Promise<MemberProfileValue> {
    const row = await repo.findProfile(db, principal.memberId);
    return {
      permanentAddress: row?.permanent_address ?? '',
      currentAddress: row?.current_address ?? '',
      placeOfBirth: row?.place_of_birth ?? '',
      nationality: row?.nationality ?? '',
      occupation: row?.occupation ?? '',
      incomeSource: row?.income_source ?? '',
      line: row?.contacts?.line ?? '',
      birthday: row?.birthday ?? '',
      updatedAt: toIso(row?.updated_at),
    };
  }

  async function updateProfile(principal: Principal, input: MemberProfileRequest, meta: RequestMeta): Promise<MemberProfileValue> {
    const at = now();
    const values = Object.fromEntries(PROFILE_FIELDS.map((field) => [field, (input[field] ?? '').trim()])) as Record<
      (typeof PROFILE_FIELDS)[number],
      string
    >;
    for (const field of PROFILE_FIELDS) {
      const issue = checkProfileField(field, values[field], at);
      if (issue) throw new DomainError(issue, field);
    }
    const orNull = (value: string) => (value === '' ? null : value);
    const columns = {
      permanent_address: values.permanentAddress,
      current_address: values.currentAddress,
      place_of_birth: orNull(values.placeOfBirth),
      nationality: values.nationality,
      occupation: orNull(values.occupation),
      income_source: orNull(values.incomeSource),
      birthday: orNull(values.birthday),
      updated_at: at,
    };
    await db.transaction().execute(async (trx) => {
      const existing = await repo.lockProfileContacts(trx, principal.memberId);
      // LINE is one of the registration contacts; it stays with them so both forms show one value.
      const contacts = JSON.stringify({ ...(existing?.contacts ?? {}), line: values.line });
      if (existing) {
        await repo.updateProfile(trx, principal.memberId, columns, contacts);
      } else {
        await repo.insertProfile(trx, principal.memberId, columns, contacts);
      }
      await writeAccountAudit(trx, {
        action: 'member.profile_updated',
        actorType: 'member',
        actorId: principal.memberId,
        subjectId: principal.memberId,
        data: { fields: PROFILE_FIELDS.filter((field) => values[field] !== '') },
        ip: meta.ip,
      });
    });
    return profile(principal);
  }

  async function avatar(principal: Principal): Promise<PlayerAvatarValue> {
    const row = await repo.findAvatar(db, principal.memberId);
    if (!row) return { avatar: null, image: null, updatedAt: null };
    const builtin = BUILTIN_AVATARS.find((key) => key === row.builtin) ?? null;
    const image = row.image && row.content_type ? `data:${row.content_type};base64,${Buffer.from(row.image).toString('base64')}` : null;
    return { avatar: builtin, image, updatedAt: toIso(row.updated_at) };
  }

  async function storeAvatar(
    principal: Principal,
    value: { builtin: BuiltinAvatar; image: null; contentType: null } | { builtin: null; image: Buffer; contentType: string },
    meta: RequestMeta,
  ): Promise<PlayerAvatarValue> {
    const at = now();
    const row = { builtin: value.builtin, image: value.image, content_type: value.contentType, updated_at: at };
    await db.transaction().execute(async (trx) => {
      await repo.upsertAvatar(trx, principal.memberId, row);
      await writeAccountAudit(trx, {
        action: 'member.avatar_changed',
        actorType: 'member',
        actorId: principal.memberId,
        subjectId: principal.memberId,
        data: value.builtin ? { builtin: value.builtin } : { uploaded: value.contentType, bytes: value.image?.length ?? 0 },
        ip: meta.ip,
      });
    });
    return avatar(principal);
  }

  async function chooseAvatar(principal: Principal, builtin: BuiltinAvatar, meta: RequestMeta): Promise<PlayerAvatarValue> {
    return storeAvatar(principal, { builtin, image: null, contentType: null }, meta);
  }

  /** `dataUrl` is `data:image/png;base64,...` or the JPEG equivalent; the bytes must match the type. */
  async function uploadAvatar(principal: Principal, dataUrl: string, meta: RequestMeta): Promise<PlayerAvatarValue> {
    const match = DATA_URL.exec(dataUrl);
    if (!match?.[2]) throw new DomainError('avatar_invalid');
    const bytes = Buffer.from(match[2], 'base64');
    if (bytes.length > AVATAR_MAX_BYTES) throw new DomainError('avatar_too_large');
    const sniffed = sniffImageType(bytes);
    const declared = match[1] === 'image/jpg' ? 'image/jpeg' : match[1];
    if (!sniffed || sniffed !== declared) throw new DomainError('avatar_invalid');
    return storeAvatar(principal, { builtin: null, image: bytes, contentType: sniffed }, meta);
  }

  async function loginHistory(principal: Principal): Promise<LoginHistoryValue> {
    const rows = await recentSessionsOf(db, principal.memberId, LOGIN_HISTORY_LIMIT + 1);
    const at = now().getTime();
    const current = rows.find((row) => row.id === principal.sessionId);
    const previous = rows.find(
      (row) => row.id !== principal.sessionId && (!current || new Date(row.created_at).getTime() <= new Date(current.created_at).getTime()),
    );
    return {
      sessions: rows.slice(0, LOGIN_HISTORY_LIMIT).map((row) => ({
        loginTime: toIso(row.created_at) ?? '',
        lastSeenTime: toIso(row.last_seen_at) ?? '',
        ip: row.ip,
        device: describeDevice(row.user_agent),
        current: row.id === principal.sessionId,
        active: row.revoked_at === null && new Date(row.expires_at).getTime() > at,
      })),
      previousLoginTime: toIso(previous?.created_at),
      previousLoginIp: previous?.ip ?? null,
    };
  }

  async function authenticatorStatus(principal: Principal): Promise<{ enabled: boolean }> {
    const row = await findTotp(db, principal.memberId);
    return { enabled: Boolean(row?.confirmed_at) };
  }

  return { profile, updateProfile, avatar, chooseAvatar, uploadAvatar, loginHistory, authenticatorStatus };
}
