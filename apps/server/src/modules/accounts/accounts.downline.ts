import { isAgentAccountType, mayOpen } from '@platform/contracts/account-types';
import { checkField, type FieldRule } from '@platform/contracts/accounts';
import { pageOffset } from '@platform/contracts/pagination';
import { patternHint } from '@platform/contracts/validation-patterns';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { hashPassword } from '../../lib/password.ts';
import * as repo from './accounts.repository.ts';
import { registrationSetting } from './accounts.settings.ts';
import { type AccountsDeps, type RequestMeta, ruleOf } from './accounts.shared.ts';
import { writeAccountAudit } from './accounts-audit.ts';

/** What an agent gives to open an account directly under itself (registerCenter). */
export type DownlineAccountInput = {
  username: string;
  password: string;
  accountType: number;
  nickname?: string | undefined;
  mobileNum?: string | undefined;
  email?: string | undefined;
  zalo?: string | undefined;
  telegram?: string | undefined;
};

export type OpenedAccount = { memberId: number; username: string; accountType: number; createdAt: Date };

/** The register method recorded for an account an agent opened (the profile's `register_method`). */
const OPENED_BY_AGENT = 'AGENT';

/** The rule an agent-opened account's username and password follow: the site's rule, always required. */
function requiredRule(rule: FieldRule): FieldRule {
  return { ...rule, enabled: true, required: true };
}

function hintParam(rule: FieldRule) {
  return {
    hint: {
      vi: patternHint(rule.patternId, rule.minLength, rule.maxLength, 'vi'),
      en: patternHint(rule.patternId, rule.minLength, rule.maxLength, 'en'),
    },
  };
}

/**
 * Accounts an agent opens in its own downline (the agent centre's registerCenter). The new member
 * sits directly under the agent, has a type the agent may open (`mayOpen`, the hierarchy in
 * packages/contracts/src/account-types.ts) and follows the site's username and password rules. Its
 * first password is one the agent chose, so the member must change it: `must_change_password` stays
 * set until the member changes it, and every login until then answers `cpw: true`.
 */
export function createDownlineAccounts(deps: Pick<AccountsDeps, 'db' | 'settings' | 'now'>) {
  const { db, settings, now } = deps;

  /** The username and password rules the open-account form shows and the server checks. */
  async function openAccountRules(merchantId: number): Promise<{ usernameRule: FieldRule; passwordRule: FieldRule }> {
    const reg = await settings.get(merchantId, registrationSetting);
    return { usernameRule: requiredRule(ruleOf(reg, 'username')), passwordRule: requiredRule(ruleOf(reg, 'password')) };
  }

  async function openDownlineAccount(agentId: number, input: DownlineAccountInput, meta: RequestMeta): Promise<OpenedAccount> {
    const agent = await repo.findById(db, agentId);
    if (agent?.status !== 'active' || !isAgentAccountType(agent.accountType)) throw new DomainError('not_an_agent');
    if (!mayOpen(agent.accountType, input.accountType)) {
      throw new DomainError('downline_account_type_not_allowed');
    }
    const reg = await settings.get(agent.merchantId, registrationSetting);
    const usernameRule = requiredRule(ruleOf(reg, 'username'));
    const passwordRule = requiredRule(ruleOf(reg, 'password'));
    if (checkField(usernameRule, input.username)) throw new DomainError('downline_username_invalid', undefined, hintParam(usernameRule));
    if (checkField(passwordRule, input.password)) throw new DomainError('downline_password_invalid', undefined, hintParam(passwordRule));
    const mobileNum = input.mobileNum || undefined;
    const email = input.email || undefined;
    // Contacts are optional here whatever the registration form requires; given, they follow its rules.
    if (mobileNum && checkField({ ...ruleOf(reg, 'mobileNum'), enabled: true, required: false }, mobileNum)) {
      throw new DomainError('downline_contact_invalid');
    }
    if (email && checkField({ ...ruleOf(reg, 'email'), enabled: true, required: false }, email)) {
      throw new DomainError('downline_contact_invalid');
    }

    const contacts: Record<string, string> = {};
    if (input.zalo) contacts.zalo = input.zalo;
    if (input.telegram) contacts.telegram = input.telegram;
    const passwordHash = await hashPassword(input.password);
    try {
      return await db.transaction().execute(async (trx) => {
        const created = await repo.insertMember(trx, {
          merchantId: agent.merchantId,
          username: input.username,
          accountType: input.accountType,
          parent: { id: agent.id, uplinePath: agent.uplinePath },
          nickname: input.nickname || null,
          payeeName: null,
          mobileNum: mobileNum ?? null,
          email: email ?? null,
          currency: agent.currency,
          passwordHash,
          paymentPasswordHash: null,
        });
        await repo.insertProfile(trx, {
          memberId: created.id,
          contacts,
          idNumber: null,
          registerMethod: OPENED_BY_AGENT,
          registerDomain: null,
          registerUrl: null,
          registerIp: meta.ip,
          affiliateCodeUsed: null,
        });
        await repo.insertSecurity(trx, { memberId: created.id, passwordChangedAt: null, mustChangePassword: true });
        await writeAccountAudit(trx, {
          action: 'member.opened_by_agent',
          actorType: 'member',
          actorId: agent.id,
          subjectId: created.id,
          data: { accountType: input.accountType, parentId: agent.id },
          ip: meta.ip,
        });
        return { memberId: created.id, username: input.username, accountType: input.accountType, createdAt: now() };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'members_username_key')) throw new DomainError('username_taken');
      if (isUniqueViolation(error, 'members_mobile_key')) throw new DomainError('mobile_taken');
      throw error;
    }
  }

  /** One page of the members who joined under the agent through its invitation code, newest first. */
  async function invitees(agentId: number, page: { pageNo: number; pageSize: number }) {
    const code = await repo.findAffiliateCodeOf(db, agentId);
    if (!code) return { rows: [], totalCount: 0 };
    return repo.findInvitees(db, agentId, code, { limit: page.pageSize, offset: pageOffset(page) });
  }

  return { openAccountRules, openDownlineAccount, invitees };
}
