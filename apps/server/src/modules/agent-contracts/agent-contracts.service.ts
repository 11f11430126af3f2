import { isAgentAccountType } from '@platform/contracts/account-types';
import {
  type AdminContractListQuery,
  CONTRACT_KIND_SETTINGS_NODES,
  type Contract,
  type ContractChangeValue,
  type ContractEndReason,
  type ContractPeriod,
  type ContractRequestType,
  type DownlineContractsQuery,
  type DownlineContractsValue,
  type MyContractValue,
  type OfferContractRequest,
  type SetTopLevelContractRequest,
  type SignContractRequest,
} from '@platform/contracts/agents/agent-contracts';
import {
  CONTRACT_KINDS,
  type ContractKind,
  type ContractTerms,
  type ContractTier,
  isNoBetterThan,
  tiersProblemOf,
} from '@platform/contracts/agents/contract-tiers';
import { type Page, pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import { isSettingsNodeOn, type SettingsTreeNode } from '@platform/contracts/system';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { findMemberByUsername, findMemberOfMerchant, type MemberSummary } from '../accounts/member-directory.ts';
import type { AgentContext, AgentsService } from '../agents/agents.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { TeamStatsService } from '../daily-stats/team-stats.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createOperatorSettlement } from './agent-contracts.operator-settlement.ts';
import * as payouts from './agent-contracts.payouts.repository.ts';
import { presentContract, presentRequest } from './agent-contracts.presenter.ts';
import * as repo from './agent-contracts.repository.ts';
import { type ContractPolicy, contractPolicySetting } from './agent-contracts.settings.ts';
import { createContractSettlement } from './agent-contracts.settlement.ts';

/** Who acts: a member (an agent) or an operator; and from where. */
type Actor = { type: 'member'; id: number; ip: string | null } | { type: 'admin'; id: number; ip: string | null };
type Caller = { readonly memberId: number; readonly merchantId: number };
type Operator = { adminId: number; merchantId: number; ip: string | null };

export type AgentContractsService = ReturnType<typeof createAgentContractsService>;

/** How the inbox message names each kind. */
const KIND_NAMES: Readonly<Record<ContractKind, { vi: string; en: string }>> = {
  dividend: { vi: 'chia cổ tức', en: 'dividend' },
  dailyWage: { vi: 'lương ngày', en: 'daily wage' },
  hourlyWage: { vi: 'lương giờ', en: 'hourly wage' },
  realtimeSalary: { vi: 'lương thời gian thực', en: 'real-time salary' },
};

function periodOf(kind: ContractKind, policy: ContractPolicy): ContractPeriod {
  if (kind === 'dividend') return policy.dividendPeriod;
  if (kind === 'dailyWage') return 'day';
  if (kind === 'hourlyWage') return 'hour';
  return 'fiveMinutes';
}

const termsOf = (c: { kind: ContractKind; tiers: readonly ContractTier[] }): ContractTerms => ({ kind: c.kind, tiers: c.tiers });

/** The tiers as stored: the net-loss threshold is 0 outside a dividend; refused with a sentence when they do not grow. */
function checkedTiers(kind: ContractKind, tiers: readonly ContractTier[]): ContractTier[] {
  const normalised = tiers.map((t) => ({
    minBet: t.minBet,
    minActiveMembers: t.minActiveMembers,
    minNetLoss: t.minNetLoss,
    rateBasisPoints: t.rateBasisPoints,
    ...(t.lossRateBasisPoints === undefined ? {} : { lossRateBasisPoints: t.lossRateBasisPoints }),
  }));
  if (tiersProblemOf(kind, normalised) !== null) throw new DomainError('agent_contract_tiers_invalid');
  return normalised;
}

/**
 * Agent contracts (docs/agent-contracts.md): offers along the downline, signatures, rejections,
 * terminations, the operator's top-level contracts, and the chain rule that no contract is better
 * than its holder's upline's. Every change runs in one transaction that first takes the
 * (merchant, kind) lock, checks against what is committed, writes its audit rows and, when it ends
 * contracts below, the inbox message to their holders.
 */
