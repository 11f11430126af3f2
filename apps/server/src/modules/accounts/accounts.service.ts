import type { MemberInfoValue } from '@platform/contracts/accounts';
import { DomainError } from '../../lib/domain-error.ts';
import type { Principal } from '../session/session.service.ts';
import { createAffiliates } from './accounts.affiliate.ts';
import { createDownlineAccounts } from './accounts.downline.ts';
import { createFreePlay } from './accounts.free-play.ts';
import { createLogin } from './accounts.login.ts';
import { createPasswords } from './accounts.password.ts';
import { presentMemberInfo } from './accounts.presenter.ts';
import { createRegistration } from './accounts.registration.ts';
import * as repo from './accounts.repository.ts';
import { type AccountsDeps, labelsReaderOf, toUplineReaderOf } from './accounts.shared.ts';

export { LoginRefusal } from './accounts.login.ts';
export type {
  LoginGuard,
  LoginInput,
  RegisterInput,
  RegistrationMode,
  RequestMeta,
  ResetPasswordByPhoneInput,
  SecondFactorChallenge,
} from './accounts.shared.ts';

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Registration, login, logout, member info and password changes. Every write that matters to
 * security writes its audit row in the same transaction. The parts: registration
 * (`accounts.registration.ts`), login and logout (`accounts.login.ts`), passwords
 * (`accounts.password.ts`), invitation codes (`accounts.affiliate.ts`) and free play
 * (`accounts.free-play.ts`); every query is in `accounts.repository.ts`.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db } = deps;
  const labelsOf = labelsReaderOf(deps);
  const toUplineOf = toUplineReaderOf(deps);
  const login = createLogin(deps);
  const affiliates = createAffiliates(deps);
  const registration = createRegistration(deps, { resolveAffiliate: affiliates.resolveAffiliate, completeLogin: login.completeLogin });
  const passwords = createPasswords(deps, login);
  const freePlay = createFreePlay(deps);
  const downline = createDownlineAccounts(deps);

  async function memberInfo(principal: Principal): Promise<MemberInfoValue> {
    const row = await repo.findById(db, principal.memberId);
    if (!row) throw new DomainError('unauthorized');
    return presentMemberInfo(row, await repo.findAffiliateCodeOf(db, row.id), await labelsOf(row.id), await toUplineOf(row.id));
  }

  return {
    sendMemberPasswordCode: passwords.sendMemberPasswordCode,
    agentAffiliateCode: affiliates.agentAffiliateCode,
    openDownlineAccount: downline.openDownlineAccount,
    openAccountRules: downline.openAccountRules,
    invitees: downline.invitees,
    verifySecondFactor: login.verifySecondFactor,
    enrolAuthenticator: login.enrolAuthenticator,
    confirmAuthenticator: login.confirmAuthenticator,
    freePlayLogin: freePlay.freePlayLogin,
    sendPasswordCode: passwords.sendPasswordCode,
    resetPasswordByPhone: passwords.resetPasswordByPhone,
    registerSettings: registration.registerSettings,
    validationRules: registration.validationRules,
    checkAffiliate: affiliates.checkAffiliate,
    register: registration.register,
    registerLinked: registration.registerLinked,
    suggestUsername: registration.suggestUsername,
    signInLinked: login.signInLinked,
    verifyPasswordForLink: login.verifyPasswordForLink,
    login: login.login,
    logout: login.logout,
    memberInfo,
    changePassword: passwords.changePassword,
    sendLoginCode: login.sendLoginCode,
    sendRegisterCode: registration.sendRegisterCode,
  };
}
