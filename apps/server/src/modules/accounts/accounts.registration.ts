import { randomInt } from 'node:crypto';
import { ACCOUNT_TYPE, isAgentAccountType, mayOpen } from '@platform/contracts/account-types';
import {
  checkField,
  checkFields,
  type FieldRule,
  isUnaccentedName,
  type LoginValue,
  normaliseName,
  type RegisteredOnlyValue,
  type RegisterSettingsValue,
  type RegistrationRuleField,
} from '@platform/contracts/accounts';
import { foldText } from '@platform/contracts/text-folding';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError, fieldError } from '../../lib/domain-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { whitelabelSetting } from '../system/system.settings.ts';
import type { Affiliates } from './accounts.affiliate.ts';
import type { Login } from './accounts.login.ts';
import * as repo from './accounts.repository.ts';
import { registrationSetting } from './accounts.settings.ts';
import {
  type AccountsDeps,
  checkMobile,
  type ReferralPlacement,
  type RegisterInput,
  type RegistrationMode,
  type RequestMeta,
  ruleOf,
} from './accounts.shared.ts';
import { writeAccountAudit } from './accounts-audit.ts';
import { placeNewMember } from './downline.service.ts';
import { findMember } from './member-directory.ts';

/** Maps a unique-index violation on members to the field it concerns; undefined for other errors. */
function duplicateFieldOf(error: unknown): 'username' | 'mobile' | undefined {
  if (isUniqueViolation(error, 'members_username_key')) return 'username';
  if (isUniqueViolation(error, 'members_mobile_key')) return 'mobile';
  return undefined;
}

/**
 * Registration: the settings and field rules the form shows, the checks (fields, affiliate or
 * recommender, captcha, SMS code), the member with its profile and audit row in one transaction,
 * and the automatic first login.
 */
