import { randomBytes } from 'node:crypto';
import { isAgentAccountType, isTrialAccountType } from '@platform/contracts/account-types';
import type { LoginValue } from '@platform/contracts/accounts';
import type { MessageParams } from '@platform/contracts/errors';
import { DomainError } from '../../lib/domain-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Principal } from '../session/session.service.ts';
import { whitelabelSetting } from '../system/system.settings.ts';
import { presentLogin, presentSessionValues } from './accounts.presenter.ts';
import * as repo from './accounts.repository.ts';
import { type LoginPolicy, loginPolicySetting } from './accounts.settings.ts';
import {
  type AccountsDeps,
  checkMobile,
  type LoginInput,
  labelsReaderOf,
  type RequestMeta,
  type SecondFactorChallenge,
  toUplineReaderOf,
} from './accounts.shared.ts';
import { writeAccountAudit } from './accounts-audit.ts';
import { clearThrottle, readThrottle, recordFailure } from './login-throttle.ts';
import { requirePasswordChange } from './member-admin.repository.ts';
import { insertLogin } from './member-file.repository.ts';
import { type SecondFactorMethod, secondFactorSetting } from './second-factor.ts';

/** A refused login, carrying whether the next attempt must show a captcha, or the second step to take. */
export class LoginRefusal extends DomainError {
  readonly captcha: boolean;
  readonly secondFactor: SecondFactorChallenge | undefined;
  constructor(
    code: ConstructorParameters<typeof DomainError>[0],
    captcha: boolean,
    detail?: string,
    secondFactor?: SecondFactorChallenge,
    params?: MessageParams,
  ) {
    super(code, detail, params);
    this.captcha = captcha;
    this.secondFactor = secondFactor;
  }
}

export type Login = ReturnType<typeof createLogin>;

export type LoginContext = {
  isSms: boolean;
  /** A sign-in through a linked third-party identity (social-sign-in): it proves no password either. */
  isSocial?: boolean;
  isDefaultPassword: boolean;
  previousLogin: { at: Date | null; ip: string | null; count: number } | null;
};

/**
 * Login (password or SMS code, throttled, with a captcha after failures and a second factor from a
 * new address), its completion (the session, the audit row, whether the password must change) and logout.
 */
