import { type ContractKind, type ContractLevel, differentialOf } from '@platform/contracts/agents/contract-tiers';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { findMember } from '../accounts/member-directory.ts';
import { recordAudit, recordAudits } from '../audit/audit.service.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import { addInto, emptyMoneyFigures, moneyEffectOf } from '../daily-stats/daily-stats.money-rules.ts';
import type { TeamStatsService } from '../daily-stats/team-stats.service.ts';
import type { ImportTransferInput, LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as payouts from './agent-contracts.payouts.repository.ts';
import { dividendPeriodOf, isDividendPeriod, isSlotKind, isSlotStart, type SlotKind, slotFrom } from './agent-contracts.periods.ts';
import type { ContractRow } from './agent-contracts.repository.ts';
import { type ContractPolicy, contractPolicySetting } from './agent-contracts.settings.ts';

export type ContractSettlement = ReturnType<typeof createContractSettlement>;

export type SettledPayout = { payout: payouts.PayoutRow; isReplay: boolean };

/**
 * A period: days of the merchant's calendar, both ends included, and the instant it is over; an hourly
 * wage's hour or a real-time salary's 5-minute slot also carries its instants [from, to) (its days
 * are the merchant's day it falls on).
 */
type Period = { start: string; end: string; endsAt: Date; slot: { from: Date; to: Date } | null };

/** What a payout and its ledger keys are unique on besides the contract: the first day, or the slot's start instant. */
const periodKeyOf = (p: Period) => (p.slot === null ? p.start : p.slot.from.toISOString());

/**
 * Ledger keys: one own amount and one clamp top-up per (contract, period), so a second run moves
 * nothing; a correction's `…:correction:<n>:own|clamp`, a deduction's `…:deduction:<correction id>:own|clamp`.
 */
const keyPrefixOf = (contractId: number, periodKey: string) => `agent-contract:${contractId}:${periodKey}`;
const ownKeyOf = (contractId: number, periodKey: string) => `${keyPrefixOf(contractId, periodKey)}:own`;
const clampKeyOf = (contractId: number, periodKey: string) => `${keyPrefixOf(contractId, periodKey)}:clamp`;

/** What one member did in a slot: its settled real-money rounds and its deposits (for the active-member rule). */
type MemberPlay = { memberId: number; uplinePath: string; stake: number; validBet: number; winLoss: number; deposit: number };

/** A team's figures over a period: the tier engine's metrics and the valid bet (recorded with them). */
type TeamMetrics = { bet: number; validBet: number; activeMembers: number; netLoss: number };

/** The team metrics of every member above someone who played or deposited in a slot, by that upline's id. */
type SlotTeams = ReadonlyMap<number, TeamMetrics>;

const noPlay = (): TeamMetrics => ({ bet: 0, validBet: 0, activeMembers: 0, netLoss: 0 });

type ActiveMemberRule = { minValidBet: number | null; minDeposit: number | null };

/** What a (contract, period) is due: its team's metrics, tier, rate, own amount, downline amounts, payout and clamp top-up. */
type Figures = {
  metrics: TeamMetrics;
  tier: number | null;
  rateBasisPoints: number;
  ownAmount: number;
  downlineAmounts: { contractId: number; holderId: number; amount: number }[];
  payout: number;
  clampAmount: number;
};

/** Most contracts one transaction of a merchant's run settles (those of one depth in the tree, at most this many). */
const SETTLE_CHUNK_SIZE = 1_000;

/** The differential of a contract in memory, from its team's metrics and its direct downlines' (contracts in force at the period's end). */
function figuresOf(
  contract: ContractRow,
  metricsOf: (holderId: number) => TeamMetrics,
  downlineContracts: readonly ContractRow[],
): Figures {
  const metrics = metricsOf(contract.holderId);
  const downlines: (ContractLevel & { contract: ContractRow })[] = downlineContracts.map((d) => ({
    contract: d,
    terms: { kind: d.kind, tiers: d.tiers },
    metrics: metricsOf(d.holderId),
  }));
  const diff = differentialOf({ terms: { kind: contract.kind, tiers: contract.tiers }, metrics }, downlines);
  const deducted = diff.downlineAmounts.reduce((sum, a) => sum + a, 0);
  return {
    metrics,
    tier: diff.tier,
    rateBasisPoints: diff.rateBasisPoints,
    ownAmount: diff.ownAmount,
    downlineAmounts: downlines.map((d, i) => ({
      contractId: d.contract.id,
      holderId: d.contract.holderId,
      amount: diff.downlineAmounts[i] ?? 0,
    })),
    payout: diff.payout,
    clampAmount: diff.isClamped ? deducted - diff.ownAmount : 0,
  };
}

const noMetrics = (): TeamMetrics => noPlay();

/** A contract of a set being settled with what it is due. */
type Planned = { contract: ContractRow; figures: Figures };

/** Upline path depth: shallower contracts are settled first, so an upline's own amount is in its wallet when it pays. */
const depthOf = (c: ContractRow) => c.holderUplinePath.split('/').length;

/**
 * Settlement of agent contracts (docs/agent-contracts.md, "Who pays whom"): the daily wage and the
 * dividend, one (contract, period) at a time, from the daily team rollups.
 */
export function createContractSettlement(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  teamStats: Pick<TeamStatsService, 'ofTeams'>;
  /** The bet records' reads by time, for the hourly wage and the real-time salary (the bet-records module). */
  betRecords: Pick<BetRecordService, 'playBetween'>;
  settings: SettingsService;
  timeZoneOf: (merchantId: number) => Promise<string>;
  now: () => Date;
  /** Most contracts one transaction of a merchant's run settles (default `SETTLE_CHUNK_SIZE`). */
  chunkSize?: number;
}) {
  const { db, ledger, teamStats, settings, now } = deps;
  const chunkSize = deps.chunkSize ?? SETTLE_CHUNK_SIZE;

  /**
   * The team metrics of many holders over a period, as a look-up by holder id: for the day kinds one
   * grouped read of the holders' team rollups (`dailyStats.team.ofTeams`: bet amount = stake, valid
   * bet, net loss = − the members' win/loss, active members by the merchant's rule); for the slot
   * kinds what the members did in the slot (`teams` when a merchant-wide run has read it, else the
   * team of `root`, the one holder whose team holds the others).
   */
  async function metricsFor(
    merchantId: number,
    period: Period,
    holders: readonly ContractRow[],
    rule: ActiveMemberRule,
    teams?: SlotTeams,
  ): Promise<(holderId: number) => TeamMetrics> {
    const { slot } = period;
    if (slot !== null) {
      const root = holders[0];
      const slotTeams =
        teams ??
        (await slotTeamsOf(
          merchantId,
          slot,
          rule,
          root === undefined ? undefined : { id: root.holderId, merchantId, uplinePath: root.holderUplinePath },
        ));
      return (holderId) => ({ ...(slotTeams.get(holderId) ?? noPlay()) });
    }
    const ids = [...new Set(holders.map((c) => c.holderId))];
    const figures = await teamStats.ofTeams(merchantId, ids, { from: period.start, to: period.end }, rule);
    return (holderId) => {
      const f = figures.get(holderId);
      // The members' win/loss is their side (payout − stake); the team's net loss is the house's side.
      return f === undefined ? noPlay() : { bet: f.stake, validBet: f.validBet, activeMembers: f.qualifiedMembers, netLoss: -f.winLoss };
    };
  }

  /**
   * What the merchant's members (or one holder's team) did in a slot: their settled real-money rounds
   * by settlement time, as the daily rollups count them, and, when the merchant's active-member rule
   * counts deposits, their deposits by ledger time, as the rollups' money rules count them. Empty when
   * nobody played; a member who only deposited is listed with no play. Each member's figures are then
   * added to every upline on its path (the member itself aside, as a team never holds its agent), so
   * any holder's team metrics are one look-up: one pass over the members, whatever the contracts.
   */
  async function slotTeamsOf(
    merchantId: number,
    slot: { from: Date; to: Date },
    rule: ActiveMemberRule,
    team?: { id: number; merchantId: number; uplinePath: string },
  ): Promise<SlotTeams> {
    const teams = new Map<number, TeamMetrics>();
    for (const m of await slotPlayOf(merchantId, slot, rule, team)) {
      const isActive =
        (rule.minValidBet !== null && m.validBet >= rule.minValidBet) || (rule.minDeposit !== null && m.deposit >= rule.minDeposit);
      // `/1/5/9/`: 1 and 5 are 9's uplines.
      const uplines = m.uplinePath
        .split('/')
        .filter((id) => id !== '')
        .slice(0, -1);
      for (const id of uplines) {
        const totals = teams.get(Number(id)) ?? noPlay();
        totals.bet += m.stake;
        totals.validBet += m.validBet;
        totals.netLoss -= m.winLoss;
        if (isActive) totals.activeMembers += 1;
        teams.set(Number(id), totals);
      }
    }
    return teams;
  }

  async function slotPlayOf(
    merchantId: number,
    slot: { from: Date; to: Date },
    rule: ActiveMemberRule,
    team?: { id: number; merchantId: number; uplinePath: string },
  ): Promise<MemberPlay[]> {
    const rounds = await deps.betRecords.playBetween({ merchantId, from: slot.from, to: slot.to, team });
    if (rounds.length === 0) return [];
    const play = new Map<number, MemberPlay>(rounds.map((r) => [r.memberId, { ...r, deposit: 0 }]));
    if (rule.minDeposit === null) return [...play.values()];
    const movements = await ledger.movements.ofMembers({
      kind: 'time',
      merchantId,
      from: slot.from,
      to: slot.to,
      afterMemberId: 0,
      uptoMemberId: Number.MAX_SAFE_INTEGER,
    });
    const deposits = new Map<number, number>();
    for (const m of movements) {
      const effect = moneyEffectOf(m);
      if (effect?.depositAmount === undefined) continue;
      const figures = emptyMoneyFigures();
      addInto(figures, effect);
      deposits.set(m.memberId, (deposits.get(m.memberId) ?? 0) + figures.depositAmount);
    }
    const paths = await payouts.findUplinePaths(
      db,
      [...deposits.keys()].filter((id) => !play.has(id)),
    );
    for (const [memberId, deposit] of deposits) {
      const known = play.get(memberId);
      if (known) known.deposit = deposit;
      else {
        const uplinePath = paths.get(memberId);
        if (uplinePath !== undefined) play.set(memberId, { memberId, uplinePath, stake: 0, validBet: 0, winLoss: 0, deposit });
      }
    }
    return [...play.values()];
  }

  async function memberWallet(trx: Parameters<LedgerService['transfer']>[1], member: { id: number; merchantId: number; currency: string }) {
    const account = (
      await ledger.ensureMemberAccounts(
        { merchantId: member.merchantId, memberId: member.id, currency: member.currency, kinds: ['agent_main'] },
        trx,
      )
    ).agent_main;
    if (!account) throw new Error('agent wallet missing after ensureMemberAccounts');
    return account.id;
  }

  /**
   * Where a (contract, period) stands before it is settled or corrected: null when nothing may be done
   * (not a contract of the kind, the period not over, the contract not in force at its end), else
   * the contract, the period and its keys, and the merchant's policy.
   */
  async function periodOfContract(
    contractId: number,
    kind: ContractKind,
    periodOf: (contract: { period: string }, timeZone: string) => Period | null,
  ) {
    const found = await payouts.findSettlementKeyOf(db, contractId);
    if (found === undefined || found.kind !== kind) return null;
    const { merchantId } = found;
    const timeZone = await deps.timeZoneOf(merchantId);
    const period = periodOf(found, timeZone);
    if (period === null) return null;
    if (now().getTime() < period.endsAt.getTime()) return null;
    const [contract] = await payouts.findInForceAt(db, { kind, at: period.endsAt, contractId });
    if (!contract) return null;
    const periodKey = periodKeyOf(period);
    const key = { periodStart: period.start, slotStart: period.slot?.from ?? null };
    return { merchantId, period, contract, periodKey, key };
  }

  /**
   * The differential of a contract over a period: its team's metrics (the daily rollups for the day
   * kinds; for the slot kinds what the members did in the slot, `teams` when a merchant-wide run has
   * read it, else the holder's team is read), its direct downlines in force at the period's end with
   * theirs, the tier, rate, own amount, downline amounts, payout and the clamp top-up.
   */
  async function differentialFor(
    at: { merchantId: number; period: Period; contract: ContractRow },
    rule: ActiveMemberRule,
    teams?: SlotTeams,
  ): Promise<Figures> {
    const { merchantId, period, contract } = at;
    const downlines = await payouts.findInForceAt(db, {
      kind: contract.kind,
      at: period.endsAt,
      merchantId,
      holderParentId: contract.holderId,
    });
    const metricsOf = await metricsFor(merchantId, period, [contract, ...downlines], rule, teams);
    return figuresOf(contract, metricsOf, downlines);
  }

  /**
   * Who credits a holder an amount of its contract: the house for a top-level contract, else its
   * upline's agent wallet, or the platform (the house) when that wallet holds less than the amount.
   */
  async function payerOf(trx: Transaction<DB>, contract: ContractRow, amount: number, house: number) {
    const payerMemberId = contract.offeredByMemberId;
    if (payerMemberId === null) return { paidBy: 'house' as const, from: house, payerMemberId };
    if (amount === 0) return { paidBy: 'upline' as const, from: house, payerMemberId };
    // Before its wallet is read: a debt of the upline must not slip past a move out of it (`lockDebtors`).
    await payouts.lockDebtors(trx, [payerMemberId]);
    const upline = await findMember(trx, payerMemberId);
    if (!upline) throw new Error('contract offerer missing');
    const uplineWallet = await memberWallet(trx, upline);
    if ((await ledger.balanceOf(uplineWallet, trx)) >= amount) return { paidBy: 'upline' as const, from: uplineWallet, payerMemberId };
    return { paidBy: 'platform' as const, from: house, payerMemberId };
  }

  /**
   * Settles a set of contracts of one kind for one period, set-based: the payouts already recorded
   * are answered as replays (one read); the differential of every other contract is computed in
   * memory from `readMetrics` (read once for the whole set, and not at all when every contract is
   * already paid) with its direct downlines among `inForce`;
   * a slot kind's contract whose team did not play is left out (not recorded). The payouts are then
   * written by chunks, uplines first: one transaction per chunk of contracts of one depth in the
   * tree (at most `chunkSize`), see `writeChunk`. A run killed mid-way leaves whole chunks; the next
   * run answers their payouts and writes the rest. Answers the set's payouts, uplines first.
   */
  async function settleSet(
    at: { merchantId: number; kind: ContractKind; period: Period },
    toSettle: readonly ContractRow[],
    inForce: readonly ContractRow[],
    readMetrics: () => Promise<(holderId: number) => TeamMetrics>,
  ): Promise<SettledPayout[]> {
    const { period } = at;
    const periodKey = periodKeyOf(period);
    const key = { periodStart: period.start, slotStart: period.slot?.from ?? null };
    const ordered = [...toSettle].sort((a, b) => depthOf(a) - depthOf(b) || a.id - b.id);
    const existing = await payouts.findPayoutsOf(
      db,
      ordered.map((c) => c.id),
      key,
    );
    const downlinesOf = new Map<number, ContractRow[]>();
    for (const c of inForce) {
      if (c.holderParentId === null) continue;
      downlinesOf.set(c.holderParentId, [...(downlinesOf.get(c.holderParentId) ?? []), c]);
    }
    const unpaid = ordered.filter((c) => !existing.has(c.id));
    // The teams' metrics are read only when something is left to pay (a second run reads none).
    const metricsOf = unpaid.length === 0 ? noMetrics : await readMetrics();
    const planned = unpaid
      .map((contract) => ({ contract, figures: figuresOf(contract, metricsOf, downlinesOf.get(contract.holderId) ?? []) }))
      // A slot without play is not recorded: 288 slots a day for each contract would be mostly empty rows.
      .filter((p) => period.slot === null || p.figures.metrics.bet > 0);
    const written = new Map<number, payouts.PayoutRow>();
    let chunk: Planned[] = [];
    const flush = async () => {
      if (chunk.length === 0) return;
      for (const row of await writeChunk({ ...at, periodKey, key }, chunk)) written.set(row.contractId, row);
      chunk = [];
    };
    for (const p of planned) {
      const first = chunk[0];
      if (first !== undefined && (depthOf(first.contract) !== depthOf(p.contract) || chunk.length >= chunkSize)) await flush();
      chunk.push(p);
    }
    await flush();
    // Contracts another run recorded while this one computed: their payouts stand.
    const winners = await payouts.findPayoutsOf(
      db,
      planned.filter((p) => !written.has(p.contract.id)).map((p) => p.contract.id),
      key,
    );
    const results: SettledPayout[] = [];
    for (const c of ordered) {
      const fresh = written.get(c.id);
      const replay = existing.get(c.id) ?? winners.get(c.id);
      if (fresh) results.push({ payout: fresh, isReplay: false });
      else if (replay) results.push({ payout: replay, isReplay: true });
    }
    return results;
  }

  /**
   * One chunk of a set's payouts in one transaction: the (contract, period) locks of the chunk (in
   * contract order), the payouts recorded meanwhile dropped, the agent wallets of holders and payers
   * made sure of and locked with their balances read; then, in memory, contract by contract, who pays
   * each own amount (the house for a top-level contract; the upline's agent wallet when it holds it,
   * counting what this chunk has already moved; else the platform, with the upline's debt), the
   * clamp top-up from the house, and what corrections found overpaid given back (oldest first, at
   * most the payout); all of it moved by one `ledger.importTransfers` with the usual keys (so a
   * second run moves nothing), then the payout rows, debts and deductions left, each one statement,
   * and one audit row listing the chunk's payouts.
   */
  async function writeChunk(
    at: { merchantId: number; kind: ContractKind; period: Period; periodKey: string; key: payouts.PeriodKey },
    chunk: readonly Planned[],
  ): Promise<payouts.PayoutRow[]> {
    const { merchantId, kind, period, periodKey, key } = at;
    const { slot } = period;
    return db.transaction().execute(async (trx) => {
      const ids = chunk.map((p) => p.contract.id);
      await payouts.lockPeriods(trx, ids, periodKey);
      const taken = await payouts.findPaidContractIds(trx, ids, key);
      const todo = chunk.filter((p) => !taken.has(p.contract.id));
      if (todo.length === 0) return [];
      const deductions = await payouts.lockOpenDeductionsOf(
        trx,
        todo.map((p) => p.contract.id),
      );
      const memberIds = new Set<number>();
      for (const { contract, figures } of todo) {
        memberIds.add(contract.holderId);
        if (contract.offeredByMemberId !== null && figures.ownAmount > 0) memberIds.add(contract.offeredByMemberId);
        for (const d of deductions.get(contract.id) ?? []) if (d.ownRefundMemberId !== null) memberIds.add(d.ownRefundMemberId);
      }
      const currencies = await payouts.findCurrencies(trx, [...memberIds]);
      const byCurrency = new Map<string, number[]>();
      for (const [memberId, currency] of currencies) byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), memberId]);
      const wallets = new Map<number, number>();
      const houses = new Map<string, number>();
      for (const [currency, members] of byCurrency) {
        const accounts = await ledger.ensureMemberAccountsOfMany({ merchantId, currency, memberIds: members, kinds: ['agent_main'] }, trx);
        for (const a of accounts) if (a.kind === 'agent_main') wallets.set(a.memberId, a.id);
        houses.set(currency, (await ledger.ensureSystemAccount({ merchantId, kind: 'house_revenue', currency }, trx)).id);
      }
      const walletOf = (memberId: number) => {
        const id = wallets.get(memberId);
        if (id === undefined) throw new Error('agent wallet missing after ensureMemberAccountsOfMany');
        return id;
      };
      // The payers' debtor locks before their wallets' (`lockDebtors`): a debt recorded here cannot slip past a move out of the wallet.
      await payouts.lockDebtors(
        trx,
        todo.flatMap(({ contract, figures }) =>
          contract.offeredByMemberId !== null && figures.ownAmount > 0 ? [contract.offeredByMemberId] : [],
        ),
      );
      const balances = await ledger.lockBalances([...wallets.values()], trx);
      const move = (from: number, to: number, amount: number) => {
        if (balances.has(from)) balances.set(from, (balances.get(from) ?? 0) - amount);
        if (balances.has(to)) balances.set(to, (balances.get(to) ?? 0) + amount);
      };

      const createdAt = now();
      const items: ImportTransferInput[] = [];
      const leftUpdates: { id: number; own: number; clamp: number }[] = [];
      const planned = todo.map(({ contract, figures }) => {
        const currency = currencies.get(contract.holderId);
        const house = currency === undefined ? undefined : houses.get(currency);
        if (currency === undefined || house === undefined) throw new Error('contract holder missing');
        const holderWallet = walletOf(contract.holderId);
        const reference = { type: 'agent_contract', id: String(contract.id) };
        const payerMemberId = contract.offeredByMemberId;
        let paidBy: payouts.PayoutRow['paidBy'] = payerMemberId === null ? 'house' : 'upline';
        let from = house;
        if (payerMemberId !== null && figures.ownAmount > 0) {
          const uplineWallet = walletOf(payerMemberId);
          if ((balances.get(uplineWallet) ?? 0) >= figures.ownAmount) from = uplineWallet;
          else paidBy = 'platform';
        }
        const push = (fromAccountId: number, toAccountId: number, amount: number, idempotencyKey: string) => {
          move(fromAccountId, toAccountId, amount);
          items.push({ fromAccountId, toAccountId, amount, code: 'agent_commission', idempotencyKey, reference, at: createdAt });
          return items.length - 1;
        };
        const ownIndex = figures.ownAmount > 0 ? push(from, holderWallet, figures.ownAmount, ownKeyOf(contract.id, periodKey)) : null;
        const clampIndex =
          figures.clampAmount > 0 ? push(house, holderWallet, figures.clampAmount, clampKeyOf(contract.id, periodKey)) : null;
        // What corrections found overpaid, given back from what the holder keeps of this payout (so
        // its downlines can still be paid from its wallet): the own part to whoever paid it, the clamp's to the house.
        let room = figures.payout;
        let deductedAmount = 0;
        for (const d of deductions.get(contract.id) ?? []) {
          if (room <= 0) break;
          const own = Math.min(d.ownLeft, room);
          room -= own;
          const clamp = Math.min(d.clampLeft, room);
          room -= clamp;
          const prefix = `${keyPrefixOf(contract.id, periodKey)}:deduction:${d.id}`;
          if (own > 0) push(holderWallet, d.ownRefundMemberId === null ? house : walletOf(d.ownRefundMemberId), own, `${prefix}:own`);
          if (clamp > 0) push(holderWallet, house, clamp, `${prefix}:clamp`);
          if (own + clamp > 0) leftUpdates.push({ id: d.id, own: d.ownLeft - own, clamp: d.clampLeft - clamp });
          deductedAmount += own + clamp;
        }
        return { contract, figures, currency, paidBy, payerMemberId, ownIndex, clampIndex, deductedAmount };
      });
      const { transferIds } = await ledger.importTransfers(items, trx);
      const rows = planned.map((p): Omit<payouts.PayoutRow, 'id'> & { merchantId: number; kind: ContractKind; createdAt: Date } => ({
        contractId: p.contract.id,
        holderId: p.contract.holderId,
        periodStart: period.start,
        periodEnd: period.end,
        slotStart: slot?.from ?? null,
        slotEnd: slot?.to ?? null,
        currency: p.currency,
        ...p.figures,
        paidBy: p.paidBy,
        payerMemberId: p.payerMemberId,
        ownTransferId: p.ownIndex === null ? null : (transferIds[p.ownIndex] ?? null),
        clampTransferId: p.clampIndex === null ? null : (transferIds[p.clampIndex] ?? null),
        deductedAmount: p.deductedAmount,
        merchantId,
        kind,
        createdAt,
      }));
      const payoutIds = await payouts.insertPayoutsOnce(trx, rows);
      // Every writer of a payout holds its (contract, period) lock, so none can be there: were one, the chunk stops whole.
      if (payoutIds.size !== rows.length) throw new Error('a payout was recorded outside its period lock');
      const idOf = (contractId: number) => payoutIds.get(contractId) as number;
      await payouts.insertDebts(
        trx,
        planned
          .filter((p) => p.paidBy === 'platform' && p.payerMemberId !== null)
          .map((p) => ({
            merchantId,
            payoutId: idOf(p.contract.id),
            debtorId: p.payerMemberId as number,
            amount: p.figures.ownAmount,
            createdAt,
          })),
      );
      await payouts.setDeductionsLeft(trx, leftUpdates);
      // One audit row for the chunk, listing its payouts (the chain seals it like any other row).
      await recordAudit(trx, {
        actorType: 'system',
        actorId: null,
        action: 'agent_contract.payouts',
        subjectType: 'agent_contract_period',
        subjectId: `${kind}:${periodKey}`,
        data: {
          kind,
          period: periodKey,
          periodEnd: slot === null ? period.end : slot.to.toISOString(),
          payouts: planned.map((p) => ({
            contractId: p.contract.id,
            payoutId: idOf(p.contract.id),
            ownAmount: p.figures.ownAmount,
            payout: p.figures.payout,
            clampAmount: p.figures.clampAmount,
            deductedAmount: p.deductedAmount,
            paidBy: p.paidBy,
          })),
        },
      });
      return rows.map(({ merchantId: _m, kind: _k, createdAt: _c, ...row }) => ({ id: idOf(row.contractId), ...row }));
    });
  }

  /**
   * Settles one contract for one period, once the period is over: its own amount on its team's
   * metrics, less its direct downlines' own amounts over the same period (never below zero),
   * credited to its agent wallet by the house (a top-level contract) or by its upline's agent wallet
   * (the platform pays when that wallet cannot, and records the upline's debt), with the house's
   * top-up when the downlines' amounts exceed its own, less what corrections found overpaid before.
   * The day kinds read the daily team rollups; the slot kinds what the members did in the slot.
   * Answers null when nothing is due (the period is not over, the contract was not in force at its
   * end, the kind is paused, or, for a slot kind, the team did not play in the slot: such a slot is
   * not recorded); a second run answers the first payout and moves nothing.
   */
  async function settlePeriod(
    contractId: number,
    kind: ContractKind,
    periodOf: (contract: { period: string }, timeZone: string) => Period | null,
  ): Promise<SettledPayout | null> {
    const at = await periodOfContract(contractId, kind, periodOf);
    if (at === null) return null;
    const { merchantId, period, contract } = at;
    const existing = await payouts.findPayout(db, contract.id, at.key);
    if (existing) return { payout: existing, isReplay: true };
    const policy = await settings.get(merchantId, contractPolicySetting);
    if (policy.pausedKinds.includes(kind)) return null;
    const downlines = await payouts.findInForceAt(db, { kind, at: period.endsAt, merchantId, holderParentId: contract.holderId });
    const [settled] = await settleSet({ merchantId, kind, period }, [contract], [contract, ...downlines], () =>
      metricsFor(merchantId, period, [contract, ...downlines], policy.activeMember),
    );
    return settled ?? null;
  }

  /**
   * Corrects a paid (contract, period) for rounds that settled in it after it was paid (or were
   * voided): its figures are read again, and the difference from what the payout and the earlier
   * corrections credited is a new correction (`…:correction:<n>`). A positive own difference is paid
   * by the same payer as a payout's (the upline's agent wallet, the platform with a debt when it
   * cannot, the house for a top-level contract), a positive clamp difference by the house; a negative
   * one is left to be deducted from the holder's next payouts of the contract, never taken from its
   * wallet. Answers null when there is no payout, the kind is paused or nothing changed.
   */
  async function correctPeriod(
    contractId: number,
    kind: ContractKind,
    periodOf: (contract: { period: string }, timeZone: string) => Period | null,
    teams?: SlotTeams,
  ): Promise<payouts.CorrectionRow | null> {
    const at = await periodOfContract(contractId, kind, periodOf);
    if (at === null) return null;
    const { merchantId, contract, periodKey, key } = at;
    const paid = await payouts.findPayout(db, contract.id, key);
    if (!paid) return null;
    const policy = await settings.get(merchantId, contractPolicySetting);
    if (policy.pausedKinds.includes(kind)) return null;
    const figures = await differentialFor(at, policy.activeMember, teams);

    const corrected = await db.transaction().execute(async (trx) => {
      await payouts.lockPeriod(trx, contract.id, periodKey);
      const before = await payouts.findCorrectionTotals(trx, paid.id);
      const ownDelta = figures.ownAmount - (paid.ownAmount + before.ownDelta);
      const clampDelta = figures.clampAmount - (paid.clampAmount + before.clampDelta);
      if (ownDelta === 0 && clampDelta === 0) return null;
      const seq = before.count + 1;
      const holder = await findMember(trx, contract.holderId);
      if (!holder) throw new Error('contract holder missing');
      const holderWallet = await memberWallet(trx, holder);
      const house = (await ledger.ensureSystemAccount({ merchantId, kind: 'house_revenue', currency: holder.currency }, trx)).id;
      const reference = { type: 'agent_contract', id: String(contract.id) };
      const prefix = `${keyPrefixOf(contract.id, periodKey)}:correction:${seq}`;
      const payer = ownDelta > 0 ? await payerOf(trx, contract, ownDelta, house) : null;
      const own =
        payer !== null
          ? await ledger.transfer(
              {
                fromAccountId: payer.from,
                toAccountId: holderWallet,
                amount: ownDelta,
                code: 'agent_commission',
                idempotencyKey: `${prefix}:own`,
                reference,
              },
              trx,
            )
          : undefined;
      const clamp =
        clampDelta > 0
          ? await ledger.transfer(
              {
                fromAccountId: house,
                toAccountId: holderWallet,
                amount: clampDelta,
                code: 'agent_commission',
                idempotencyKey: `${prefix}:clamp`,
                reference,
              },
              trx,
            )
          : undefined;
      const row: Omit<payouts.CorrectionRow, 'id'> = {
        payoutId: paid.id,
        contractId: contract.id,
        holderId: contract.holderId,
        seq,
        ...figures,
        ownDelta,
        clampDelta,
        paidBy: payer?.paidBy ?? null,
        payerMemberId: payer?.payerMemberId ?? null,
        ownTransferId: own?.transferId ?? null,
        clampTransferId: clamp?.transferId ?? null,
        ownDeductionLeft: Math.max(0, -ownDelta),
        // The overpaid own amount goes back to whoever paid it: the upline's agent wallet, else the house.
        ownRefundMemberId: ownDelta < 0 && paid.paidBy === 'upline' ? paid.payerMemberId : null,
        clampDeductionLeft: Math.max(0, -clampDelta),
      };
      const createdAt = now();
      const id = await payouts.insertCorrection(trx, { ...row, merchantId, createdAt });
      if (payer?.paidBy === 'platform' && payer.payerMemberId !== null) {
        await payouts.insertDebt(trx, {
          merchantId,
          payoutId: paid.id,
          correctionId: id,
          debtorId: payer.payerMemberId,
          amount: ownDelta,
          createdAt,
        });
      }
      await recordAudit(trx, {
        actorType: 'system',
        actorId: null,
        action: 'agent_contract.correction',
        subjectType: 'agent_contract',
        subjectId: contract.id,
        data: { correctionId: id, payoutId: paid.id, period: periodKey, seq, ownDelta, clampDelta, paidBy: row.paidBy },
      });
      return { id, ...row };
    });
    return corrected;
  }

  /** Days of the merchant's calendar as a period: over at the midnight after the last. */
  const daysPeriod = (days: { start: string; end: string }, timeZone: string): Period => ({
    ...days,
    endsAt: startOfLocalDate(addDays(days.end, 1), timeZone),
    slot: null,
  });

  /** An hour or a 5-minute slot starting at an instant as a period; refused when the instant does not start one. */
  function slotPeriod(kind: SlotKind, from: Date, timeZone: string): Period {
    if (!isSlotStart(kind, from, timeZone)) throw new DomainError('agent_contract_period_invalid');
    const slot = slotFrom(kind, from);
    const day = localDateOf(slot.from, timeZone);
    return { start: day, end: day, endsAt: slot.to, slot };
  }

  /** Settles one daily-wage contract for one day of the merchant's calendar (see `settlePeriod`). */
  const settleDailyWage = (contractId: number, day: string) =>
    settlePeriod(contractId, 'dailyWage', (_c, timeZone) => daysPeriod({ start: day, end: day }, timeZone));

  /**
   * Settles one dividend contract for the period (its own, stored when it was offered: a week from
   * Monday, a half-month or a month) that holds the day (see `settlePeriod`).
   */
  const settleDividend = (contractId: number, day: string) =>
    settlePeriod(contractId, 'dividend', (c, timeZone) =>
      isDividendPeriod(c.period) ? daysPeriod(dividendPeriodOf(c.period, day), timeZone) : null,
    );

  /** Settles one hourly-wage contract for the hour of the merchant's clock starting at `hourStart` (see `settlePeriod`). */
  const settleHourlyWage = (contractId: number, hourStart: Date) =>
    settlePeriod(contractId, 'hourlyWage', (_c, timeZone) => slotPeriod('hourlyWage', hourStart, timeZone));

  /**
   * Settles one real-time-salary contract for the 5-minute slot starting at `slotStart`: the profit
   * rate on the team's bet when the house won or broke even, the loss rate when it lost (see
   * `settlePeriod`).
   */
  const settleRealtimeSalary = (contractId: number, slotStart: Date) =>
    settlePeriod(contractId, 'realtimeSalary', (_c, timeZone) => slotPeriod('realtimeSalary', slotStart, timeZone));

  /**
   * Settles the merchant's contracts of a kind in force at a period's end (those `include` keeps),
   * set-based (`settleSet`): the contracts in force read once, every team's metrics read once
   * (`read`), the differentials in memory, the payouts written by chunks, uplines first. Nothing
   * before the period is over, or while the kind is paused (the payouts already recorded are then
   * still answered).
   */
  async function settleAll(
    merchantId: number,
    kind: ContractKind,
    period: Period,
    include: (c: ContractRow) => boolean,
    read: (inForce: readonly ContractRow[], rule: ActiveMemberRule) => Promise<(holderId: number) => TeamMetrics>,
  ): Promise<SettledPayout[]> {
    if (now().getTime() < period.endsAt.getTime()) return [];
    const inForce = await payouts.findInForceAt(db, { kind, at: period.endsAt, merchantId });
    const toSettle = inForce.filter(include);
    if (toSettle.length === 0) return [];
    const policy = await settings.get(merchantId, contractPolicySetting);
    if (policy.pausedKinds.includes(kind)) {
      const key = { periodStart: period.start, slotStart: period.slot?.from ?? null };
      const paid = await payouts.findPayoutsOf(
        db,
        toSettle.map((c) => c.id),
        key,
      );
      return [...toSettle]
        .sort((a, b) => depthOf(a) - depthOf(b) || a.id - b.id)
        .flatMap((c) => {
          const payout = paid.get(c.id);
          return payout ? [{ payout, isReplay: true }] : [];
        });
    }
    return settleSet({ merchantId, kind, period }, toSettle, inForce, () => read(inForce, policy.activeMember));
  }

  /** Every daily-wage contract of the merchant for one day. */
  async function settleDailyWages(merchantId: number, day: string): Promise<SettledPayout[]> {
    const period = daysPeriod({ start: day, end: day }, await deps.timeZoneOf(merchantId));
    return settleAll(
      merchantId,
      'dailyWage',
      period,
      () => true,
      (inForce, rule) => metricsFor(merchantId, period, inForce, rule),
    );
  }

  /** Every dividend contract of the merchant whose period is of this length, for the period holding the day. */
  async function settleDividends(merchantId: number, length: ContractPolicy['dividendPeriod'], day: string): Promise<SettledPayout[]> {
    const period = daysPeriod(dividendPeriodOf(length, day), await deps.timeZoneOf(merchantId));
    return settleAll(
      merchantId,
      'dividend',
      period,
      (c) => c.period === length,
      (inForce, rule) => metricsFor(merchantId, period, inForce, rule),
    );
  }

  /**
   * Every contract of a slot kind of the merchant for one hour or 5-minute slot. What the merchant's
   * members did in it is read once (one range scan of the bet records by merchant and settlement
   * time), and only the contracts whose team played are settled: a slot nobody played in costs that
   * one query, and records nothing.
   */
  async function settleSlots(merchantId: number, kind: SlotKind, from: Date): Promise<SettledPayout[]> {
    const period = slotPeriod(kind, from, await deps.timeZoneOf(merchantId));
    const slot = period.slot;
    if (slot === null || now().getTime() < period.endsAt.getTime()) return [];
    const policy = await settings.get(merchantId, contractPolicySetting);
    if (policy.pausedKinds.includes(kind)) return [];
    if ((await payouts.findInForceAt(db, { kind, at: period.endsAt, merchantId })).length === 0) return [];
    const teams = await slotTeamsOf(merchantId, slot, policy.activeMember);
    if (teams.size === 0) return [];
    return settleAll(
      merchantId,
      kind,
      period,
      (c) => (teams.get(c.holderId)?.bet ?? 0) > 0,
      (inForce, rule) => metricsFor(merchantId, period, inForce, rule, teams),
    );
  }

  /** Every hourly-wage contract of the merchant for the hour starting at `hourStart` (see `settleSlots`). */
  const settleHourlyWages = (merchantId: number, hourStart: Date) => settleSlots(merchantId, 'hourlyWage', hourStart);

  /** Every real-time-salary contract of the merchant for the 5-minute slot starting at `slotStart` (see `settleSlots`). */
  const settleRealtimeSalaries = (merchantId: number, slotStart: Date) => settleSlots(merchantId, 'realtimeSalary', slotStart);

  /**
   * Corrects every paid period of the merchant that ended on or after a day of its calendar (see
   * `correctPeriod`), periods in order and uplines first in each, so an upline's correction is in its
   * agent wallet when its downline's is paid. A slot's play is read once for all its contracts.
   */
  async function correctPaidSince(merchantId: number, since: string): Promise<payouts.CorrectionRow[]> {
    const paid = await payouts.findPayoutsEndingSince(db, { merchantId, since });
    const policy = await settings.get(merchantId, contractPolicySetting);
    let cached: { key: string; teams: SlotTeams } | undefined;
    const corrected: payouts.CorrectionRow[] = [];
    for (const p of paid) {
      const { kind, slotStart } = p;
      let teams: SlotTeams | undefined;
      if (slotStart !== null && isSlotKind(kind)) {
        const key = `${kind}:${slotStart.toISOString()}`;
        if (cached?.key !== key) cached = { key, teams: await slotTeamsOf(merchantId, slotFrom(kind, slotStart), policy.activeMember) };
        teams = cached.teams;
      }
      const periodOf = (_c: { period: string }, timeZone: string) =>
        slotStart !== null && isSlotKind(kind)
          ? slotPeriod(kind, slotStart, timeZone)
          : daysPeriod({ start: p.periodStart, end: p.periodEnd }, timeZone);
      const correction = await correctPeriod(p.contractId, kind, periodOf, teams);
      if (correction) corrected.push(correction);
    }
    await writeOffEnded(merchantId, since);
    return corrected;
  }

  /**
   * What corrections found overpaid on a contract that ended before the day (the start of the
   * corrections' window) and is still to be given back is written off: no later payout of the contract
   * will give it back (a period is paid only when the contract was in force at its end, and the jobs
   * and corrections reach no period ending before the window). The holder keeps it, whoever paid it
   * (its upline's agent wallet or the house) bears it, nothing moves in the ledger, and each write-off
   * is an audit row `agent_contract.deduction_written_off` with the amounts.
   */
  async function writeOffEnded(merchantId: number, since: string): Promise<void> {
    const endedBefore = startOfLocalDate(since, await deps.timeZoneOf(merchantId));
    await db.transaction().execute(async (trx) => {
      const open = await payouts.lockOpenDeductionsOfEnded(trx, { merchantId, endedBefore });
      if (open.length === 0) return;
      await payouts.setDeductionsLeft(
        trx,
        open.map((d) => ({ id: d.id, own: 0, clamp: 0 })),
      );
      await recordAudits(
        trx,
        open.map((d) => ({
          actorType: 'system' as const,
          actorId: null,
          action: 'agent_contract.deduction_written_off',
          subjectType: 'agent_contract',
          subjectId: d.contractId,
          data: { correctionId: d.id, holderId: d.holderId, ownAmount: d.ownLeft, clampAmount: d.clampLeft },
        })),
      );
    });
  }

  /** The open debts of a member (downline payouts the platform made for it). */
  const openDebtsOf = (memberId: number) => payouts.findOpenDebts(db, memberId);

  return {
    settleDailyWage,
    settleDailyWages,
    settleDividend,
    settleDividends,
    settleHourlyWage,
    settleHourlyWages,
    settleRealtimeSalary,
    settleRealtimeSalaries,
    correctPaidSince,
    openDebtsOf,
  };
}