export function createRegistration(
  deps: AccountsDeps,
  parts: {
    resolveAffiliate: Affiliates['resolveAffiliate'];
    completeLogin: Login['completeLogin'];
  },
) {
  const { db, settings, merchants, captcha, sms, now } = deps;
  const { resolveAffiliate, completeLogin } = parts;

  /**
   * The two codes a registration may carry (docs/referral.md): `affiliateCode` is an agent's
   * invitation code; `referralCode` (the spec's `?referralCode=`) is first looked up among players'
   * referral codes, and, when no player holds it and no invitation code came too, read as an agent's
   * invitation code, as it always was. A `referralCode` that is neither beside an invitation code is
   * refused rather than dropped.
   */
  async function codesOf(merchantId: number, input: { affiliateCode?: string | undefined; referralCode?: string | undefined }) {
    let affiliateCode = input.affiliateCode || undefined;
    let referral: ReferralPlacement | undefined;
    if (input.referralCode) {
      referral = await deps.referrals?.placementOf(merchantId, input.referralCode);
      if (!referral) {
        if (affiliateCode) throw new DomainError('referral_code_invalid');
        affiliateCode = input.referralCode;
      }
    }
    return { affiliateCode, referral };
  }

  /**
   * A player's referral without an agent's code or a recommender places the friend under the
   * referrer's own agent, when that agent may still take players; else at the top like any visitor.
   */
  async function referrerUplineOf(referral: ReferralPlacement | undefined): Promise<number | null> {
    if (!referral?.uplineId) return null;
    const agent = await findMember(db, referral.uplineId);
    if (agent?.status !== 'active' || !isAgentAccountType(agent.accountType) || !mayOpen(agent.accountType, ACCOUNT_TYPE.member))
      return null;
    return agent.id;
  }

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
    const { affiliateCode, referral } = await codesOf(merchant.id, input);

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

    // An invitation code or a recommender places the new member, a player, directly under that
    // agent, which must be one that may have players (the hierarchy, docs/agents.md).
    let parentId: number | null = null;
    const usedAffiliate = kept('affiliateCode', affiliateCode);
    if (usedAffiliate) {
      const found = await resolveAffiliate(merchant.id, usedAffiliate);
      if (!mayOpen(found.accountType, ACCOUNT_TYPE.member)) throw new DomainError('invitation_code_error');
      parentId = found.memberId;
    }
    const recommender = kept('recommenderId', input.recommenderId);
    if (parentId === null && recommender) {
      const agent = await repo.findByUsername(db, merchant.id, recommender);
      if (agent?.status !== 'active' || !isAgentAccountType(agent.accountType) || !mayOpen(agent.accountType, ACCOUNT_TYPE.member)) {
        throw new DomainError('recommender_invalid');
      }
      parentId = agent.id;
    }
    if (parentId === null) parentId = await referrerUplineOf(referral);

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
        // Checked again under the parent's lock: the agent may have been locked or moved meanwhile.
        const parent = await placeNewMember(trx, {
          merchantId: merchant.id,
          parentId,
          accountType: ACCOUNT_TYPE.member,
          opener: { kind: 'registration' },
        });
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
        if (referral) await deps.referrals?.recordInvite(trx, { inviteeId: created.id, merchantId: merchant.id, placement: referral });
        await writeAccountAudit(trx, {
          action: 'member.registered',
          actorType: 'visitor',
          actorId: null,
          subjectId: created.id,
          data: {
            mode,
            parentId: parent?.id ?? null,
            affiliateCode: usedAffiliate ?? null,
            referrerId: referral?.referrerId ?? null,
            method: input.registerMethod,
          },
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

  /**
   * A username to offer a member whose account a third-party identity makes: letters and digits of
   * the hint (the identity's e-mail name or name), lengthened with digits, under the username rule,
   * not taken. The member may keep it or choose another.
   */
  async function suggestUsername(hint: string): Promise<string> {
    const merchant = await merchants.current();
    const rule = { ...ruleOf(await settings.get(merchant.id, registrationSetting), 'username'), enabled: true, required: true };
    const letters = foldText(hint)
      .replace(/[^a-z0-9]/g, '')
      .replace(/^[0-9]+/, '');
    for (let attempt = 0; attempt < 8; attempt++) {
      const base = (letters || 'player').slice(0, Math.max(rule.minLength, rule.maxLength - 4));
      const digits = String(randomInt(1000, 10000));
      const candidate = `${base}${digits}`.slice(0, rule.maxLength);
      if (checkField(rule, candidate)) continue;
      if (!(await repo.findByUsername(db, merchant.id, candidate))) return candidate;
    }
    return `p${String(randomInt(10 ** (rule.minLength - 1), 10 ** rule.minLength))}`.slice(0, rule.maxLength);
  }

  /**
   * An account made for a third-party identity (social-sign-in): the registration switch of usernames,
   * the username rule, the agreement and the invitation code as registration has them; no password
   * (the member signs in through the identity). `link` stores the link in the same transaction, so
   * there is never an account without its link. Ends signed in, like a social sign-in.
   */
  async function registerLinked(
    input: { username: string; affiliateCode?: string | undefined; referralCode?: string | undefined; agreement: boolean },
    meta: RequestMeta,
    link: (trx: Kysely<DB>, memberId: number) => Promise<void>,
  ): Promise<number> {
    const merchant = await merchants.current();
    const reg = await settings.get(merchant.id, registrationSetting);
    if (!reg.usernameRegistration) throw new DomainError('registration_disabled');
    const rules = reg.fields.map((r): FieldRule => (r.field === 'username' || r.field === 'affiliateCode' ? r : { ...r, enabled: false }));
    const { affiliateCode, referral } = await codesOf(merchant.id, input);
    const issue = checkFields(rules, { username: input.username, affiliateCode });
    if (issue) throw fieldError(issue);
    if (reg.agreementRequired && !input.agreement) throw new DomainError('agreement_required');
    const usedAffiliate = ruleOf(reg, 'affiliateCode').enabled && affiliateCode ? affiliateCode : undefined;
    let parentId: number | null = null;
    if (usedAffiliate) {
      const found = await resolveAffiliate(merchant.id, usedAffiliate);
      if (!mayOpen(found.accountType, ACCOUNT_TYPE.member)) throw new DomainError('invitation_code_error');
      parentId = found.memberId;
    }
    if (parentId === null) parentId = await referrerUplineOf(referral);
    try {
      return await db.transaction().execute(async (trx) => {
        const parent = await placeNewMember(trx, {
          merchantId: merchant.id,
          parentId,
          accountType: ACCOUNT_TYPE.member,
          opener: { kind: 'registration' },
        });
        const created = await repo.insertMember(trx, {
          merchantId: merchant.id,
          username: input.username,
          accountType: ACCOUNT_TYPE.member,
          parent,
          nickname: null,
          payeeName: null,
          mobileNum: null,
          email: null,
          currency: merchant.currency,
          passwordHash: null,
          paymentPasswordHash: null,
        });
        await repo.insertProfile(trx, {
          memberId: created.id,
          contacts: {},
          idNumber: null,
          registerMethod: 'social',
          registerDomain: null,
          registerUrl: null,
          registerIp: meta.ip,
          affiliateCodeUsed: usedAffiliate ?? null,
        });
        await repo.insertSecurity(trx, { memberId: created.id, passwordChangedAt: null });
        if (referral) await deps.referrals?.recordInvite(trx, { inviteeId: created.id, merchantId: merchant.id, placement: referral });
        await writeAccountAudit(trx, {
          action: 'member.registered',
          actorType: 'visitor',
          actorId: null,
          subjectId: created.id,
          data: {
            mode: 'social',
            parentId: parent?.id ?? null,
            affiliateCode: usedAffiliate ?? null,
            referrerId: referral?.referrerId ?? null,
            method: 'social',
          },
          ip: meta.ip,
        });
        await link(trx, created.id);
        return created.id;
      });
    } catch (error) {
      if (duplicateFieldOf(error) === 'username') throw new DomainError('username_taken');
      throw error;
    }
  }

  async function sendRegisterCode(input: { mobileNo: string; countryDialingCode?: string | undefined }, meta: RequestMeta) {
    const merchant = await merchants.current();
    const reg = await settings.get(merchant.id, registrationSetting);
    if (!reg.mobileRegistration) throw new DomainError('registration_disabled');
    await checkMobile(settings, merchant.id, input.mobileNo);
    return sms.send(merchant.id, 'register', input.mobileNo, { countryDialingCode: input.countryDialingCode ?? null, ip: meta.ip });
  }

  return { registerSettings, validationRules, register, sendRegisterCode, suggestUsername, registerLinked };
}
