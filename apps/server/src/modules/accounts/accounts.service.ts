import { randomBytes } from 'node:crypto';
import { ACCOUNT_TYPE, isAgentAccountType, isTrialAccountType } from '@platform/contracts/account-types';
import {
  type ChangePasswordRequest,
  checkField,
  checkFields,
  type FieldRule,
  isUnaccentedName,
  type LoginValue,
  type loginRequestSchema,
  type MemberInfoValue,
  normaliseName,
  type RegisteredOnlyValue,
  type RegisterSettingsValue,
  type RegistrationRuleField,
  type registerRequestSchema,
  type resetPasswordByPhoneRequestSchema,
  type SessionValues,
} from '@platform/contracts/accounts';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type MemberLabelsOf, NO_LABELS } from '../member-labels/member-labels.service.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { Principal, SessionService } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { whitelabelSetting } from '../system/system.settings.ts';
import { presentLogin, presentMemberInfo, presentSessionValues } from './accounts.presenter.ts';
import * as repo from './accounts.repository.ts';
import {
  freePlaySetting,
  type LoginPolicy,
  loginPolicySetting,
  type RegistrationSettings,
  registrationSetting,
} from './accounts.settings.ts';
import { writeAccountAudit } from './accounts-audit.ts';
import type { CaptchaService } from './captcha.service.ts';
import { clearThrottle, readThrottle, recordFailure } from './login-throttle.ts';
import { type SecondFactor, type SecondFactorMethod, secondFactorSetting } from './second-factor.ts';
import type { SmsCodeService } from './sms-code.service.ts';

export type RequestMeta = { ip: string | null; userAgent: string | null };
export type RegisterInput = z.output<typeof registerRequestSchema>;
export type LoginInput = z.output<typeof loginRequestSchema>;
export type RegistrationMode = 'username' | 'mobile';
export type ResetPasswordByPhoneInput = z.output<typeof resetPasswordByPhoneRequestSchema>;

export type SecondFactorChallenge = { challenge: string; methods: SecondFactorMethod[]; expiredMinutes: number };

/** A refused login, carrying whether the next attempt must show a captcha, or the second step to take. */
export class LoginRefusal extends DomainError {
  readonly captcha: boolean;
  readonly secondFactor: SecondFactorChallenge | undefined;
  constructor(code: ConstructorParameters<typeof DomainError>[0], captcha: boolean, detail?: string, secondFactor?: SecondFactorChallenge) {
    super(code, detail);
    this.captcha = captcha;
    this.secondFactor = secondFactor;
  }
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Another module's veto on a login whose credentials were right; it throws a DomainError. */
export type LoginGuard = { assertCanLogin: (memberId: number) => Promise<void> };

const PG_UNIQUE_VIOLATION = '23505';
const AFFILIATE_CODE_ATTEMPTS = 5;

/** Maps a unique-index violation on members to the field it concerns; undefined for other errors. */
function duplicateFieldOf(error: unknown): 'username' | 'mobile' | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== PG_UNIQUE_VIOLATION) return undefined;
  const where = `${typeof constraint === 'string' ? constraint : ''} ${typeof message === 'string' ? message : ''}`;
  if (where.includes('members_username_key')) return 'username';
  if (where.includes('members_mobile_key')) return 'mobile';
  return undefined;
}

function ruleOf(settings: RegistrationSettings, field: RegistrationRuleField): FieldRule {
  const rule = settings.fields.find((r) => r.field === field);
  if (!rule) throw new Error(`registration setting has no rule for ${field}`);
  return rule;
}

function fieldError(issue: { code: 'field_required' | 'field_invalid'; field: string }): DomainError {
  return new DomainError(issue.code, issue.field);
}

/**
 * Registration, login, logout, member info and password changes. Every write that matters to
 * security writes its audit row in the same transaction.
 */
