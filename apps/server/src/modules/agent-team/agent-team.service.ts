import { childAccountTypes } from '@platform/contracts/account-types';
import type {
  AgentAnnouncementsValue,
  AgentNotice,
  AgentNoticeRequest,
  AgentNoticesValue,
  DownlineQuery,
  DownlineValue,
  InviteesValue,
  OpenDownlineAccountRequest,
  OpenedAccountValue,
  RegisterCenterValue,
  TeamMemberRow,
  TeamPageQuery,
  TeamSearchQuery,
  TeamSearchValue,
  UplineTransferSwitchValue,
} from '@platform/contracts/agents/agent-team';
import type { AmountMinor } from '@platform/contracts/money';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { localDateOf } from '../../lib/time-zone.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { findMember, findMemberOfMerchant, findUsernames, type MemberSummary, type TeamRoot } from '../accounts/member-directory.ts';
import { lastLoginsOf, searchTeam, teamSizesOf } from '../accounts/team-directory.ts';
import type { AgentContext, AgentsService } from '../agents/agents.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { Principal } from '../session/session.service.ts';
import type { TransfersService } from '../transfers/transfers.service.ts';

/**
 * Valid bet of each direct downline member of `parent` together with its whole team, over a range
 * of the merchant's days (YYYY-MM-DD, both ends included), from the daily rollups (daily-stats).
 */
export type TeamTurnoverReader = (
  parent: { merchantId: number; memberId: number; uplinePath: string },
  days: { from: string; to: string },
) => Promise<readonly { childId: number; validBet: number }[]>;

export type AgentTeamService = ReturnType<typeof createAgentTeamService>;

/** A path names every ancestor and the member itself (`/1/5/23/`): its number of ids. */
function depthOf(uplinePath: string): number {
  return uplinePath.split('/').filter(Boolean).length;
}

function rootOf(agent: AgentContext): TeamRoot {
  return { id: agent.memberId, merchantId: agent.merchantId, uplinePath: agent.uplinePath };
}

/**
 * The agent centre's team pages: registerCenter, downlineManagmentView and agentAnnouncement. Every
 * call starts from `agents.agentOf(principal)` and reaches a member only through
 * `agents.teamMember`, or through reads bounded by the agent's own team, so nothing outside the
 * caller's subtree is returned or changed. Accounts are opened by the accounts module, the upline
 * switch is the transfers module's flag, notices and announcements are inbox messages.
 */