export function createAgentContractsService(deps: {
  db: Kysely<DB>;
  agents: AgentsService;
  settings: SettingsService;
  inbox: Pick<InboxService, 'platform'>;
  ledger: LedgerService;
  teamStats: Pick<TeamStatsService, 'ofTeams'>;
  betRecords: Pick<BetRecordService, 'playBetween'>;
  timeZoneOf: (merchantId: number) => Promise<string>;
  /** The merchant's settings tree: a kind whose node (AGENT › CONTRACT › …) is off is refused to agents. */
  /** The merchant's settings tree; `executor` is the caller's transaction when read inside one. */
  settingsTree: (merchantId: number, executor?: Kysely<DB>) => Promise<readonly SettingsTreeNode[]>;
  now: () => Date;
}) {
  const { db, agents, settings, inbox, now } = deps;
  const settlement = createContractSettlement(deps);
  const operatorSettlement = createOperatorSettlement({ db, ledger: deps.ledger, settlement, now: deps.now });

  const policyOf = (merchantId: number, executor?: Kysely<DB>) => settings.get(merchantId, contractPolicySetting, executor);

  /**
   * The agent calls of a kind whose settings tree node is off are refused (`agent_contract_kind_off`),
   * reads and actions alike: the agent centre hides the kind's page then. Operators' calls go on.
   */
  async function assertKindOn(merchantId: number, kind: ContractKind, executor?: Kysely<DB>): Promise<void> {
    // Inside a transaction the tree is read in it: a read on another connection could wait for this one (a single-connection database).
    if (!isSettingsNodeOn(await deps.settingsTree(merchantId, executor), CONTRACT_KIND_SETTINGS_NODES[kind])) {
      throw new DomainError('agent_contract_kind_off');
    }
  }

  function assertNotPaused(policy: ContractPolicy, kind: ContractKind): void {
    if (policy.pausedKinds.includes(kind)) throw new DomainError('agent_contract_kind_paused');
  }

  async function audit(
    trx: Transaction<DB>,
    actor: Actor,
    action: string,
    contractId: number,
    data: Record<string, unknown>,
  ): Promise<void> {
    await recordAudit(trx, {
      actorType: actor.type,
      actorId: actor.id,
      action: `agent_contract.${action}`,
      subjectType: 'agent_contract',
      subjectId: contractId,
      data,
      ip: actor.ip,
    });
  }

  /** The open contracts of the holder's direct downline that would be better than `terms`. */
  async function betterBelow(trx: Transaction<DB>, holder: MemberSummary, terms: ContractTerms): Promise<repo.ContractRow[]> {
    const inTeam = await repo.findOpenInTeam(
      trx,
      { id: holder.id, merchantId: holder.merchantId, uplinePath: holder.uplinePath },
      terms.kind,
    );
    return inTeam.filter((c) => c.holderParentId === holder.id && !isNoBetterThan(termsOf(c), terms));
  }

  /**
   * Ends open contracts for a reason, and with every active one the open contracts of the kind in
   * its holder's team (`upline_ended`): they hung from it. Voids what waited on them, audits each
   * end, and writes one inbox message to the holders told. Answers every contract ended.
   */
  async function endContracts(
    trx: Transaction<DB>,
    contracts: readonly repo.ContractRow[],
    reason: ContractEndReason,
    actor: Actor,
    at: Date,
  ): Promise<{ ended: repo.ContractRow[]; told: number[] }> {
    const ended: repo.ContractRow[] = [];
    const told = new Set<number>();
    const seen = new Set<number>();
    let queue = contracts.map((c) => ({ contract: c, reason }));
    while (queue.length > 0) {
      const next: typeof queue = [];
      for (const { contract, reason: why } of queue) {
        if (seen.has(contract.id)) continue;
        seen.add(contract.id);
        const done = await repo.markTerminated(trx, [contract.id], why, at);
        if (done.length === 0) continue;
        ended.push(contract);
        // The holders whose contract a rule ended (not their own act, not an offer withdrawn) are told.
        if (why === 'lower_rate' || why === 'upline_ended' || why === 'upline_changed') told.add(contract.holderId);
        await audit(trx, actor, 'end', contract.id, {
          reason: why,
          kind: contract.kind,
          holderId: contract.holderId,
          status: contract.status,
        });
        if (contract.status === 'active') {
          const below = await repo.findOpenInTeam(
            trx,
            { id: contract.holderId, merchantId: contract.merchantId, uplinePath: contract.holderUplinePath },
            contract.kind,
          );
          for (const c of below) next.push({ contract: c, reason: 'upline_ended' });
        }
      }
      queue = next;
    }
    await repo.voidRequestsOf(
      trx,
      ended.map((c) => c.id),
      at,
    );
    const first = ended[0];
    if (first && told.size > 0) {
      const name = KIND_NAMES[first.kind];
      const because =
        reason === 'upline_changed'
          ? {
              vi: 'vì bạn hoặc một đại lý phía trên bạn đã được chuyển sang tuyến trên khác',
              en: 'because you or an agent above you was moved under another upline',
            }
          : { vi: 'vì điều khoản của cấp trên đã thay đổi', en: "because your upline's terms changed" };
      await inbox.platform.write(trx, {
        merchantId: first.merchantId,
        memberIds: [...told],
        title: `Hợp đồng ${name.vi} đã chấm dứt / Your ${name.en} contract has ended`,
        body:
          `Hợp đồng ${name.vi} của bạn đã tự động chấm dứt ${because.vi}. ` +
          'Hãy liên hệ cấp trên để nhận đề nghị mới.\n\n' +
          `Your ${name.en} contract ended automatically ${because.en}. ` +
          'Ask your upline for a new offer.',
      });
    }
    return { ended, told: [...told] };
  }

  function changeValue(
    contract: repo.ContractRow,
    request: repo.RequestRow | undefined,
    ended: readonly repo.ContractRow[],
  ): ContractChangeValue {
    return {
      contract: presentContract(contract),
      request: request ? presentRequest(request) : null,
      endedContractIds: ended.map((c) => c.id),
    };
  }

  async function reread(trx: Transaction<DB>, merchantId: number, id: number): Promise<repo.ContractRow> {
    const row = await repo.findContract(trx, merchantId, id);
    if (!row) throw new Error('contract vanished');
    return row;
  }

  async function announce(merchantId: number, told: readonly number[]): Promise<void> {
    await inbox.platform.announce(merchantId, told);
  }

  /** Whether the member owes the platform for a downline payout the platform made on its behalf (the debtor's restriction). */
  async function hasOpenDebt(memberId: number, executor: Kysely<DB> = db): Promise<boolean> {
    return payouts.hasOpenDebt(executor, memberId);
  }

  /**
   * The debtor's restriction on money leaving its agent wallet (the agents module's AgentWalletGuard,
   * wired in app.ts): refused while the member has an open debt, read in the moving transaction
   * under the member's debtor lock, so a settlement recording a debt for it waits for the move to
   * commit (or the move waits for the debt and is refused).
   */
  async function assertNotDebtor(memberId: number, trx: Transaction<DB>): Promise<void> {
    await payouts.lockDebtors(trx, [memberId]);
    if (await payouts.hasOpenDebt(trx, memberId)) throw new DomainError('agent_contract_debtor_restricted');
  }

  // ---- agent reads ------------------------------------------------------------------------------

  async function myContract(caller: Caller, kind: ContractKind): Promise<MyContractValue> {
    const agent = await agents.agentOf(caller);
    await assertKindOn(agent.merchantId, kind);
    const [open, requests, policy] = await Promise.all([
      repo.findOpenOfHolder(db, agent.memberId, kind),
      repo.findPendingForHolder(db, agent.memberId, kind),
      policyOf(agent.merchantId),
    ]);
    return {
      kind,
      isPaused: policy.pausedKinds.includes(kind),
      active: open.active ? presentContract(open.active) : null,
      pending: open.pending ? presentContract(open.pending) : null,
      requests: requests.map(presentRequest),
    };
  }

  async function downlineContracts(caller: Caller, kind: ContractKind, query: DownlineContractsQuery): Promise<DownlineContractsValue> {
    const agent = await agents.agentOf(caller);
    await assertKindOn(agent.merchantId, kind);
    const { rows, total } = await repo.findDirectDownlineAgents(
      db,
      { id: agent.memberId, merchantId: agent.merchantId },
      { offset: pageOffset(query), limit: query.pageSize },
    );
    const contracts = await repo.findOpenOfHolders(
      db,
      rows.map((r) => r.id),
      kind,
    );
    const terminations = await repo.findPendingTerminations(
      db,
      contracts.filter((c) => c.status === 'active').map((c) => c.id),
    );
    return {
      list: rows.map((r) => {
        const active = contracts.find((c) => c.holderId === r.id && c.status === 'active');
        const pending = contracts.find((c) => c.holderId === r.id && c.status === 'pending');
        const termination = active ? terminations.find((t) => t.contractId === active.id) : undefined;
        return {
          memberId: r.id,
          username: r.username,
          accountType: r.accountType,
          active: active ? presentContract(active) : null,
          pending: pending ? presentContract(pending) : null,
          pendingTermination: termination ? presentRequest(termination) : null,
        };
      }),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: totalPagesOf(total, query.pageSize),
    };
  }

  /**
   * Per kind, the type of the oldest request waiting for the member's answer (the consolidated funds
   * keys); null for a kind whose settings tree node is off, as its agent calls are refused then.
   */
  async function pendingRequestTypes(memberId: number): Promise<Record<ContractKind, ContractRequestType | null>> {
    const pending = await repo.findPendingForHolder(db, memberId);
    const types = Object.fromEntries(CONTRACT_KINDS.map((k) => [k, null])) as Record<ContractKind, ContractRequestType | null>;
    const first = pending[0];
    if (first === undefined) return types;
    const tree = await deps.settingsTree(first.merchantId);
    for (const r of pending) if (isSettingsNodeOn(tree, CONTRACT_KIND_SETTINGS_NODES[r.kind])) types[r.kind] ??= r.type;
    return types;
  }

  // ---- agent processing -------------------------------------------------------------------------

  /** The target of an offer: an active agent directly under the offering agent. */
  async function directDownlineAgent(agent: AgentContext, username: string, trx: Transaction<DB>): Promise<MemberSummary> {
    const holder = await agents.teamMember(agent, { username }, trx);
    if (holder.parentId !== agent.memberId || !isAgentAccountType(holder.accountType) || holder.status !== 'active') {
      throw new DomainError('agent_contract_not_direct_downline');
    }
    return holder;
  }

  /**
   * An upline offers a direct downline agent terms of a kind (a `new` request). The terms may be no
   * better than the upline's own active contract; terms that a contract of the holder's direct
   * downline would be better than need `confirm`, and then end those contracts (and their subtrees).
   */
  async function offer(caller: Caller, input: OfferContractRequest, meta: { ip: string | null }): Promise<ContractChangeValue> {
    const agent = await agents.agentOf(caller);
    await assertKindOn(agent.merchantId, input.kind);
    const tiers = checkedTiers(input.kind, input.tiers);
    const terms: ContractTerms = { kind: input.kind, tiers };
    const actor: Actor = { type: 'member', id: agent.memberId, ip: meta.ip };
    const result = await db.transaction().execute(async (trx) => {
      const policy = await policyOf(agent.merchantId, trx);
      assertNotPaused(policy, input.kind);
      await assertNotDebtor(agent.memberId, trx);
      const holder = await directDownlineAgent(agent, input.holderUsername, trx);
      await repo.lockKind(trx, agent.merchantId, input.kind);
      const own = await repo.findOpenOfHolder(trx, agent.memberId, input.kind);
      if (!own.active) throw new DomainError('agent_contract_upline_missing');
      if (!isNoBetterThan(terms, termsOf(own.active))) throw new DomainError('agent_contract_terms_too_good');
      const theirs = await repo.findOpenOfHolder(trx, holder.id, input.kind);
      if (theirs.pending) throw new DomainError('agent_contract_offer_pending');
      const better = await betterBelow(trx, holder, terms);
      if (better.length > 0 && !input.confirm) throw new DomainError('agent_contract_lower_rate_confirm');
      const at = now();
      const { ended, told } = await endContracts(trx, better, 'lower_rate', actor, at);
      const id = await repo.insertContract(trx, {
        merchantId: agent.merchantId,
        kind: input.kind,
        holderId: holder.id,
        offeredBy: { memberId: agent.memberId },
        tiers,
        period: periodOf(input.kind, policy),
        status: 'pending',
        at,
      });
      const requestId = await repo.insertRequest(trx, {
        merchantId: agent.merchantId,
        contractId: id,
        kind: input.kind,
        type: 'new',
        holderId: holder.id,
        requestedBy: agent.memberId,
        at,
      });
      await audit(trx, actor, 'offer', id, {
        kind: input.kind,
        holderId: holder.id,
        tiers,
        requestId,
        replacesContractId: theirs.active?.id ?? null,
        endedContractIds: ended.map((c) => c.id),
      });
      const request = await repo.findRequest(trx, agent.merchantId, requestId);
      return { value: changeValue(await reread(trx, agent.merchantId, id), request, ended), told };
    });
    await announce(agent.merchantId, result.told);
    return result.value;
  }

  /** A request waiting for this agent's answer, read again under the kind's lock. */
  async function pendingRequestOf(trx: Transaction<DB>, agent: AgentContext, requestId: number): Promise<repo.RequestRow> {
    const first = await repo.findRequest(trx, agent.merchantId, requestId);
    if (first?.holderId !== agent.memberId) throw new DomainError('agent_contract_not_found');
    await assertKindOn(agent.merchantId, first.kind, trx);
    await repo.lockKind(trx, agent.merchantId, first.kind);
    const request = await repo.findRequest(trx, agent.merchantId, requestId);
    if (request?.status !== 'pending') throw new DomainError('agent_contract_state_changed');
    return request;
  }

  /**
   * The holder accepts a request: a `new` offer becomes its active contract (its earlier one ends,
   * `replaced`), provided it is still no better than the offerer's own terms, and the holder
   * confirms when a contract of its direct downline would be better than it; a `termination` ends
   * the contract and its subtree (`agreed`).
   */
  async function sign(caller: Caller, input: SignContractRequest, meta: { ip: string | null }): Promise<ContractChangeValue> {
    const agent = await agents.agentOf(caller);
    const actor: Actor = { type: 'member', id: agent.memberId, ip: meta.ip };
    const result = await db.transaction().execute(async (trx) => {
      const request = await pendingRequestOf(trx, agent, input.requestId);
      const contract = await reread(trx, agent.merchantId, request.contractId);
      const at = now();
      if (request.type === 'termination') {
        if (contract.status !== 'active') throw new DomainError('agent_contract_state_changed');
        await repo.decideRequest(trx, request.id, 'accepted', at);
        const { ended, told } = await endContracts(trx, [contract], 'agreed', actor, at);
        await audit(trx, actor, 'termination_accept', contract.id, { requestId: request.id, endedContractIds: ended.map((c) => c.id) });
        return { value: changeValue(await reread(trx, agent.merchantId, contract.id), request, ended.slice(1)), told };
      }
      const policy = await policyOf(agent.merchantId, trx);
      assertNotPaused(policy, contract.kind);
      if (contract.status !== 'pending' || contract.offeredByMemberId === null) throw new DomainError('agent_contract_state_changed');
      const holder = await findMemberOfMerchant(trx, agent.merchantId, agent.memberId);
      const offererOwn = await repo.findOpenOfHolder(trx, contract.offeredByMemberId, contract.kind);
      if (!holder || holder.parentId !== contract.offeredByMemberId || !offererOwn.active) {
        throw new DomainError('agent_contract_state_changed');
      }
      const terms = termsOf(contract);
      if (!isNoBetterThan(terms, termsOf(offererOwn.active))) throw new DomainError('agent_contract_state_changed');
      const better = await betterBelow(trx, holder, terms);
      if (better.length > 0 && !input.confirm) throw new DomainError('agent_contract_lower_rate_confirm');
      const lowered = await endContracts(trx, better, 'lower_rate', actor, at);
      const mine = await repo.findOpenOfHolder(trx, agent.memberId, contract.kind);
      if (mine.active) {
        await repo.markTerminated(trx, [mine.active.id], 'replaced', at);
        await repo.voidRequestsOf(trx, [mine.active.id], at);
        await audit(trx, actor, 'end', mine.active.id, {
          reason: 'replaced',
          kind: contract.kind,
          holderId: agent.memberId,
          byContractId: contract.id,
        });
      }
      await repo.activate(trx, contract.id, at);
      await repo.decideRequest(trx, request.id, 'accepted', at);
      await audit(trx, actor, 'sign', contract.id, {
        requestId: request.id,
        replacedContractId: mine.active?.id ?? null,
        endedContractIds: lowered.ended.map((c) => c.id),
      });
      return { value: changeValue(await reread(trx, agent.merchantId, contract.id), request, lowered.ended), told: lowered.told };
    });
    await announce(agent.merchantId, result.told);
    return result.value;
  }

  /** The holder rejects a request: a `new` offer ends `rejected`; after a rejected `termination` the contract stands. */
  async function reject(caller: Caller, requestId: number, meta: { ip: string | null }): Promise<ContractChangeValue> {
    const agent = await agents.agentOf(caller);
    const actor: Actor = { type: 'member', id: agent.memberId, ip: meta.ip };
    return db.transaction().execute(async (trx) => {
      const request = await pendingRequestOf(trx, agent, requestId);
      const at = now();
      await repo.decideRequest(trx, request.id, 'rejected', at);
      if (request.type === 'new') await repo.markRejected(trx, request.contractId, at);
      await audit(trx, actor, request.type === 'new' ? 'reject' : 'termination_reject', request.contractId, { requestId: request.id });
      return changeValue(await reread(trx, agent.merchantId, request.contractId), request, []);
    });
  }

  /** The upline asks to end a direct downline's active contract it offered (a `termination` request); asking twice answers the first request. */
  async function requestTermination(caller: Caller, contractId: number, meta: { ip: string | null }): Promise<ContractChangeValue> {
    const agent = await agents.agentOf(caller);
    const actor: Actor = { type: 'member', id: agent.memberId, ip: meta.ip };
    return db.transaction().execute(async (trx) => {
      const first = await repo.findContract(trx, agent.merchantId, contractId);
      if (!first || first.offeredByMemberId !== agent.memberId || first.holderParentId !== agent.memberId) {
        throw new DomainError('agent_contract_not_found');
      }
      await assertKindOn(agent.merchantId, first.kind, trx);
      await repo.lockKind(trx, agent.merchantId, first.kind);
      const contract = await reread(trx, agent.merchantId, contractId);
      if (contract.status !== 'active') throw new DomainError('agent_contract_state_changed');
      const [existing] = await repo.findPendingTerminations(trx, [contract.id]);
      if (existing) return changeValue(contract, existing, []);
      const requestId = await repo.insertRequest(trx, {
        merchantId: agent.merchantId,
        contractId: contract.id,
        kind: contract.kind,
        type: 'termination',
        holderId: contract.holderId,
        requestedBy: agent.memberId,
        at: now(),
      });
      await audit(trx, actor, 'termination_request', contract.id, { requestId });
      return changeValue(contract, await repo.findRequest(trx, agent.merchantId, requestId), []);
    });
  }

  /** The holder ends its active contract at once (and its subtree's); the offerer withdraws its pending offer. */
  async function terminate(caller: Caller, contractId: number, meta: { ip: string | null }): Promise<ContractChangeValue> {
    const agent = await agents.agentOf(caller);
    const actor: Actor = { type: 'member', id: agent.memberId, ip: meta.ip };
    const result = await db.transaction().execute(async (trx) => {
      const first = await repo.findContract(trx, agent.merchantId, contractId);
      const isHolder = first?.holderId === agent.memberId;
      const isOfferer = first?.offeredByMemberId === agent.memberId;
      if (!first || (!isHolder && !isOfferer)) throw new DomainError('agent_contract_not_found');
      await assertKindOn(agent.merchantId, first.kind, trx);
      await repo.lockKind(trx, agent.merchantId, first.kind);
      const contract = await reread(trx, agent.merchantId, contractId);
      const at = now();
      if (isHolder && contract.status === 'active') {
        const { ended, told } = await endContracts(trx, [contract], 'by_holder', actor, at);
        return { value: changeValue(await reread(trx, agent.merchantId, contract.id), undefined, ended.slice(1)), told };
      }
      if (isOfferer && contract.status === 'pending') {
        const { ended, told } = await endContracts(trx, [contract], 'withdrawn', actor, at);
        return { value: changeValue(await reread(trx, agent.merchantId, contract.id), undefined, ended.slice(1)), told };
      }
      throw new DomainError('agent_contract_state_changed');
    });
    await announce(agent.merchantId, result.told);
    return result.value;
  }

  /**
   * An operator moved a member under another upline (the accounts module's move, in its
   * transaction): every open contract the member holds whose offerer is no longer its direct upline
   * (its old upline's, an operator's top-level one, a pending offer) ends `upline_changed`, and with
   * an active one the open contracts of the kind in its team (`upline_ended`), audited as the
   * operator's act, their holders told in the inbox. The member's team keeps its contracts of a kind
   * the member held none of.
   */
  async function holderMoved(
    trx: Transaction<DB>,
    move: { merchantId: number; memberId: number; toParentId: number; by: { adminId: number; ip: string | null } },
  ): Promise<{ ended: number[]; told: number[] }> {
    const actor: Actor = { type: 'admin', id: move.by.adminId, ip: move.by.ip };
    const at = now();
    const ended: number[] = [];
    const told = new Set<number>();
    for (const kind of CONTRACT_KINDS) {
      await repo.lockKind(trx, move.merchantId, kind);
      const open = await repo.findOpenOfHolder(trx, move.memberId, kind);
      const unfit = [open.active, open.pending].filter(
        (c): c is repo.ContractRow => c !== undefined && c.offeredByMemberId !== move.toParentId,
      );
      if (unfit.length === 0) continue;
      const result = await endContracts(trx, unfit, 'upline_changed', actor, at);
      ended.push(...result.ended.map((c) => c.id));
      for (const id of result.told) told.add(id);
    }
    return { ended, told: [...told] };
  }

  // ---- operator calls ---------------------------------------------------------------------------

  /**
   * An operator sets a top-level agent's contract of a kind: active at once, the earlier one ends
   * (`replaced`); the lower-rate rule applies as to an upline's offer.
   */
  async function setTopLevel(op: Operator, input: SetTopLevelContractRequest): Promise<ContractChangeValue> {
    const tiers = checkedTiers(input.kind, input.tiers);
    const terms: ContractTerms = { kind: input.kind, tiers };
    const actor: Actor = { type: 'admin', id: op.adminId, ip: op.ip };
    const result = await db.transaction().execute(async (trx) => {
      const holder = await findMemberByUsername(trx, op.merchantId, input.holderUsername);
      if (!holder || !isAgentAccountType(holder.accountType)) throw new DomainError('not_an_agent');
      if (holder.parentId !== null) throw new DomainError('agent_contract_not_top_level');
      const policy = await policyOf(op.merchantId, trx);
      await repo.lockKind(trx, op.merchantId, input.kind);
      const better = await betterBelow(trx, holder, terms);
      if (better.length > 0 && !input.confirm) throw new DomainError('agent_contract_lower_rate_confirm');
      const at = now();
      const lowered = await endContracts(trx, better, 'lower_rate', actor, at);
      const theirs = await repo.findOpenOfHolder(trx, holder.id, input.kind);
      const replaced = [theirs.active, theirs.pending].filter((c): c is repo.ContractRow => c !== undefined);
      await repo.markTerminated(
        trx,
        replaced.map((c) => c.id),
        'replaced',
        at,
      );
      await repo.voidRequestsOf(
        trx,
        replaced.map((c) => c.id),
        at,
      );
      const id = await repo.insertContract(trx, {
        merchantId: op.merchantId,
        kind: input.kind,
        holderId: holder.id,
        offeredBy: { adminId: op.adminId },
        tiers,
        period: periodOf(input.kind, policy),
        status: 'active',
        at,
      });
      await audit(trx, actor, 'set_top_level', id, {
        kind: input.kind,
        holderId: holder.id,
        tiers,
        replacedContractIds: replaced.map((c) => c.id),
        endedContractIds: lowered.ended.map((c) => c.id),
      });
      return { value: changeValue(await reread(trx, op.merchantId, id), undefined, lowered.ended), told: lowered.told };
    });
    await announce(op.merchantId, result.told);
    return result.value;
  }

  async function adminList(merchantId: number, query: AdminContractListQuery): Promise<Page<Contract>> {
    let holderId: number | undefined;
    if (query.holderUsername !== undefined) {
      const holder = await findMemberByUsername(db, merchantId, query.holderUsername);
      if (!holder) return { list: [], pageNo: query.pageNo, pageSize: query.pageSize, totalCount: 0, totalPages: 1 };
      holderId = holder.id;
    }
    const { rows, total } = await repo.findPageOfMerchant(
      db,
      merchantId,
      { kind: query.kind, status: query.status, holderId },
      { offset: pageOffset(query), limit: query.pageSize },
    );
    return {
      list: rows.map(presentContract),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: totalPagesOf(total, query.pageSize),
    };
  }

  /** Pauses or resumes a kind for the merchant (the policy setting, audited by the settings module). */
  async function pauseKind(op: Operator, kind: ContractKind, isPaused: boolean) {
    const policy = await policyOf(op.merchantId);
    const others = policy.pausedKinds.filter((k) => k !== kind);
    const pausedKinds = CONTRACT_KINDS.filter((k) => (k === kind ? isPaused : others.includes(k)));
    await settings.setByOperator(op.merchantId, contractPolicySetting, { ...policy, pausedKinds }, { adminId: op.adminId, ip: op.ip });
    return { kind, isPaused, pausedKinds };
  }

  /** Every open contract of the merchant (the chain's state, for checks). */
  async function openContracts(merchantId: number): Promise<Contract[]> {
    return (await repo.findOpenOfMerchant(db, merchantId)).map(presentContract);
  }

  return {
    myContract,
    downlineContracts,
    pendingRequestTypes,
    offer,
    sign,
    reject,
    requestTermination,
    terminate,
    openContracts,
    settlement,
    admin: { setTopLevel, list: adminList, pauseKind, ...operatorSettlement },
    hasOpenDebt,
    assertNotDebtor,
    holderMoved,
    /** The live notice of the inbox messages `holderMoved` wrote, once its transaction has committed. */
    announceEnded: announce,
    assertKindOn,
  };
}