export function createLogin(deps: AccountsDeps) {
  const { db, settings, merchants, sessions, captcha, sms, secondFactor, now } = deps;
  const labelsOf = labelsReaderOf(deps);
  const toUplineOf = toUplineReaderOf(deps);

  // Unknown usernames are checked against this hash, so they cost the same time as known ones.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => {
    dummyHash ??= hashPassword(randomBytes(18).toString('base64'));
    return dummyHash;
  };

  async function completeLogin(
    merchant: { id: number; code: string },
    memberId: number,
    meta: RequestMeta,
    context: LoginContext,
  ): Promise<LoginValue> {
    await deps.loginGuard?.assertCanLogin(memberId);
    const policy = await settings.get(merchant.id, loginPolicySetting);
    const at = now();
    const before = await repo.findById(db, memberId);
    if (!before) throw new DomainError('login_failed');
    // Registration is the member's first login; so is an operator-made account's first sign-in.
    const isFirstLogin = context.previousLogin === null || context.previousLogin.count === 0;
    // An account made for the member by someone else (an operator, an agent) has a password its
    // holder never chose (no password_changed_at): the change it needs is recorded at its first
    // sign-in and asked for at every login until it is made, whichever way the first one went.
    const isOperatorMadeFirstLogin = context.previousLogin !== null && isFirstLogin && before.passwordChangedAt === null;
    const passwordExpired = isPasswordExpired(before, policy, at);
    await secondFactor.recordKnownIp(memberId, meta.ip);
    await db.transaction().execute(async (trx) => {
      await repo.recordLogin(trx, memberId, at, meta.ip);
      await insertLogin(trx, {
        merchantId: merchant.id,
        memberId,
        result: 'success',
        method: context.isSms ? 'sms' : 'password',
        ip: meta.ip,
        userAgent: meta.userAgent,
        at,
      });
      if (isOperatorMadeFirstLogin) await requirePasswordChange(trx, memberId);
      await writeAccountAudit(trx, {
        action: 'member.login',
        actorType: 'member',
        actorId: memberId,
        subjectId: memberId,
        data: { type: context.isSocial ? 'social' : context.isSms ? 'sms' : 'password', firstTimeLogin: isFirstLogin },
        ip: meta.ip,
      });
    });
    // SMS logins do not prove the password, so they never force a change of it (spec, login step 4).
    // A social sign-in proves none either; only an operator's demand for a change of a password the
    // member has holds it, as at every login, until the change.
    const cpw = context.isSocial
      ? before.mustChangePassword === true && before.passwordHash !== null
      : !context.isSms &&
        (before.mustChangePassword === true ||
          context.isDefaultPassword ||
          isOperatorMadeFirstLogin ||
          (passwordExpired && policy.forceChangeOnExpiry));
    // The server holds the member to it: until the change, the session may make that change only.
    const session = await sessions.create(memberId, meta, { isPasswordChangeOnly: cpw });
    return presentLogin(presentSessionValues(session.token, merchant, before, await labelsOf(memberId), await toUplineOf(memberId)), {
      cpw,
      firstTimeLogin: isFirstLogin,
      passwordExpired,
      previousLoginAt: context.previousLogin?.at ?? null,
      previousLoginIp: context.previousLogin?.ip ?? null,
    });
  }

  /** What refuses a member whose credentials were right: a locked or closed account, a trial account. */
  function assertMaySignIn(member: repo.MemberAccountRow): void {
    if (member.status !== 'active') throw new LoginRefusal('account_locked', false);
    if (isTrialAccountType(member.accountType)) throw new LoginRefusal('non_member_login', false);
  }

  function isPasswordExpired(row: repo.MemberAccountRow, policy: LoginPolicy, at: Date): boolean {
    if (policy.passwordMaxAgeDays === 0 || row.passwordHash === null) return false;
    const changedAt = row.passwordChangedAt ?? row.createdAt;
    return at.getTime() - changedAt.getTime() > policy.passwordMaxAgeDays * 86_400_000;
  }

  /** Counts a wrong guess on the account name and the IP (locking either at its threshold); whether a captcha comes next. */
  async function countFailure(
    merchantId: number,
    policy: LoginPolicy,
    attempt: { username: string; type: string },
    accountKey: string,
    ipKey: string,
    at: Date,
    meta: RequestMeta,
  ): Promise<boolean> {
    const [account, ip] = await Promise.all([
      recordFailure(db, merchantId, 'account', accountKey, at, policy, policy.accountLockThreshold),
      recordFailure(db, merchantId, 'ip', ipKey, at, policy, policy.ipLockThreshold),
    ]);
    await writeAccountAudit(db, {
      action: 'member.login_failed',
      actorType: 'visitor',
      actorId: null,
      subjectId: null,
      data: { username: attempt.username, type: attempt.type, failures: account.failures },
      ip: meta.ip,
    });
    if (account.justLocked || ip.justLocked) {
      await writeAccountAudit(db, {
        action: 'member.locked_out',
        actorType: 'visitor',
        actorId: null,
        subjectId: null,
        data: {
          username: attempt.username,
          scope: account.justLocked ? 'account' : 'ip',
          until: (account.lockedUntil ?? ip.lockedUntil)?.toISOString(),
        },
        ip: meta.ip,
      });
    }
    return account.lockouts > 0 || account.failures >= policy.captchaAfterFailures || ip.failures >= policy.captchaAfterFailures;
  }

  /** The lock of the account name or the IP, if either is locked now. */
  async function lockOf(merchantId: number, policy: LoginPolicy, accountKey: string, ipKey: string, at: Date) {
    const [accountState, ipState] = await Promise.all([
      readThrottle(db, merchantId, 'account', accountKey, at, policy),
      readThrottle(db, merchantId, 'ip', ipKey, at, policy),
    ]);
    const lockedUntil = [accountState.lockedUntil, ipState.lockedUntil].filter((d): d is Date => d !== null).sort((a, b) => +b - +a)[0];
    return { accountState, ipState, lockedUntil };
  }

  function refuseLocked(lockedUntil: Date, at: Date): never {
    const minutes = String(Math.ceil((lockedUntil.getTime() - at.getTime()) / 60_000));
    throw new LoginRefusal('account_locked', true, undefined, undefined, { minutes });
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
    const { accountState, ipState, lockedUntil } = await lockOf(merchant.id, policy, accountKey, ipKey, at);
    const needsCaptcha =
      accountState.failures >= policy.captchaAfterFailures || accountState.lockouts > 0 || ipState.failures >= policy.captchaAfterFailures;
    if (lockedUntil) refuseLocked(lockedUntil, at);
    if (needsCaptcha) {
      if (!input.captcha) throw new LoginRefusal('captcha_required', true);
      if (!(await captcha.verify(merchant.id, meta.captchaKey ?? input.captchaKey, input.captcha)))
        throw new LoginRefusal('captcha_invalid', true);
    }

    let member: repo.MemberAccountRow | undefined;
    // The account a wrong password was given for, kept in its login history.
    let refused: repo.MemberAccountRow | undefined;
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
      refused = member ? undefined : found;
      isDefaultPassword = member !== undefined && policy.defaultPasswords.includes(input.password);
    }

    if (!member) {
      if (refused) {
        await insertLogin(db, {
          merchantId: merchant.id,
          memberId: refused.id,
          result: 'failed',
          method: 'password',
          ip: meta.ip,
          userAgent: meta.userAgent,
          at,
        });
      }
      const captchaNext = await countFailure(
        merchant.id,
        policy,
        { username: input.username, type: input.type },
        accountKey,
        ipKey,
        at,
        meta,
      );
      throw new LoginRefusal('login_failed', captchaNext);
    }

    // The credentials were right: from here on, saying why the login is refused reveals nothing.
    assertMaySignIn(member);
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

  /**
   * The password check of linking a third-party identity to an existing account: the login's
   * throttle (the same counters, locks and audit rows; a ticket from a finished third-party sign-in
   * stands in for the captcha) and the same refusals once the password is right. The member's id.
   */
  async function verifyPasswordForLink(input: { username: string; password: string }, meta: RequestMeta): Promise<number> {
    const merchant = await merchants.current();
    const policy = await settings.get(merchant.id, loginPolicySetting);
    const at = now();
    const accountKey = `username:${input.username.toLowerCase()}`;
    const ipKey = meta.ip ?? 'unknown';
    const { lockedUntil } = await lockOf(merchant.id, policy, accountKey, ipKey, at);
    if (lockedUntil) refuseLocked(lockedUntil, at);
    const found = await repo.findByUsername(db, merchant.id, input.username);
    const isRight = await verifyPassword(found?.passwordHash ?? (await dummy()), input.password);
    const member = found?.passwordHash && isRight ? found : undefined;
    if (!member) {
      await countFailure(merchant.id, policy, { username: input.username, type: 'social_link' }, accountKey, ipKey, at, meta);
      throw new LoginRefusal('login_failed', false);
    }
    assertMaySignIn(member);
    await deps.loginGuard?.assertCanLogin(member.id);
    await clearThrottle(db, merchant.id, 'account', accountKey);
    return member.id;
  }

  /** A sign-in through a third-party identity linked to the member: the refusals of a login whose credentials were right, then the session. */
  async function signInLinked(memberId: number, meta: RequestMeta): Promise<LoginValue> {
    const merchant = await merchants.current();
    const member = await repo.findById(db, memberId);
    if (!member) throw new DomainError('login_failed');
    assertMaySignIn(member);
    return completeLogin(merchant, member.id, meta, {
      isSms: false,
      isSocial: true,
      isDefaultPassword: false,
      previousLogin: { at: member.lastLoginAt, ip: member.lastLoginIp, count: member.loginCount ?? 0 },
    });
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
    await secondFactor.confirmAuthenticator(principal.memberId, code);
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

  async function sendLoginCode(input: { mobileNum: string; countryDialingCode?: string | undefined }, meta: RequestMeta) {
    const merchant = await merchants.current();
    const flags = await settings.get(merchant.id, whitelabelSetting);
    if (!flags.MOBILEVERCODELOGIN3) throw new DomainError('sms_login_disabled');
    await checkMobile(settings, merchant.id, input.mobileNum);
    // Sent whether or not the number is registered: the answer must not tell who has an account.
    return sms.send(merchant.id, 'login', input.mobileNum, { countryDialingCode: input.countryDialingCode ?? null, ip: meta.ip });
  }

  return {
    completeLogin,
    login,
    verifyPasswordForLink,
    signInLinked,
    verifySecondFactor,
    enrolAuthenticator,
    confirmAuthenticator,
    logout,
    sendLoginCode,
  };
}