export function createAgentTeamService(deps: {
  db: Kysely<DB>;
  agents: Pick<AgentsService, 'agentOf' | 'teamMember' | 'directDownline'>;
  accounts: Pick<AccountsService, 'openDownlineAccount' | 'openAccountRules' | 'invitees' | 'agentAffiliateCode'>;
  transfers: Pick<TransfersService, 'setToUplineByAgent' | 'toUplineOf'>;
  inbox: Pick<InboxService, 'agents'>;
  teamTurnover: TeamTurnoverReader;
  timeZoneOf: (merchantId: number) => Promise<string>;
  now: () => Date;
}) {
  const { db, agents, accounts, transfers, inbox, now } = deps;

  // ---- registerCenter

  async function registerCenter(principal: Principal): Promise<RegisterCenterValue> {
    const agent = await agents.agentOf(principal);
    const [rules, { code }] = await Promise.all([accounts.openAccountRules(agent.merchantId), accounts.agentAffiliateCode(principal)]);
    return {
      accountTypes: [...childAccountTypes(agent.accountType)],
      ...rules,
      invitationCode: code,
      invitationPath: `/register?affiliateCode=${encodeURIComponent(code)}`,
    };
  }

  async function openAccount(
    principal: Principal,
    input: OpenDownlineAccountRequest,
    meta: { ip: string | null },
  ): Promise<OpenedAccountValue> {
    const agent = await agents.agentOf(principal);
    const opened = await accounts.openDownlineAccount(agent.memberId, input, { ip: meta.ip, userAgent: null });
    return {
      memberId: opened.memberId,
      username: opened.username,
      accountType: opened.accountType,
      createdAt: opened.createdAt.toISOString(),
      mustChangePassword: true,
    };
  }

  async function invitees(principal: Principal, page: TeamPageQuery): Promise<InviteesValue> {
    const agent = await agents.agentOf(principal);
    const { rows, totalCount } = await accounts.invitees(agent.memberId, page);
    return {
      list: rows.map((r) => ({
        memberId: r.memberId,
        username: r.username,
        accountType: r.accountType,
        status: r.status,
        joinedAt: new Date(r.joinedAt).toISOString(),
      })),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount,
      totalPages: totalPagesOf(totalCount, page.pageSize),
    };
  }

  // ---- downlineManagmentView

  async function membersById(ids: readonly number[]): Promise<Map<number, MemberSummary>> {
    const found = await Promise.all(ids.map((id) => findMember(db, id)));
    return new Map(found.filter((m): m is MemberSummary => m !== undefined).map((m) => [m.id, m]));
  }

  /** This month so far, as the merchant's days. */
  async function monthOf(merchantId: number): Promise<{ from: string; to: string }> {
    const to = localDateOf(now(), await deps.timeZoneOf(merchantId));
    return { from: `${to.slice(0, 8)}01`, to };
  }

  /**
   * The page's rows: the members with their team size, this month's turnover, last login and upline
   * switch. The turnover is read per parent (each member's team rolled up under its parent).
   */
  async function rowsOf(
    agent: AgentContext,
    members: readonly (MemberSummary & { teamSize?: number })[],
    month: { from: string; to: string },
  ): Promise<TeamMemberRow[]> {
    const ids = members.map((m) => m.id);
    const needSizes = members.filter((m) => m.teamSize === undefined);
    const parentIds = [...new Set(members.map((m) => m.parentId).filter((id): id is number => id !== null))];
    const [sizes, logins, toUpline, parents] = await Promise.all([
      teamSizesOf(db, agent.merchantId, needSizes),
      lastLoginsOf(db, ids),
      transfers.toUplineOf(ids),
      membersById(parentIds),
    ]);
    const turnover = new Map<number, AmountMinor>();
    for (const parent of parents.values()) {
      const byChild = await deps.teamTurnover({ merchantId: agent.merchantId, memberId: parent.id, uplinePath: parent.uplinePath }, month);
      for (const child of byChild) turnover.set(child.childId, child.validBet as AmountMinor);
    }
    const agentDepth = depthOf(agent.uplinePath);
    return members.map((m) => ({
      memberId: m.id,
      username: m.username,
      accountType: m.accountType,
      level: depthOf(m.uplinePath) - agentDepth,
      teamSize: m.teamSize ?? sizes.get(m.id) ?? 0,
      turnover: turnover.get(m.id) ?? (0 as AmountMinor),
      lastLoginAt: logins.get(m.id)?.toISOString() ?? null,
      status: m.status,
      registeredAt: m.createdAt.toISOString(),
      toUpline: toUpline.get(m.id) ?? false,
      uplineUsername: (m.parentId !== null ? parents.get(m.parentId)?.username : undefined) ?? '',
    }));
  }

  /** The direct downline of the agent, or of a member of its team (drilling down), with the breadcrumb. */
  async function downline(
    principal: Pick<Principal, 'memberId' | 'merchantId' | 'currency'>,
    query: DownlineQuery,
  ): Promise<DownlineValue> {
    const agent = await agents.agentOf(principal);
    const parent: TeamRoot =
      query.parentId === undefined || query.parentId === agent.memberId
        ? rootOf(agent)
        : await agents
            .teamMember(agent, { memberId: query.parentId })
            .then((m) => ({ id: m.id, merchantId: m.merchantId, uplinePath: m.uplinePath }));
    const month = await monthOf(agent.merchantId);
    const { rows, total } = await agents.directDownline(agent, {
      ...(parent.id === agent.memberId ? {} : { under: { memberId: parent.id } }),
      offset: pageOffset(query),
      limit: query.pageSize,
    });
    // The breadcrumb: the agent, then each member on the parent's path below the agent.
    const below = parent.uplinePath.split('/').filter(Boolean).map(Number).slice(depthOf(agent.uplinePath));
    const names = await findUsernames(db, below);
    return {
      list: await rowsOf(agent, rows, month),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: totalPagesOf(total, query.pageSize),
      breadcrumb: [
        { memberId: agent.memberId, username: agent.username, level: 0 },
        ...below.map((id, index) => ({ memberId: id, username: names.get(id) ?? '', level: index + 1 })),
      ],
      currency: principal.currency,
      turnoverFrom: month.from,
      turnoverTo: month.to,
    };
  }

  /**
   * The same page for an operator: the downline of an agent of the operator's merchant (`not_found`
   * for another merchant's member or none, `not_an_agent` for a player), drilling down by `parentId`.
   */
  async function downlineForOperator(merchantId: number, memberId: number, query: DownlineQuery): Promise<DownlineValue> {
    const member = await findMemberOfMerchant(db, merchantId, memberId);
    if (!member) throw new DomainError('not_found', 'member');
    return downline({ memberId: member.id, merchantId: member.merchantId, currency: member.currency }, query);
  }

  /** Members anywhere in the agent's team whose username contains the text. */
  async function search(principal: Principal, query: TeamSearchQuery): Promise<TeamSearchValue> {
    const agent = await agents.agentOf(principal);
    const month = await monthOf(agent.merchantId);
    const { rows, total } = await searchTeam(db, rootOf(agent), query.username, {
      offset: pageOffset(query),
      limit: query.pageSize,
    });
    const list = await rowsOf(agent, rows, month);
    return {
      list: list.map((row, index) => ({ ...row, parentId: rows[index]?.parentId ?? agent.memberId })),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: totalPagesOf(total, query.pageSize),
      currency: principal.currency,
      turnoverFrom: month.from,
      turnoverTo: month.to,
    };
  }

  /** Lets a member of the team transfer to its direct upline, or stops it. */
  async function setUplineTransfer(
    principal: Principal,
    memberId: number,
    toUpline: boolean,
    meta: { ip: string | null },
  ): Promise<UplineTransferSwitchValue> {
    const agent = await agents.agentOf(principal);
    const member = await agents.teamMember(agent, { memberId });
    const after = await transfers.setToUplineByAgent({ memberId: agent.memberId, merchantId: agent.merchantId }, member.id, toUpline, meta);
    return { memberId: member.id, username: member.username, toUpline: after.toUpline };
  }

  // ---- agentAnnouncement

  async function announcements(principal: Principal, page: TeamPageQuery): Promise<AgentAnnouncementsValue> {
    const agent = await agents.agentOf(principal);
    return inbox.agents.announcements({ memberId: agent.memberId, merchantId: agent.merchantId }, page);
  }

  async function sendNotice(principal: Principal, input: AgentNoticeRequest, meta: { ip: string | null }): Promise<AgentNotice> {
    const agent = await agents.agentOf(principal);
    return inbox.agents.sendNotice({ memberId: agent.memberId, merchantId: agent.merchantId }, input, meta);
  }

  async function notices(principal: Principal, page: TeamPageQuery): Promise<AgentNoticesValue> {
    const agent = await agents.agentOf(principal);
    return inbox.agents.sentNotices({ memberId: agent.memberId, merchantId: agent.merchantId }, page);
  }

  return {
    registerCenter,
    openAccount,
    invitees,
    downline,
    downlineForOperator,
    search,
    setUplineTransfer,
    announcements,
    sendNotice,
    notices,
  };
}
