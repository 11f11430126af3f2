import { isAgentAccountType } from '@platform/contracts/account-types';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import {
  countTeamByLevel,
  findDirectDownline,
  findDownlineById,
  findDownlineByUsername,
  findDownlineIdsAmong,
  findMemberOfMerchant,
  type MemberSummary,
} from '../accounts/member-directory.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { type AgentWalletGuard, createAgentWalletService, passThroughAgentWalletGuard } from './agents.wallet.ts';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * The agent behind a session, as every agent call scopes its work: its team is every member whose
 * upline path starts with `uplinePath` (the agent itself excluded). See docs/agents.md.
 */
export type AgentContext = {
  readonly memberId: number;
  readonly merchantId: number;
  readonly accountType: number;
  /** The agent's own path, `/1/5/23/`: its ancestors and itself. */
  readonly uplinePath: string;
  readonly username: string;
};

/** Who is asking: a session principal (or anything naming a member of a merchant). */
type Caller = { readonly memberId: number; readonly merchantId: number };

/** A member picked by id or by username (any case). */
export type TeamMemberRef = { readonly memberId: number } | { readonly username: string };

export type AgentsService = ReturnType<typeof createAgentsService>;

function rootOf(agent: AgentContext) {
  return { id: agent.memberId, merchantId: agent.merchantId, uplinePath: agent.uplinePath };
}

/**
 * The agent context and team scoping every agent call goes through. Team reads are the accounts
 * module's member-directory functions (accounts owns `members`); this service adds the rule that an
 * agent sees its own subtree and nothing else.
 */
export function createAgentsService(deps: { db: Kysely<DB>; ledger: LedgerService; agentWalletGuard?: AgentWalletGuard | undefined }) {
  const { db } = deps;
  const wallet = createAgentWalletService(deps);

  /**
   * The caller as an agent, read fresh from the member row (not the session's copy of the type):
   * `not_an_agent` for a player, a trial account or an account that is not active.
   */
  async function agentOf(caller: Caller, executor: Executor = db): Promise<AgentContext> {
    const member = await findMemberOfMerchant(executor, caller.merchantId, caller.memberId);
    if (!member) throw new DomainError('unauthorized');
    if (!isAgentAccountType(member.accountType) || member.status !== 'active') throw new DomainError('not_an_agent');
    return {
      memberId: member.id,
      merchantId: member.merchantId,
      accountType: member.accountType,
      uplinePath: member.uplinePath,
      username: member.username,
    };
  }

  /** A member of the agent's team (any level), by id or username; `not_in_team` for anyone else, the agent included. */
  async function teamMember(agent: AgentContext, ref: TeamMemberRef, executor: Executor = db): Promise<MemberSummary> {
    const member =
      'memberId' in ref
        ? await findDownlineById(executor, rootOf(agent), ref.memberId)
        : await findDownlineByUsername(executor, rootOf(agent), ref.username);
    if (!member) throw new DomainError('not_in_team');
    return member;
  }

  /** Whether the member is in the agent's team (any level); false for the agent itself. */
  async function isInTeam(agent: AgentContext, memberId: number, executor: Executor = db): Promise<boolean> {
    return (await findDownlineById(executor, rootOf(agent), memberId)) !== undefined;
  }

  /** Which of `memberIds` are in the agent's team (any level), in one read; never the agent itself. */
  async function teamAmong(agent: AgentContext, memberIds: readonly number[], executor: Executor = db): Promise<Set<number>> {
    return new Set(await findDownlineIdsAmong(executor, rootOf(agent), memberIds));
  }

  /** The team's size per level below the agent (1 = direct downline) and in all. */
  async function teamSize(
    agent: AgentContext,
    executor: Executor = db,
  ): Promise<{ total: number; byLevel: { level: number; count: number }[] }> {
    const byLevel = await countTeamByLevel(executor, rootOf(agent));
    return { total: byLevel.reduce((sum, l) => sum + l.count, 0), byLevel };
  }

  /**
   * One page of the direct downline of the agent, or of `under` (a member of its team, checked),
   * each with its own team size.
   */
  async function directDownline(
    agent: AgentContext,
    options: { under?: TeamMemberRef; offset: number; limit: number },
    executor: Executor = db,
  ): Promise<{ rows: (MemberSummary & { teamSize: number })[]; total: number }> {
    const parent = options.under ? await teamMember(agent, options.under, executor) : undefined;
    const root = parent ? { id: parent.id, merchantId: parent.merchantId, uplinePath: parent.uplinePath } : rootOf(agent);
    return findDirectDownline(executor, root, { offset: options.offset, limit: options.limit });
  }

  /** The check on money leaving a member's agent wallet (see AgentWalletGuard), for the modules that move it. */
  const assertCanPayOutOfAgentWallet = (memberId: number, trx: Transaction<DB>) =>
    (deps.agentWalletGuard ?? passThroughAgentWalletGuard).assertCanPayOut(memberId, trx);

  return { agentOf, teamMember, isInTeam, teamAmong, teamSize, directDownline, teamRoot: rootOf, wallet, assertCanPayOutOfAgentWallet };
}
