import { z } from 'zod';
import { okEnvelope } from './envelope.ts';

/**
 * The member centre's own calls: the profile (spec section 3, "Profile fields"), the avatar and the
 * login history. Plain helpers first so a client can import them without building the schemas' users.
 */

/** Profile fields in the spec's order. */
export const PROFILE_FIELDS = [
  'permanentAddress',
  'currentAddress',
  'placeOfBirth',
  'nationality',
  'occupation',
  'incomeSource',
  'line',
  'birthday',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Spec section 5: "Address, nationality and LINE fields require input." */
export const REQUIRED_PROFILE_FIELDS: readonly ProfileField[] = ['permanentAddress', 'currentAddress', 'nationality', 'line'];

export const PROFILE_TEXT_MAX = 255;
/** The spec gives both 18 and 21 as the age in its wording; the lower one is the rule everywhere. */
export const PROFILE_MINIMUM_AGE = 18;

/** YYYY-MM-DD naming a real calendar day. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}

/** Whole years between a YYYY-MM-DD birthday and `today` (UTC). */
export function ageOn(birthday: string, today: Date): number {
  const [year, month, day] = birthday.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Why a profile value is refused, or null. Shared by the form and the server. */
export function checkProfileField(field: ProfileField, value: string, today: Date): 'field_required' | 'field_invalid' | null {
  const trimmed = value.trim();
  if (trimmed === '') return REQUIRED_PROFILE_FIELDS.includes(field) ? 'field_required' : null;
  if (trimmed.length > PROFILE_TEXT_MAX) return 'field_invalid';
  if (field === 'birthday') {
    if (!isCalendarDate(trimmed)) return 'field_invalid';
    const age = ageOn(trimmed, today);
    if (age < PROFILE_MINIMUM_AGE || age > 130) return 'field_invalid';
  }
  return null;
}

const profileText = z.string().max(PROFILE_TEXT_MAX * 4);

/** PUT /wps/member/profile: the whole profile; an empty optional field clears it. */
export const memberProfileRequestSchema = z.strictObject({
  permanentAddress: profileText,
  currentAddress: profileText,
  placeOfBirth: profileText.optional(),
  nationality: profileText,
  occupation: profileText.optional(),
  incomeSource: profileText.optional(),
  line: profileText,
  birthday: profileText.optional(),
});
export type MemberProfileRequest = z.infer<typeof memberProfileRequestSchema>;

export const memberProfileValueSchema = z.object({
  permanentAddress: z.string(),
  currentAddress: z.string(),
  placeOfBirth: z.string(),
  nationality: z.string(),
  occupation: z.string(),
  incomeSource: z.string(),
  line: z.string(),
  /** YYYY-MM-DD or '' when not given. */
  birthday: z.string(),
  updatedAt: z.string().nullable(),
});
export type MemberProfileValue = z.infer<typeof memberProfileValueSchema>;
export const memberProfileResponseSchema = okEnvelope(memberProfileValueSchema);

/** The built-in avatars a member may choose; the web app ships one SVG per key. */
export const BUILTIN_AVATARS = ['lotus', 'dragon', 'tiger', 'phoenix', 'koi', 'crane', 'star', 'moon'] as const;
export type BuiltinAvatar = (typeof BUILTIN_AVATARS)[number];

/** Uploaded avatars: PNG or JPEG, at most 1 MB of image. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;

/** GET /wps/relay/MCSFE_getPlayerAvatar */
export const playerAvatarValueSchema = z.object({
  /** A built-in avatar, or null. */
  avatar: z.enum(BUILTIN_AVATARS).nullable(),
  /** The uploaded image as a data URL, or null. At most one of avatar and image is set. */
  image: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PlayerAvatarValue = z.infer<typeof playerAvatarValueSchema>;
export const playerAvatarResponseSchema = okEnvelope(playerAvatarValueSchema);

/** PUT /wps/member/info/icon: choose a built-in avatar. */
export const chooseAvatarRequestSchema = z.strictObject({ avatar: z.enum(BUILTIN_AVATARS) });

/** POST /wps/member/info/icon: upload an image as a base64 data URL. */
export const uploadAvatarRequestSchema = z.strictObject({
  // base64 of 1 MB is 1,398,104 characters; the prefix is short.
  image: z.string().max(1_398_200),
});

/** GET /wps/member/sessions: the member's most recent logins. */
export const LOGIN_HISTORY_LIMIT = 20;
export const loginHistoryEntrySchema = z.object({
  loginTime: z.string(),
  lastSeenTime: z.string(),
  ip: z.string().nullable(),
  device: z.string(),
  current: z.boolean(),
  active: z.boolean(),
});
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntrySchema>;
export const loginHistoryValueSchema = z.object({
  sessions: z.array(loginHistoryEntrySchema),
  /** The login before the current one, or null on a first login. */
  previousLoginTime: z.string().nullable(),
  previousLoginIp: z.string().nullable(),
});
export type LoginHistoryValue = z.infer<typeof loginHistoryValueSchema>;
export const loginHistoryResponseSchema = okEnvelope(loginHistoryValueSchema);

/** GET /wps/member/authenticator: whether an authenticator is set up and confirmed. */
export const authenticatorStatusResponseSchema = okEnvelope(z.object({ enabled: z.boolean() }));

/** Contact details a member proves they receive: the mobile number by SMS, the e-mail by mail. */
export const CONTACT_CHANNELS = ['mobile', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const contactStatusSchema = z.object({
  /** Masked as in member info; '' when the member has none. */
  value: z.string(),
  isSet: z.boolean(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
});
export type ContactStatus = z.infer<typeof contactStatusSchema>;

/** GET /wps/member/verification */
export const contactVerificationValueSchema = z.object({ mobile: contactStatusSchema, email: contactStatusSchema });
export type ContactVerificationValue = z.infer<typeof contactVerificationValueSchema>;
export const contactVerificationResponseSchema = okEnvelope(contactVerificationValueSchema);

/**
 * POST /wps/member/verification/code: a code to the member's mobile or e-mail. `address` is needed
 * only by a member who has none on file yet (it is added when the code is confirmed); otherwise it
 * may be left out or must be the one on file.
 */
export const contactCodeRequestSchema = z.strictObject({
  channel: z.enum(CONTACT_CHANNELS),
  address: z.string().trim().min(1).max(PROFILE_TEXT_MAX).optional(),
});
export const contactCodeResponseSchema = okEnvelope(z.object({ expiredMinutes: z.number().int() }));

/** POST /wps/member/verification/confirm */
export const contactConfirmRequestSchema = z.strictObject({
  channel: z.enum(CONTACT_CHANNELS),
  code: z.string().trim().min(1).max(16),
});