export function createAccountsService(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  merchants: MerchantService;
  sessions: SessionService;
  captcha: CaptchaService;
  sms: SmsCodeService;
  secondFactor: SecondFactor;
  ledger: LedgerService;
  loginGuard?: LoginGuard | undefined;
  /** The member's labels (names in order, the VIP tier); none when not given. */
  labels?: { labelsOf: (memberId: number) => Promise<MemberLabelsOf> } | undefined;
  now: () => Date;
}) {
  const { db, settings, merchants, sessions, captcha, sms, secondFactor, ledger, now } = deps;
  const labelsOf = (memberId: number): Promise<MemberLabelsOf> => deps.labels?.labelsOf(memberId) ?? Promise.resolve(NO_LABELS);

  // Unknown usernames are checked against this hash, so they cost the same time as known ones.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    dummyHash ??= hashPassword(randomBytes(18).toString('base64'));
    return dummyHash;
  };

  async function registerSettings(): Promise<RegisterSettingsValue> {
    const merchant = await merchants.current();
    const [reg, flags] = await Promise.all([settings.get(merchant.id, registrationSetting), settings.get(merchant.id, whitelabelSetting)]);
    const mobileRule = ruleOf(reg, 'mobileNum');
    return {
      usernameEnabled: reg.usernameRegistration,
      mobileReg: reg.mobileRegistration,
      mobileRegPass: reg.mobileWithPassword,
      smsEnabled: flags.REGMOBVERF3,
      showPhoneLogin: flags.MOBILEVERCODELOGIN3,
      showVerCodeLogin: flags.MOBILEVERCODELOGIN3,
      captchaEnabled: ruleOf(reg, 'captcha').enabled,
      agreementRequired: reg.agreementRequired,
      mobileDigits: mobileRule.maxLength,
      countryDialingCodes: reg.countryDialingCodes,
      directLogin: flags.DIRECTREG3,
    };
  }

  async function validationRules(): Promise<FieldRule[]> {
    const merchant = await merchants.current();
    return (await settings.get(merchant.id, registrationSetting)).fields;
  }

  /** The mobile number rule, made required: sending a code or registering by mobile needs one. */
  async function checkMobile(merchantId: number, mobileNum: string): Promise<void> {
    const reg = await settings.get(merchantId, registrationSetting);
    const issue = checkField({ ...ruleOf(reg, 'mobileNum'), enabled: true, required: true }, mobileNum);
    if (issue) throw new DomainError('mobile_invalid');
  }

  async function resolveAffiliate(merchantId: number, code: string) {
    const found = await repo.findActiveAffiliate(db, merchantId, code);
    if (found?.status !== 'active' || !isAgentAccountType(found.accountType)) throw new DomainError('invitation_code_error');
    return found;
  }

  async function checkAffiliate(code: string): Promise<{ code: string; valid: true }> {
    const merchant = await merchants.current();
    const found = await resolveAffiliate(merchant.id, code);
    return { code: found.code, valid: true };
  }

  async function register(
    mode: RegistrationMode,
    input: RegisterInput,
    meta: RequestMeta & { captchaKey: string | undefined },
  ): Promise<LoginValue | RegisteredOnlyValue> {
    const merchant = await merchants.current();
    const [reg, flags] = await Promise.all([settings.get(merchant.id, registrationSetting), settings.get(merchant.id, whitelabelSetting)]);
    if (mode === 'username' && !reg.usernameRegistration) throw new DomainError('registration_disabled');
    if (mode === 'mobile' && !reg.mobileRegistration) throw new DomainError('registration_disabled');

    const isMobile = mode === 'mobile';
    const needsPassword = !isMobile || reg.mobileWithPassword;
    const payeeName = input.payeeName ? normaliseName(input.payeeName) : undefined;
    const affiliateCode = input.affiliateCode || input.referralCode || undefined;

    // In mobile mode the number is the username, so the username rule gives way to the mobile rule.
    const rules = reg.fields.map((r): FieldRule => {
      if (isMobile && r.field === 'username') return { ...r, enabled: false };
      if (isMobile && r.field === 'mobileNum') return { ...r, enabled: true, required: true };
      if (!needsPassword && r.field === 'password') return { ...r, enabled: false };
      return r;
    });
    const issue = checkFields(rules, {
      username: input.username,
      password: input.password,
      payeeName,
      paymentPassword: input.paymentPassword,
      qqNum: input.qqNum,
      line: input.line,
      whatsapp: input.whatsapp,
      facebook: input.facebook,
      wechat: input.wechat,
      idNumber: input.idNumber,
      email: input.email,
      mobileNum: input.mobileNum,
      recommenderId: input.recommenderId,
      affiliateCode,
      captcha: input.captcha,
    });
    if (issue) throw fieldError(issue);
    const isEnabled = (field: RegistrationRuleField) => rules.find((r) => r.field === field)?.enabled === true;
    const kept = (field: RegistrationRuleField, value: string | undefined) => (isEnabled(field) && value ? value : undefined);

    if (needsPassword && input.password !== input.confirmPassword) throw new DomainError('password_mismatch', 'confirmPassword');
    if (reg.agreementRequired && !input.agreement) throw new DomainError('agreement_required');
    if (kept('payeeName', payeeName) && !isUnaccentedName(payeeName!)) throw new DomainError('real_name_invalid');

    const username = isMobile ? input.mobileNum! : input.username!;
    const mobileNum = kept('mobileNum', input.mobileNum) ?? null;

    let parent: { id: number; uplinePath: string } | null = null;
    const usedAffiliate = kept('affiliateCode', affiliateCode);
    if (usedAffiliate) {
      const found = await resolveAffiliate(merchant.id, usedAffiliate);
      const agent = await repo.findById(db, found.memberId);
      parent = agent ? { id: agent.id, uplinePath: agent.uplinePath } : null;
    }
    const recommender = kept('recommenderId', input.recommenderId);
    if (!parent && recommender) {
      // A recommender places the new member in that agent's downline, like an affiliate code.
      const agent = await repo.findByUsername(db, merchant.id, recommender);
      if (agent?.status !== 'active' || !isAgentAccountType(agent.accountType)) throw new DomainError('recommender_invalid');
      parent = { id: agent.id, uplinePath: agent.uplinePath };
    }

    // Codes are spent last among the checks, so a typo elsewhere does not burn them.
    if (isEnabled('captcha') && !(await captcha.verify(merchant.id, meta.captchaKey ?? input.captchaKey, input.captcha))) {
      throw new DomainError('captcha_invalid');
    }
    if (isMobile && flags.REGMOBVERF3) {
      if (input.firebaseChannel === 'sms' && input.firebaseIdToken) {
        await sms.consumeProviderToken(input.firebaseIdToken, input.mobileNum!, input.countryDialingCode);
      } else {
        if (!input.verificationCode) throw new DomainError('verification_code_required');
        await sms.consume(merchant.id, 'register', input.mobileNum!, input.verificationCode);
      }
    }

    const passwordHash = needsPassword ? await hashPassword(input.password!) : null;
    const paymentPassword = kept('paymentPassword', input.paymentPassword);
    const paymentPasswordHash = paymentPassword ? await hashPassword(paymentPassword) : null;
    const at = now();
    const contacts: Record<string, string> = {};
    for (const field of ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat'] as const) {
      const value = kept(field, input[field]);
      if (value) contacts[field] = value;
    }
    if (input.telegram) contacts.telegram = input.telegram;
    if (input.zalo) contacts.zalo = input.zalo;

    let memberId: number;
    try {
      memberId = await db.transaction().execute(async (trx) => {
        const created = await repo.insertMember(trx, {
          merchantId: merchant.id,
          username,
          accountType: ACCOUNT_TYPE.member,
          parent,
          nickname: input.nickname || null,
          payeeName: kept('payeeName', payeeName) ?? null,
          mobileNum,
          email: kept('email', input.email) ?? null,
          currency: merchant.currency,
          passwordHash,
          paymentPasswordHash,
        });
        await repo.insertProfile(trx, {
          memberId: created.id,
          contacts,
          idNumber: kept('idNumber', input.idNumber) ?? null,
          registerMethod: input.registerMethod,
          registerDomain: input.domain ?? null,
          registerUrl: input.registerUrl ?? null,
          registerIp: meta.ip,
          affiliateCodeUsed: usedAffiliate ?? null,
        });
        await repo.insertSecurity(trx, { memberId: created.id, passwordChangedAt: passwordHash ? at : null });
        await writeAccountAudit(trx, {
          action: 'member.registered',
          actorType: 'visitor',
          actorId: null,
          subjectId: created.id,
          data: { mode, parentId: parent?.id ?? null, affiliateCode: usedAffiliate ?? null, method: input.registerMethod },
          ip: meta.ip,
        });
        return created.id;
      });
    } catch (error) {
      const duplicate = duplicateFieldOf(error);
      if (duplicate === 'username') throw new DomainError('username_taken');
      if (duplicate === 'mobile') throw new DomainError('mobile_taken');
      throw error;
    }

    // Registration ends logged in (spec: register, then log in automatically) unless the operator
    // turned DIRECTREG3 off, in which case the member logs in by themselves afterwards.
    if (!flags.DIRECTREG3) return { registered: true, customerId: memberId, username };
    return completeLogin(merchant, memberId, meta, { isSms: false, isDefaultPassword: false, previousLogin: null });
  }

  async function completeLogin(
    merchant: { id: number; code: string },
    memberId: number,
    meta: RequestMeta,
    context: { isSms: boolean; isDefaultPassword: boolean; previousLogin: { at: Date | null; ip: string | null; count: number } | null },
  ): Promise<LoginValue> {
    await deps.loginGuard?.assertCanLogin(memberId);
    const policy = await settings.get(merchant.id, loginPolicySetting);
    const at = now();
    const before = await repo.findById(db, memberId);
    if (!before) throw new DomainError('login_failed');
    // Registration is the member's first login; so is an operator-made account's first sign-in.
    const isFirstLogin = context.previousLogin === null || context.previousLogin.count === 0;
    const isOperatorMadeFirstLogin = context.previousLogin !== null && isFirstLogin;
    const passwordExpired = isPasswordExpired(before, policy, at);
    await secondFactor.recordKnownIp(memberId, meta.ip);
    await db.transaction().execute(async (trx) => {
      await repo.recordLogin(trx, memberId, at, meta.ip);
      await writeAccountAudit(trx, {
        action: 'member.login',
        actorType: 'member',
        actorId: memberId,
        subjectId: memberId,
        data: { type: context.isSms ? 'sms' : 'password', firstTimeLogin: isFirstLogin },
        ip: meta.ip,
      });
    });
    const session = await sessions.create(memberId, meta);
    // SMS logins do not prove the password, so they never force a change of it (spec, login step 4).
    const cpw =
      !context.isSms &&
      (before.mustChangePassword === true ||
        context.isDefaultPassword ||
        isOperatorMadeFirstLogin ||
        (passwordExpired && policy.forceChangeOnExpiry));
    return presentLogin(presentSessionValues(session.token, merchant, before, await labelsOf(memberId)), {
      cpw,
      firstTimeLogin: isFirstLogin,
      passwordExpired,
      previousLoginAt: context.previousLogin?.at ?? null,
      previousLoginIp: context.previousLogin?.ip ?? null,
    });
  }

  function isPasswordExpired(row: repo.MemberAccountRow, policy: LoginPolicy, at: Date): boolean {
    if (policy.passwordMaxAgeDays === 0 || row.passwordHash === null) return false;
    const changedAt = row.passwordChangedAt ?? row.createdAt;
    return at.getTime() - changedAt.getTime() > policy.passwordMaxAgeDays * 86_400_000;
  }

  async function login(input: LoginInput, meta: RequestMeta & { captchaKey: string | undefined }): Promise<LoginValue> {
    const merchant = await merchants.current();
    const [policy, flags] = await Promise.all([
      settings.get(merchant.id, loginPolicySetting),
      settings.get(merchant.id, whitelabelSetting),
    ]);
    if (input.type === 'sms' && !flags.MOBILEVERCODELOGIN3) throw new DomainError('sms_login_disabled');
    const at = now();
    const accountKey = `${input.type}:${input.username.toLowerCase()}`;
    const ipKey = meta.ip ?? 'unknown';
    const [accountState, ipState] = await Promise.all([
      readThrottle(db, merchant.id, 'account', accountKey, at, policy),
      readThrottle(db, merchant.id, 'ip', ipKey, at, policy),
    ]);
    const needsCaptcha =
      accountState.failures >= policy.captchaAfterFailures || accountState.lockouts > 0 || ipState.failures >= policy.captchaAfterFailures;
    const lockedUntil = [accountState.lockedUntil, ipState.lockedUntil].filter((d): d is Date => d !== null).sort((a, b) => +b - +a)[0];
    if (lockedUntil) {
      throw new LoginRefusal('account_locked', true, `retry after ${Math.ceil((lockedUntil.getTime() - at.getTime()) / 60_000)} min`);
    }
    if (needsCaptcha) {
      if (!input.captcha) throw new LoginRefusal('captcha_required', true);
      if (!(await captcha.verify(merchant.id, meta.captchaKey ?? input.captchaKey, input.captcha)))
        throw new LoginRefusal('captcha_invalid', true);
    }

    let member: repo.MemberAccountRow | undefined;
    let isDefaultPassword = false;
    if (input.type === 'sms') {
      let codeIsRight = true;
      try {
        await sms.consume(merchant.id, 'login', input.username, input.password);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        codeIsRight = false;
      }
      member = codeIsRight ? await repo.findByMobile(db, merchant.id, input.username) : undefined;
    } else {
      const found = await repo.findByUsername(db, merchant.id, input.username);
      const isRight = await verifyPassword(found?.passwordHash ?? (await dummy()), input.password);
      member = found?.passwordHash && isRight ? found : undefined;
      isDefaultPassword = member !== undefined && policy.defaultPasswords.includes(input.password);
    }

    if (!member) {
      const [account, ip] = await Promise.all([
        recordFailure(db, merchant.id, 'account', accountKey, at, policy, policy.accountLockThreshold),
        recordFailure(db, merchant.id, 'ip', ipKey, at, policy, policy.ipLockThreshold),
      ]);
      await writeAccountAudit(db, {
        action: 'member.login_failed',
        actorType: 'visitor',
        actorId: null,
        subjectId: null,
        data: { username: input.username, type: input.type, failures: account.failures },
        ip: meta.ip,
      });
      if (account.justLocked || ip.justLocked) {
        await writeAccountAudit(db, {
          action: 'member.locked_out',
          actorType: 'visitor',
          actorId: null,
          subjectId: null,
          data: {
            username: input.username,
            scope: account.justLocked ? 'account' : 'ip',
            until: (account.lockedUntil ?? ip.lockedUntil)?.toISOString(),
          },
          ip: meta.ip,
        });
      }
      const captchaNext =
        account.lockouts > 0 || account.failures >= policy.captchaAfterFailures || ip.failures >= policy.captchaAfterFailures;
      throw new LoginRefusal('login_failed', captchaNext);
    }

    // The credentials were right: from here on, saying why the login is refused reveals nothing.
    if (member.status !== 'active') throw new LoginRefusal('account_locked', false);
    if (isTrialAccountType(member.accountType)) throw new LoginRefusal('non_member_login', false);
    if (input.entry === 'agent' && !isAgentAccountType(member.accountType)) throw new LoginRefusal('not_agent', false);
    await deps.loginGuard?.assertCanLogin(member.id);

    await clearThrottle(db, merchant.id, 'account', accountKey);
    const context = {
      isSms: input.type === 'sms',
      isDefaultPassword,
      previousLogin: { at: member.lastLoginAt, ip: member.lastLoginIp, count: member.loginCount ?? 0 },
    };
    // An SMS login has already proven the phone; a password login from a new address proves more.
    if (input.type === 'username' && (await settings.get(merchant.id, secondFactorSetting)).enabled) {
      const methods = await secondFactor.methodsRequired(member, meta.ip);
      if (methods.length > 0) {
        const challenge = await secondFactor.start(merchant.id, member, methods, meta, {
          isDefaultPassword,
          previousLoginAt: member.lastLoginAt?.toISOString() ?? null,
          previousLoginIp: member.lastLoginIp,
          loginCount: member.loginCount ?? 0,
        });
        throw new LoginRefusal('second_factor_required', false, undefined, challenge);
      }
    }
    return completeLogin(merchant, member.id, meta, context);
  }

  /** The second step of a login from a new address; ends logged in like a login. */
  async function verifySecondFactor(
    input: { challenge: string; method: SecondFactorMethod; code: string },
    meta: RequestMeta,
  ): Promise<LoginValue> {
    const merchant = await merchants.current();
    const { memberId, context } = await secondFactor.finish(merchant.id, input, meta);
    const member = await repo.findById(db, memberId);
    if (member?.status !== 'active') throw new DomainError('second_factor_invalid');
    const previousAt = typeof context.previousLoginAt === 'string' ? new Date(context.previousLoginAt) : null;
    return completeLogin(merchant, memberId, meta, {
      isSms: false,
      isDefaultPassword: context.isDefaultPassword === true,
      previousLogin: {
        at: previousAt,
        ip: typeof context.previousLoginIp === 'string' ? context.previousLoginIp : null,
        count: typeof context.loginCount === 'number' ? context.loginCount : 0,
      },
    });
  }

  async function enrolAuthenticator(principal: Principal) {
    return secondFactor.enrolAuthenticator(principal.memberId, principal.username);
  }

  async function confirmAuthenticator(principal: Principal, code: string) {
    await secondFactor.confirmAuthenticator(principal.memberId, principal.username, code);
  }

  async function logout(principal: Principal, meta: RequestMeta): Promise<void> {
    await sessions.revoke(principal.sessionId);
    await writeAccountAudit(db, {
      action: 'member.logout',
      actorType: 'member',
      actorId: principal.memberId,
      subjectId: principal.memberId,
      data: {},
      ip: meta.ip,
    });
  }

  async function memberInfo(principal: Principal): Promise<MemberInfoValue> {
    const row = await repo.findById(db, principal.memberId);
    if (!row) throw new DomainError('unauthorized');
    return presentMemberInfo(row, await repo.findAffiliateCodeOf(db, row.id), await labelsOf(row.id));
  }

  /** Changes the password and ends every session of the member, this one included. */
  async function changePassword(principal: Principal, input: ChangePasswordRequest, meta: RequestMeta): Promise<void> {
    const merchant = await merchants.current();
    const row = await repo.findById(db, principal.memberId);
    if (!row) throw new DomainError('unauthorized');
    const reg = await settings.get(merchant.id, registrationSetting);
    const issue = checkField({ ...ruleOf(reg, 'password'), enabled: true, required: true }, input.newPassword);
    if (issue) throw new DomainError(issue.code, 'newPassword');
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
  }

  async function sendLoginCode(input: { mobileNum: string; countryDialingCode?: string | undefined }, meta: RequestMeta) {
    const merchant = await merchants.current();
    const flags = await settings.get(merchant.id, whitelabelSetting);
    if (!flags.MOBILEVERCODELOGIN3) throw new DomainError('sms_login_disabled');
    await checkMobile(merchant.id, input.mobileNum);
    // Sent whether or not the number is registered: the answer must not tell who has an account.
    return sms.send(merchant.id, 'login', input.mobileNum, { countryDialingCode: input.countryDialingCode ?? null, ip: meta.ip });
  }

  async function sendRegisterCode(input: { mobileNo: string; countryDialingCode?: string | undefined }, meta: RequestMeta) {
    const merchant = await merchants.current();
    const reg = await settings.get(merchant.id, registrationSetting);
    if (!reg.mobileRegistration) throw new DomainError('registration_disabled');
    await checkMobile(merchant.id, input.mobileNo);
    return sms.send(merchant.id, 'register', input.mobileNo, { countryDialingCode: input.countryDialingCode ?? null, ip: meta.ip });
  }

  /** The code for a password change under CHNGPASSVERIF3, sent to the member's own mobile. */
  async function sendMemberPasswordCode(principal: Principal, meta: RequestMeta) {
    const row = await repo.findById(db, principal.memberId);
    if (!row?.mobileNum) throw new DomainError('mobile_invalid');
    return sms.send(principal.merchantId, 'password', row.mobileNum, { countryDialingCode: null, ip: meta.ip });
  }

  async function sendPasswordCode(input: { mobileNum: string; countryDialingCode?: string | undefined }, meta: RequestMeta) {
    const merchant = await merchants.current();
    await checkMobile(merchant.id, input.mobileNum);
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
    if (issue) throw new DomainError(issue.code, 'newPassword');
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

  /**
   * Free play (FREEPLAY3): a new trial account (type 4) with play money, and its session. Trial
   * accounts have no password, cannot log in again and are refused real-account actions by the
   * guards. Their money comes from the play_money system account, never from real money's accounts.
   */
  async function freePlayLogin(input: { os?: string | undefined; random?: string | undefined }, meta: RequestMeta): Promise<SessionValues> {
    const merchant = await merchants.current();
    const flags = await settings.get(merchant.id, whitelabelSetting);
    if (!flags.FREEPLAY3) throw new DomainError('freeplay_disabled');
    const username = `trial${randomBytes(6).toString('hex')}`;
    // Read before the transaction: inside it, only `trx` may touch the database.
    const { playMoneyMinor } = await settings.get(merchant.id, freePlaySetting);
    const memberId = await db.transaction().execute(async (trx) => {
      const created = await repo.insertMember(trx, {
        merchantId: merchant.id,
        username,
        accountType: ACCOUNT_TYPE.trial,
        parent: null,
        nickname: null,
        payeeName: null,
        mobileNum: null,
        email: null,
        currency: merchant.currency,
        passwordHash: null,
        paymentPasswordHash: null,
      });
      await repo.recordLogin(trx, created.id, now(), meta.ip);
      if (playMoneyMinor > 0) {
        const source = await ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'play_money', currency: merchant.currency }, trx);
        const wallets = await ledger.ensureMemberAccounts(
          { merchantId: merchant.id, memberId: created.id, currency: merchant.currency },
          trx,
        );
        const main = wallets.player_main;
        if (!main) throw new Error('trial main wallet missing after creation');
        await ledger.transfer(
          {
            fromAccountId: source.id,
            toAccountId: main.id,
            amount: playMoneyMinor,
            code: 'trial_credit',
            idempotencyKey: `trial-credit:${created.id}`,
          },
          trx,
        );
      }
      await writeAccountAudit(trx, {
        action: 'member.trial_created',
        actorType: 'visitor',
        actorId: null,
        subjectId: created.id,
        data: { os: input.os ?? null, random: input.random ?? null },
        ip: meta.ip,
      });
      return created.id;
    });
    const row = await repo.findById(db, memberId);
    if (!row) throw new Error('trial account vanished after insert');
    const session = await sessions.create(memberId, meta);
    return presentSessionValues(session.token, merchant, row, await labelsOf(memberId));
  }

  /**
   * The agent's invitation code, made on first request: eight letters and digits that are easy to
   * read aloud (no 0/O or 1/I). A clash with another agent's code just draws again.
   */
  async function agentAffiliateCode(principal: Principal): Promise<{ code: string }> {
    const existing = await repo.findAffiliateCodeOf(db, principal.memberId);
    if (existing) return { code: existing };
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    for (let attempt = 0; attempt < AFFILIATE_CODE_ATTEMPTS; attempt++) {
      const code = Array.from(randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
      try {
        await db.transaction().execute(async (trx) => {
          // Serialises two first requests of one agent, so it ends with one code, not two.
          await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`affiliate:${principal.memberId}`}, 0))`.execute(trx);
          if (await repo.findAffiliateCodeOf(trx, principal.memberId)) return;
          await repo.insertAffiliateCode(trx, { merchantId: principal.merchantId, memberId: principal.memberId, code });
        });
        const stored = await repo.findAffiliateCodeOf(db, principal.memberId);
        if (stored) return { code: stored };
      } catch (error) {
        if ((error as { code?: unknown }).code !== PG_UNIQUE_VIOLATION) throw error;
      }
    }
    throw new DomainError('conflict', 'could not draw a free invitation code');
  }

  return {
    sendMemberPasswordCode,
    agentAffiliateCode,
    verifySecondFactor,
    enrolAuthenticator,
    confirmAuthenticator,
    freePlayLogin,
    sendPasswordCode,
    resetPasswordByPhone,
    registerSettings,
    validationRules,
    checkAffiliate,
    register,
    login,
    logout,
    memberInfo,
    changePassword,
    sendLoginCode,
    sendRegisterCode,
  };
}
