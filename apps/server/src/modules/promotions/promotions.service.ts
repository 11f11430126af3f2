import { maskName } from '@platform/contracts/name-mask';
import {
  type Grant,
  type LossPeriod,
  type MemberPromotion,
  PROMOTION_PROOF_BYTES_MAX,
  type PromotionInput,
  type PromotionMemberStatus,
  type PromotionState,
  type RaffleEntries,
} from '@platform/contracts/promotions';
import { foldText } from '@platform/contracts/text-folding';
import { drawRaffle } from '@platform/games/raffle';
import { commitmentOf, newServerSeed } from '@platform/games/rng';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { amountParam, DomainError } from '../../lib/domain-error.ts';
import { hashRequest } from '../../lib/request-hash.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { findMember, findMembersOfMerchant, findUsernames, lockMember, type MemberSummary } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { BetRecordService } from '../bet-records/bet-records.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { rebatePeriodOf, rebatePeriodsBefore } from '../vip/vip.periods.ts';
import { requiredTurnoverOf } from '../withdrawals/wagering.service.ts';
import { createBonusStakes } from './promotions.bonus-stakes.ts';
import * as repo from './promotions.repository.ts';

type Trx = Transaction<DB>;
type Operator = { adminId: number; merchantId: number; ip: string | null };
type Principal = { memberId: number; merchantId: number; currency: string };
/** What a claim knows of the device and network it came from (abuse signals). */
export type ClaimContext = { ip: string | null; fingerprint?: string | undefined };

/** Usernames one read of a raffle's public list asks for. */
const RAFFLE_NAMES_PER_READ = 5_000;

/** Members whose grants one run of the settling job looks at, at most. */
export const SETTLE_BATCH_MEMBERS_MAX = 500;

export type PromotionsDeps = {
  db: Kysely<DB>;
  ledger: LedgerService;
  betRecords: Pick<BetRecordService, 'validBetByCategory'>;
  now: () => Date;
  /** The member's VIP level (the vip module). */
  vipLevelOf: (memberId: number) => Promise<number>;
  /** The merchant's VIP ladder, level and code (the vip module); empty while it has none. */
  vipLadderOf: (merchantId: number) => Promise<readonly { level: number; code: string }[]>;
  /** The names of the member's enabled labels (member-labels). */
  labelsOf: (memberId: number) => Promise<string[]>;
  /** Whether the member is in the agent's downline (agents). */
  isInDownline: (agentId: number, member: { id: number; merchantId: number }) => Promise<boolean>;
  /** How many paid deposits the member has had (deposits). */
  paidDepositCount: (memberId: number) => Promise<number>;
  /**
   * The same facts for many members at once, one read each, for the set-based loss job: every
   * stored VIP level of the merchant (a member absent holds 0), the enabled labels' names, the paid
   * deposit counts, and which of them are in the agent's downline.
   */
  audienceFacts: {
    vipLevelsOf: (merchantId: number) => Promise<ReadonlyMap<number, number>>;
    labelNamesOf: (memberIds: readonly number[]) => Promise<ReadonlyMap<number, readonly string[]>>;
    paidDepositCounts: (memberIds: readonly number[]) => Promise<ReadonlyMap<number, number>>;
    downlineAmong: (agentId: number, merchantId: number, memberIds: readonly number[]) => Promise<ReadonlySet<number>>;
  };
  /** Throws while the member is self-excluded or on a break (responsible-gaming). */
  assertNotExcluded: (memberId: number) => Promise<void>;
  /**
   * The same check inside a grant's transaction, taking the member's responsible-gaming lock: an
   * exclusion or break either committed before (and this throws) or waits for the grant to commit
   * (and its forfeit, in its own transaction, sees the grant).
   */
  assertNotExcludedIn: (trx: Transaction<DB>, memberId: number) => Promise<void>;
  /** Per member of the merchant who lost over days `from`..`to` (inclusive), the net loss (daily-stats rollups). */
  netLossByMember: (filter: { merchantId: number; from: string; to: string }) => Promise<{ memberId: number; netLoss: number }[]>;
  /** The merchant's time zone: its calendar days bound the loss periods. */
  timeZoneOf: (merchantId: number) => Promise<string>;
  /** The member's identity facts other accounts could share (bank cards, payee name, phone). */
  identityOf: (member: {
    id: number;
    merchantId: number;
  }) => Promise<{ phone: string | null; payeeName: string | null; bankAccounts: string[] }>;
};

export type PromotionsService = ReturnType<typeof createPromotionsService>;

/** The amount a deposit earns under the promotion's amount rule; 0 when it earns nothing. */
export function bonusAmountOf(input: PromotionInput, deposit: number | null): number {
  const rule = input.amount;
  if (rule.kind === 'fixed') return rule.value;
  if (deposit === null) return 0;
  if (rule.kind === 'percent') return Math.min(rule.cap, Number((BigInt(deposit) * BigInt(rule.basisPoints)) / 10_000n));
  let best = 0;
  for (const tier of rule.tiers) if (deposit >= tier.minDeposit && tier.amount > best) best = tier.amount;
  return best;
}

/** What a loss promotion pays on a period's whole net loss: the amount rule on the loss, nothing under the minimum. */
export function lossAmountOf(input: PromotionInput, netLoss: number): number {
  if (!input.loss || netLoss < input.loss.minLoss) return 0;
  return bonusAmountOf(input, netLoss);
}

/**
 * The next line of a (promotion, member, period), given its lines so far and the period's net loss
 * now: none while the loss is what the last line saw; the first line (revision 0) when the loss
 * earns something; later, the difference between what the whole loss earns and what the lines
 * already hold (paid, accrued, withheld or cancelled alike) when it is positive, else a note of a
 * fall in loss (amount 0: nothing is taken back). So a period never pays more than its whole loss
 * earns, whatever the order of late rounds and runs.
 */
export function nextLossLine(
  input: PromotionInput,
  netLoss: number,
  lines: readonly { revision: number; net_loss: number; amount: number }[],
): { revision: number; amount: number; lossChange: number } | null {
  const last = lines.at(-1);
  if (!last) {
    const amount = lossAmountOf(input, netLoss);
    return amount > 0 ? { revision: 0, amount, lossChange: netLoss } : null;
  }
  if (netLoss === last.net_loss) return null;
  const held = lines.reduce((sum, line) => sum + line.amount, 0);
  const due = lossAmountOf(input, netLoss) - held;
  if (due > 0) return { revision: last.revision + 1, amount: due, lossChange: netLoss - last.net_loss };
  if (netLoss < last.net_loss) return { revision: last.revision + 1, amount: 0, lossChange: netLoss - last.net_loss };
  return null;
}

/** How many finished periods of each length the loss job looks at again (late rounds are corrected within them). */
export const LOSS_PERIODS_REVISITED: Record<LossPeriod, number> = { D: 3, W: 2, M: 2 };

/** Weighted turnover of rounds: each category's valid bet × its weight (percent), rounded down. */
export function weightedTurnover(rows: readonly { category: string; validBet: number }[], weights: Record<string, number>): number {
  let total = 0n;
  for (const row of rows) total += (BigInt(row.validBet) * BigInt(weights[row.category] ?? 0)) / 100n;
  return Number(total);
}

/** The /24 (IPv4) or /48 (IPv6) a claim came from: addresses of one range count as one network. */
export function ipRangeOf(ip: string): string {
  if (ip.includes(':')) return `${ip.split(':').slice(0, 3).join(':')}::/48`;
  const parts = ip.split('.');
  return parts.length === 4 ? `${parts.slice(0, 3).join('.')}.0/24` : ip;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function presentGrant(g: repo.GrantRow): Grant {
  return {
    id: g.id,
    promotionId: g.promotion_id,
    memberId: g.member_id,
    status: g.status,
    amount: g.amount,
    bonusBalance: g.bonus_balance,
    requiredTurnover: g.required_turnover,
    progress: Math.min(g.progress, g.required_turnover),
    maxStake: g.max_stake,
    converted: g.converted,
    removed: g.removed,
    issuedAt: iso(g.issued_at),
    expiresAt: iso(g.expires_at),
    closedAt: g.closed_at ? iso(g.closed_at) : null,
  };
}

/**
 * Promotions and bonus grants (docs/promotions.md, ADR 0024). A grant moves its bonus from the
 * merchant's `bonus_pool` to the member's `player_bonus` account and keeps its own bonus balance;
 * the member's `player_bonus` balance is the sum of the active grants' balances. Stakes take cash
 * first, then bonus (`bonusStakes`, ADR 0032): a bonus-funded stake's win share comes back to its
 * grants, so bonus reaches cash only through the capped conversion. Wagering progress counts the settled
 * real-money rounds since the grant (weighted per category); on completion the bonus converts to
 * cash up to the promotion's maximum and the rest returns to the pool; on expiry, forfeit or a
 * withdrawal (when the promotion says so) it returns to the pool.
 */
export function createPromotionsService(deps: PromotionsDeps) {
  const { db, ledger, betRecords, now } = deps;

  // Operator: promotions as data.

  function presentAdmin(row: repo.PromotionRow) {
    return { id: row.id, state: row.state, input: row.definition, createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
  }

  async function list(merchantId: number) {
    return (await repo.findPromotions(db, merchantId)).map(presentAdmin);
  }

  async function create(op: Operator, input: PromotionInput) {
    return db.transaction().execute(async (trx) => {
      if (await repo.findPromotionByCode(trx, op.merchantId, input.code)) throw new DomainError('conflict', 'code');
      const row = await repo.insertPromotion(trx, { merchantId: op.merchantId, input, state: 'active', at: now() });
      await ensureRaffle(trx, row);
      await audit(trx, op, 'promotion.created', row.id, { code: input.code });
      return presentAdmin(row);
    });
  }

  /** Changes the definition; grants already issued keep the terms they were issued with. */
  async function edit(op: Operator, id: number, input: PromotionInput) {
    return db.transaction().execute(async (trx) => {
      const current = await repo.findPromotion(trx, op.merchantId, id, { forUpdate: true });
      if (!current) throw new DomainError('not_found', 'promotion');
      if (current.state === 'ended') throw new DomainError('conflict', 'ended');
      // The draw used the definition as it was; a change after it would show rules the draw did not use.
      if ((await repo.findRaffle(trx, id))?.drawn_at) throw new DomainError('promotion_raffle_drawn');
      const other = await repo.findPromotionByCode(trx, op.merchantId, input.code);
      if (other && other.id !== id) throw new DomainError('conflict', 'code');
      const row = await repo.updatePromotionDefinition(trx, id, input, now());
      await ensureRaffle(trx, row);
      await audit(trx, op, 'promotion.edited', id, { before: current.definition, after: input });
      return presentAdmin(row);
    });
  }

  /** A raffle's seed is drawn when it is made; only its commitment is shown until the draw. */
  async function ensureRaffle(trx: Trx, row: repo.PromotionRow): Promise<void> {
    if (row.trigger !== 'raffle' || (await repo.findRaffle(trx, row.id))) return;
    const seed = newServerSeed();
    await repo.insertRaffle(trx, { promotionId: row.id, merchantId: row.merchant_id, seed, commitment: commitmentOf(seed) });
  }

  const MOVES: Record<'pause' | 'resume' | 'end', { from: PromotionState[]; to: PromotionState }> = {
    pause: { from: ['active'], to: 'paused' },
    resume: { from: ['paused'], to: 'active' },
    end: { from: ['active', 'paused'], to: 'ended' },
  };

  /** Pause (no new joins, claims or grants), resume, or end for good; active grants run their course. */
  async function move(op: Operator, id: number, action: keyof typeof MOVES) {
    return db.transaction().execute(async (trx) => {
      const current = await repo.findPromotion(trx, op.merchantId, id, { forUpdate: true });
      if (!current) throw new DomainError('not_found', 'promotion');
      const rule = MOVES[action];
      if (!rule.from.includes(current.state)) throw new DomainError('conflict', `state ${current.state}`);
      const row = await repo.setPromotionState(trx, id, rule.to, now());
      if (rule.to === 'ended') {
        // Joined entries wait for nothing any more.
        await cancelJoinedOf(trx, id);
      }
      await audit(trx, op, `promotion.${action}`, id, { from: current.state, to: rule.to });
      return presentAdmin(row);
    });
  }

  async function cancelJoinedOf(trx: Trx, promotionId: number) {
    await repo.cancelJoinedEntriesOf(trx, promotionId, now());
  }

  async function audit(trx: Trx, op: Operator, action: string, promotionId: number, data: Record<string, unknown>) {
    await recordAudit(trx, {
      actorType: 'admin',
      actorId: op.adminId,
      merchantId: op.merchantId,
      action,
      subjectType: 'promotion',
      subjectId: promotionId,
      data,
      ip: op.ip,
    });
  }

  // Eligibility.

  function isInPeriod(row: repo.PromotionRow, at: Date): boolean {
    return new Date(row.starts_at).getTime() <= at.getTime() && (row.ends_at === null || at.getTime() < new Date(row.ends_at).getTime());
  }

  /**
   * What the audience rules and the exclusion check read from other modules, gathered before a
   * transaction opens (those modules read outside it, and a transaction must not wait on them).
   */
  type Facts = { excluded: boolean; vipLevel: number; labels: Set<string>; paidDeposits: number; downlines: Map<number, boolean> };

  async function factsOf(member: MemberSummary, rows: readonly repo.PromotionRow[]): Promise<Facts> {
    const [excluded, vipLevel, labels, paidDeposits] = await Promise.all([
      isExcluded(member.id),
      deps.vipLevelOf(member.id),
      deps.labelsOf(member.id),
      deps.paidDepositCount(member.id),
    ]);
    const downlines = new Map<number, boolean>();
    for (const row of rows) {
      const agentId = row.definition.audience.downlineOf;
      if (agentId !== undefined && !downlines.has(agentId)) downlines.set(agentId, await deps.isInDownline(agentId, member));
    }
    return { excluded, vipLevel, labels: new Set(labels), paidDeposits, downlines };
  }

  /** Whether the promotion's audience includes the member (checked when joining, claiming, applying and granting). */
  function isInAudience(row: repo.PromotionRow, member: MemberSummary, facts: Facts): boolean {
    return isForLevel(row, facts.vipLevel) && isInOtherAudience(row, member, facts);
  }

  /** Whether the promotion is for this VIP level (no levels named: every level). */
  function isForLevel(row: repo.PromotionRow, level: number): boolean {
    const levels = row.definition.audience.vipLevels;
    return !levels || levels.length === 0 || levels.includes(level);
  }

  /** The audience rules other than the VIP level. */
  function isInOtherAudience(row: repo.PromotionRow, member: MemberSummary, facts: Facts): boolean {
    const audience = row.definition.audience;
    if (audience.labels && audience.labels.length > 0 && !audience.labels.some((l) => facts.labels.has(l))) return false;
    if (audience.newMemberDays !== undefined) {
      const age = now().getTime() - new Date(member.createdAt).getTime();
      if (age > audience.newMemberDays * 86_400_000) return false;
    }
    if (audience.downlineOf !== undefined && facts.downlines.get(audience.downlineOf) !== true) return false;
    // A deposit promotion's grant follows the deposit that qualified it; the rule is checked when joining.
    const isDeposit = row.trigger === 'first_deposit' || row.trigger === 'reload_deposit';
    if (audience.firstDepositOnly && !isDeposit && facts.paidDeposits > 0) return false;
    return true;
  }

  async function isExcluded(memberId: number): Promise<boolean> {
    try {
      await deps.assertNotExcluded(memberId);
      return false;
    } catch (err) {
      if (err instanceof DomainError) return true;
      throw err;
    }
  }

  /** Why the member cannot take the promotion now, or null. Callers hold the promotion's row lock. */
  async function refusalOf(trx: Trx, row: repo.PromotionRow, member: MemberSummary, facts: Facts): Promise<DomainError | null> {
    if (row.state !== 'active' || !isInPeriod(row, now())) return new DomainError('promotion_unavailable');
    if (member.status !== 'active' || facts.excluded) return new DomainError('promotion_unavailable');
    // Checked again under the member's locks (ADR 0032): a lock of the account (accounts' member
    // admin, which forfeits in its transaction) or an exclusion or break (responsible-gaming, the
    // same) racing this grant is either seen here or sees the grant when it forfeits. The member's
    // row first, then the responsible-gaming row: the order a deposit request takes them in.
    const locked = await lockMember(trx, member.id, { strength: 'no key update' });
    if (locked?.status !== 'active') return new DomainError('promotion_unavailable');
    try {
      await deps.assertNotExcludedIn(trx, member.id);
    } catch (err) {
      if (err instanceof DomainError) return new DomainError('promotion_unavailable');
      throw err;
    }
    if (!isInAudience(row, member, facts)) return new DomainError('promotion_unavailable');
    if ((await repo.countGrants(trx, row.id, member.id)) >= row.definition.perMemberLimit)
      return new DomainError('promotion_already_taken');
    const active = await repo.findActiveGrants(trx, member.id);
    if (active.length > 0 && (!row.definition.stackable || active.some((g) => !g.stackable)))
      return new DomainError('promotion_not_stackable');
    return null;
  }

  async function memberOf(executor: Kysely<DB>, principal: Principal): Promise<MemberSummary> {
    const member = await findMember(executor, principal.memberId);
    if (!member || member.merchantId !== principal.merchantId) throw new DomainError('unauthorized');
    return member;
  }

  // Abuse: one claim per identity cluster.

  type Signals = { kind: repo.SignalKind; valueHash: string }[];

  async function signalsOf(member: MemberSummary, context: ClaimContext): Promise<Signals> {
    const identity = await deps.identityOf(member);
    const signals: { kind: repo.SignalKind; valueHash: string }[] = [];
    const add = (kind: repo.SignalKind, value: string | null | undefined) => {
      if (value && value.trim() !== '') signals.push({ kind, valueHash: hashRequest([member.merchantId, kind, foldText(value.trim())]) });
    };
    add('fingerprint', context.fingerprint);
    add('ip_range', context.ip ? ipRangeOf(context.ip) : null);
    add('payee_name', identity.payeeName);
    add('phone', identity.phone);
    for (const account of identity.bankAccounts) add('bank_account', account);
    return signals;
  }

  // Granting.

  /**
   * Issues a grant inside `trx` (the caller holds the promotion's row lock and has checked
   * `refusalOf`): the grant row, then the bonus through the ledger under the grant's own key.
   */
  async function issue(
    trx: Trx,
    row: repo.PromotionRow,
    member: MemberSummary,
    amount: number,
    origin: { entryId: number | null; depositReference: string | null },
  ): Promise<repo.GrantRow> {
    const input = row.definition;
    const occurrence = (await repo.countGrants(trx, row.id, member.id)) + 1;
    const at = now();
    const grant = await repo.insertGrant(trx, {
      merchant_id: member.merchantId,
      promotion_id: row.id,
      member_id: member.id,
      currency: member.currency,
      occurrence,
      entry_id: origin.entryId,
      status: 'active',
      amount,
      bonus_balance: amount,
      required_turnover: input.wagering.multiple === 0 ? 0 : requiredTurnoverOf(amount, input.wagering.multiple),
      weights: JSON.stringify(input.wagering.weights),
      max_stake: input.maxStake,
      max_conversion: input.maxConversion,
      on_withdrawal: input.onWithdrawal,
      stackable: input.stackable,
      deposit_reference: origin.depositReference,
      issued_at: at,
      expires_at: new Date(at.getTime() + input.expiryHours * 3_600_000),
    });
    const accounts = await bonusAccounts(trx, member);
    await ledger.transfer(
      {
        fromAccountId: accounts.pool,
        toAccountId: accounts.bonus,
        amount,
        code: 'promotion',
        idempotencyKey: `promotion:grant:${grant.id}`,
        reference: { type: 'promotion_grant', id: String(grant.id) },
        note: `Promotion ${input.code}`,
      },
      trx,
    );
    await recordAudit(trx, {
      actorType: 'system',
      merchantId: member.merchantId,
      action: 'promotion.granted',
      subjectType: 'member',
      subjectId: member.id,
      data: { grantId: grant.id, promotionId: row.id, amount, requiredTurnover: grant.required_turnover },
    });
    return grant;
  }

  async function bonusAccounts(trx: Trx, member: { merchantId: number; id: number; currency: string }) {
    const owned = await ledger.ensureMemberAccounts(
      { merchantId: member.merchantId, memberId: member.id, currency: member.currency, kinds: ['player_main', 'player_bonus'] },
      trx,
    );
    const pool = await ledger.ensureSystemAccount({ merchantId: member.merchantId, kind: 'bonus_pool', currency: member.currency }, trx);
    if (!owned.player_bonus || !owned.player_main) throw new Error('member accounts missing after creation');
    return { main: owned.player_main.id, bonus: owned.player_bonus.id, pool: pool.id };
  }

  /**
   * Grants or queues: a claim sharing an identity signal with another member's claim of the same
   * promotion goes to the review queue (`flagged`) instead of paying.
   */
  async function grantOrFlag(
    trx: Trx,
    row: repo.PromotionRow,
    member: MemberSummary,
    amount: number,
    signals: Signals,
    entry: { id: number } | null,
    deposit: { amount: number; reference: string } | null,
  ): Promise<{ grant: repo.GrantRow | null; flags: string[] }> {
    const shared = await repo.findSharedSignals(trx, row.id, member.id, signals);
    await repo.insertSignals(trx, row.id, member.id, signals, now());
    if (shared.length > 0) {
      const flags = shared.map((k) => `shared_${k}`);
      if (entry) {
        await repo.updateEntry(trx, entry.id, {
          status: 'flagged',
          flags,
          deposit_amount: deposit?.amount ?? null,
          deposit_reference: deposit?.reference ?? null,
        });
      } else {
        await repo.insertEntry(trx, {
          merchant_id: member.merchantId,
          promotion_id: row.id,
          member_id: member.id,
          status: 'flagged',
          comment: null,
          flags: JSON.stringify(flags),
          deposit_amount: deposit?.amount ?? null,
          deposit_reference: deposit?.reference ?? null,
          created_at: now(),
        });
      }
      return { grant: null, flags };
    }
    const grant = await issue(trx, row, member, amount, { entryId: entry?.id ?? null, depositReference: deposit?.reference ?? null });
    if (entry) await repo.updateEntry(trx, entry.id, { status: 'granted', decided_at: now() });
    return { grant, flags: [] };
  }

  /**
   * Gathers the member's facts, then runs `work` with the promotion locked; a unique violation (a
   * concurrent duplicate) is "already taken".
   */
  async function withPromotion<T>(
    merchantId: number,
    id: number,
    member: MemberSummary,
    work: (trx: Trx, row: repo.PromotionRow, facts: Facts) => Promise<T>,
  ): Promise<T> {
    const unlocked = await repo.findPromotion(db, merchantId, id);
    if (!unlocked) throw new DomainError('not_found', 'promotion');
    const facts = await factsOf(member, [unlocked]);
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await repo.findPromotion(trx, merchantId, id, { forUpdate: true });
        if (!row) throw new DomainError('not_found', 'promotion');
        return work(trx, row, facts);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('promotion_already_taken');
      throw err;
    }
  }

  /** The claim button: grants at once (or queues a flagged claim). */
  async function claim(principal: Principal, promotionId: number, context: ClaimContext) {
    const member = await memberOf(db, principal);
    const signals = await signalsOf(member, context);
    return withPromotion(principal.merchantId, promotionId, member, async (trx, row, facts) => {
      if (row.trigger === 'loss_period') return claimLoss(trx, row, member);
      if (row.trigger !== 'claim') throw new DomainError('promotion_unavailable');
      if (await repo.findOpenEntry(trx, row.id, member.id)) throw new DomainError('promotion_already_taken');
      const refusal = await refusalOf(trx, row, member, facts);
      if (refusal) throw refusal;
      const result = await grantOrFlag(trx, row, member, bonusAmountOf(row.definition, null), signals, null, null);
      return { status: (result.grant ? 'PROCESSING' : 'APPLYING') as PromotionMemberStatus };
    });
  }

  /** Joins a deposit promotion: the next qualifying deposit is granted. */
  async function join(principal: Principal, promotionId: number) {
    const member = await memberOf(db, principal);
    return withPromotion(principal.merchantId, promotionId, member, async (trx, row, facts) => {
      if (row.trigger !== 'first_deposit' && row.trigger !== 'reload_deposit') throw new DomainError('promotion_unavailable');
      if (row.trigger === 'first_deposit' && facts.paidDeposits > 0) throw new DomainError('promotion_unavailable');
      if (row.definition.audience.firstDepositOnly && facts.paidDeposits > 0) throw new DomainError('promotion_unavailable');
      if (await repo.findOpenEntry(trx, row.id, member.id)) throw new DomainError('promotion_already_taken');
      const refusal = await refusalOf(trx, row, member, facts);
      if (refusal) throw refusal;
      await repo.insertEntry(trx, {
        merchant_id: member.merchantId,
        promotion_id: row.id,
        member_id: member.id,
        status: 'joined',
        comment: null,
        flags: '[]',
        created_at: now(),
      });
      return { status: 'JOINED' as PromotionMemberStatus };
    });
  }

  /** An application with an optional comment and proof images, for an operator to review. */
  async function apply(
    principal: Principal,
    promotionId: number,
    body: { comment?: string | undefined; images?: { contentType: 'image/png' | 'image/jpeg'; data: string }[] | undefined },
    context: ClaimContext,
  ) {
    const member = await memberOf(db, principal);
    const images = (body.images ?? []).map((i) => ({ contentType: i.contentType, bytes: Buffer.from(i.data, 'base64') }));
    for (const image of images) {
      if (image.bytes.length === 0 || image.bytes.length > PROMOTION_PROOF_BYTES_MAX || !matchesType(image.bytes, image.contentType)) {
        throw new DomainError('promotion_proof_invalid');
      }
    }
    const signals = await signalsOf(member, context);
    return withPromotion(principal.merchantId, promotionId, member, async (trx, row, facts) => {
      if (row.trigger !== 'application') throw new DomainError('promotion_unavailable');
      if (await repo.findOpenEntry(trx, row.id, member.id)) throw new DomainError('promotion_already_taken');
      const refusal = await refusalOf(trx, row, member, facts);
      if (refusal) throw refusal;
      const shared = await repo.findSharedSignals(trx, row.id, member.id, signals);
      await repo.insertSignals(trx, row.id, member.id, signals, now());
      const entry = await repo.insertEntry(trx, {
        merchant_id: member.merchantId,
        promotion_id: row.id,
        member_id: member.id,
        status: shared.length > 0 ? 'flagged' : 'pending',
        comment: body.comment && body.comment !== '' ? body.comment : null,
        flags: JSON.stringify(shared.map((k) => `shared_${k}`)),
        created_at: now(),
      });
      for (const image of images) await repo.insertProof(trx, entry.id, image.contentType, image.bytes);
      return { status: 'APPLYING' as PromotionMemberStatus, entryId: entry.id };
    });
  }

  /** The review queue: applications and flagged claims. */
  async function queue(merchantId: number, status?: 'pending' | 'flagged') {
    const rows = await repo.findQueue(db, merchantId, status ? [status] : ['pending', 'flagged']);
    const usernames = await findUsernames(db, [...new Set(rows.map((r) => r.member_id))]);
    return rows.map((r) => ({
      id: r.id,
      promotionId: r.promotion_id,
      memberId: r.member_id,
      username: usernames.get(r.member_id) ?? null,
      status: r.status,
      comment: r.comment,
      proofCount: Number(r.proof_count),
      flags: r.flags,
      depositAmount: r.deposit_amount,
      createdAt: iso(r.created_at),
    }));
  }

  /** One proof image of a queued (or decided) entry, for the operator reviewing it. */
  async function proof(merchantId: number, entryId: number, index: number) {
    const found = await repo.findProof(db, merchantId, entryId, index);
    if (!found) throw new DomainError('not_found', 'proof');
    return { contentType: found.content_type, bytes: found.bytes };
  }

  /**
   * An operator's decision on a queued entry. Approving grants (the eligibility rules still apply,
   * the identity cluster rule is the operator's call); rejecting closes the entry.
   */
  async function review(op: Operator, entryId: number, decision: 'approve' | 'reject', note?: string) {
    const found = await repo.findEntry(db, op.merchantId, entryId);
    if (!found) throw new DomainError('not_found', 'entry');
    const member = await findMember(db, found.member_id);
    if (!member) throw new DomainError('not_found', 'member');
    return withPromotion(op.merchantId, found.promotion_id, member, async (trx, row, facts) => {
      const entry = await repo.findEntry(trx, op.merchantId, entryId, { forUpdate: true });
      if (!entry || (entry.status !== 'pending' && entry.status !== 'flagged')) throw new DomainError('conflict', 'entry');
      let grantId: number | null = null;
      if (decision === 'approve') {
        const refusal = await refusalOf(trx, row, member, facts);
        if (refusal) throw refusal;
        const amount = bonusAmountOf(row.definition, entry.deposit_amount);
        if (amount <= 0) throw new DomainError('promotion_unavailable');
        const grant = await issue(trx, row, member, amount, { entryId: entry.id, depositReference: entry.deposit_reference });
        grantId = grant.id;
      }
      await repo.updateEntry(trx, entry.id, {
        status: decision === 'approve' ? 'granted' : 'rejected',
        review_note: note ?? null,
        reviewed_by: op.adminId,
        decided_at: now(),
      });
      await audit(trx, op, `promotion.entry_${decision === 'approve' ? 'approved' : 'rejected'}`, row.id, { entryId, grantId, note });
      return { status: decision === 'approve' ? ('granted' as const) : ('rejected' as const), grantId };
    });
  }

  /**
   * A deposit was credited (called by the deposits module inside the crediting transaction): the
   * member's joined deposit promotions it qualifies for keep the deposit on their entry, and are
   * granted (or queued when flagged) by `grantQualified` right after, outside the deposit's
   * transaction, since the audience and identity facts are other modules' reads. Returns the
   * entries that qualified.
   */
  async function onDepositCredited(
    trx: Trx,
    deposit: { memberId: number; amount: number; reference: string; isFirst: boolean },
  ): Promise<number[]> {
    const joined = await repo.findJoinedEntries(trx, deposit.memberId);
    const pending = joined.filter((e) => e.deposit_amount === null);
    if (pending.length === 0) return [];
    const merchantId = pending[0]!.merchant_id;
    const promotions = await repo.findActiveDepositPromotions(
      trx,
      merchantId,
      pending.map((e) => e.promotion_id),
    );
    const qualified: number[] = [];
    for (const entry of pending) {
      const row = promotions.find((p) => p.id === entry.promotion_id);
      if (!row) continue;
      if (row.trigger === 'first_deposit' && !deposit.isFirst) {
        await repo.updateEntry(trx, entry.id, { status: 'cancelled', decided_at: now() });
        continue;
      }
      if (deposit.amount < row.definition.minDeposit || bonusAmountOf(row.definition, deposit.amount) <= 0) continue;
      await repo.updateEntry(trx, entry.id, { deposit_amount: deposit.amount, deposit_reference: deposit.reference });
      qualified.push(entry.id);
    }
    return qualified;
  }

  /** Grants the member's deposit entries that a deposit qualified (or queues them when flagged). */
  async function grantQualified(memberId: number): Promise<number[]> {
    const entries = await repo.findQualifiedEntries(db, memberId);
    const member = entries.length > 0 ? await findMember(db, memberId) : undefined;
    if (!member) return [];
    const granted: number[] = [];
    for (const entry of entries) {
      const signals = await signalsOf(member, { ip: null });
      const result = await withPromotion(member.merchantId, entry.promotion_id, member, async (trx, row, facts) => {
        const current = await repo.findEntry(trx, member.merchantId, entry.id, { forUpdate: true });
        if (current?.status !== 'joined' || current.deposit_amount === null || current.deposit_reference === null) return null;
        if (await refusalOf(trx, row, member, facts)) {
          await repo.updateEntry(trx, current.id, { status: 'cancelled', decided_at: now() });
          return null;
        }
        const deposit = { amount: current.deposit_amount, reference: current.deposit_reference };
        return grantOrFlag(trx, row, member, bonusAmountOf(row.definition, deposit.amount), signals, current, deposit);
      });
      if (result?.grant) granted.push(result.grant.id);
    }
    return granted;
  }

  /**
   * A grant of the promotion as another module's reward (a mission, a redeem code; docs/loyalty.md),
   * in the caller's transaction, which decides once per reward: the promotion's wagering, weights,
   * maximum stake and expiry apply; `amount` replaces its fixed amount when given. The promotion
   * must be active and in its period; its trigger and per-member limit are the caller's business.
   */
  async function grantForReward(
    trx: Trx,
    input: { memberId: number; promotionId: number; amount: number | null; reference: string },
  ): Promise<{ amount: number; grantId: number }> {
    const member = await findMember(trx, input.memberId);
    if (!member) throw new DomainError('not_found', 'member');
    const row = await repo.findPromotion(trx, member.merchantId, input.promotionId, { forUpdate: true });
    if (row?.state !== 'active' || !isInPeriod(row, now())) throw new DomainError('promotion_unavailable');
    const amount = input.amount ?? bonusAmountOf(row.definition, null);
    if (amount <= 0) throw new DomainError('promotion_unavailable');
    const grant = await issue(trx, row, member, amount, { entryId: null, depositReference: input.reference });
    return { amount, grantId: grant.id };
  }

  // The grants' life.

  async function progressOf(trx: Trx | Kysely<DB>, grant: repo.GrantRow): Promise<number> {
    const rows = await betRecords.validBetByCategory(
      {
        memberId: grant.member_id,
        currency: grant.currency,
        from: new Date(grant.issued_at),
        to: grant.closed_at ? new Date(grant.closed_at) : null,
        // Rounds staked above the grant's maximum (possible only where the stake guard is not on the
        // path: a transfer-style vendor's own wallet) do not count toward its wagering (ADR 0053).
        maxStakePerBet: grant.max_stake,
      },
      trx as Trx,
    );
    return weightedTurnover(rows, grant.weights);
  }

  /** Returns a grant's bonus balance to the pool and closes it. */
  async function close(
    trx: Trx,
    grant: repo.GrantRow,
    outcome: { status: 'completed' | 'expired' | 'forfeited'; reason: string; progress: number },
  ): Promise<repo.GrantRow> {
    const member = { merchantId: grant.merchant_id, id: grant.member_id, currency: grant.currency };
    const accounts = await bonusAccounts(trx, member);
    let convert = 0;
    if (outcome.status === 'completed') {
      convert = grant.max_conversion === null ? grant.bonus_balance : Math.min(grant.bonus_balance, grant.max_conversion);
    }
    const remove = grant.bonus_balance - convert;
    if (convert > 0) {
      await ledger.transfer(
        {
          fromAccountId: accounts.bonus,
          toAccountId: accounts.main,
          amount: convert,
          code: 'promotion',
          idempotencyKey: `promotion:convert:${grant.id}`,
          reference: { type: 'promotion_grant', id: String(grant.id) },
          note: 'Bonus converted',
        },
        trx,
      );
    }
    if (remove > 0) {
      await ledger.transfer(
        {
          fromAccountId: accounts.bonus,
          toAccountId: accounts.pool,
          amount: remove,
          code: 'promotion',
          idempotencyKey: `promotion:remove:${grant.id}`,
          reference: { type: 'promotion_grant', id: String(grant.id) },
          note: `Bonus ${outcome.status}`,
        },
        trx,
      );
    }
    const closed = await repo.updateGrant(trx, grant.id, {
      status: outcome.status,
      bonus_balance: 0,
      converted: grant.converted + convert,
      removed: grant.removed + remove,
      progress: outcome.progress,
      closed_at: now(),
      close_reason: outcome.reason,
    });
    await recordAudit(trx, {
      actorType: 'system',
      merchantId: grant.merchant_id,
      action: `promotion.grant_${outcome.status}`,
      subjectType: 'member',
      subjectId: grant.member_id,
      data: { grantId: grant.id, converted: convert, removed: remove, reason: outcome.reason },
    });
    return closed;
  }

  /**
   * Brings the member's active grants up to date in `trx` (locked in id order): progress from the
   * settled rounds; a grant past its expiry expires, one whose turnover is met converts.
   */
  async function settleGrantsIn(trx: Trx, memberId: number): Promise<repo.GrantRow[]> {
    const active = await repo.findActiveGrants(trx, memberId, { forUpdate: true });
    const open: repo.GrantRow[] = [];
    for (const grant of active) {
      const progress = await progressOf(trx, grant);
      if (now().getTime() >= new Date(grant.expires_at).getTime()) {
        await close(trx, grant, { status: 'expired', reason: 'expired', progress });
      } else if (progress >= grant.required_turnover) {
        await close(trx, grant, { status: 'completed', reason: 'wagering met', progress });
      } else {
        open.push(progress === grant.progress ? grant : await repo.updateGrant(trx, grant.id, { progress }));
      }
    }
    return open;
  }

  async function settleGrants(memberId: number, trx?: Trx): Promise<repo.GrantRow[]> {
    if (trx) return settleGrantsIn(trx, memberId);
    return db.transaction().execute((t) => settleGrantsIn(t, memberId));
  }

  /** The settling job: expiries and completions of members with active grants. */
  async function settleDue(): Promise<number> {
    await drawDue();
    for (const memberId of await repo.findMembersWithQualifiedEntries(db, SETTLE_BATCH_MEMBERS_MAX)) await grantQualified(memberId);
    const members = await repo.findMembersWithActiveGrants(db, SETTLE_BATCH_MEMBERS_MAX);
    let closed = 0;
    for (const memberId of members) {
      const before = (await repo.findActiveGrants(db, memberId)).length;
      const after = (await settleGrants(memberId)).length;
      closed += before - after;
    }
    return closed;
  }

  /**
   * Forfeits every active grant and cancels every open entry of the member, in the caller's
   * transaction: self-exclusion, a break and a locked account call it where they are written.
   */
  async function forfeitAll(trx: Trx, memberId: number, reason: string): Promise<number> {
    const active = await repo.findActiveGrants(trx, memberId, { forUpdate: true });
    for (const grant of active) await close(trx, grant, { status: 'forfeited', reason, progress: grant.progress });
    await repo.cancelOpenEntries(trx, memberId, now());
    const accrued = await repo.findAccruedLossLines(trx, memberId, { forUpdate: true });
    await repo.markLossLines(
      trx,
      accrued.map((l) => l.id),
      { status: 'cancelled', grantId: null, at: now() },
    );
    return active.length;
  }

  /** An operator forfeits one grant. */
  async function forfeitGrant(op: Operator, grantId: number, reason: string) {
    return db.transaction().execute(async (trx) => {
      const found = await repo.findGrant(trx, op.merchantId, grantId);
      if (!found) throw new DomainError('not_found', 'grant');
      const active = await repo.findActiveGrants(trx, found.member_id, { forUpdate: true });
      const grant = active.find((g) => g.id === grantId);
      if (!grant) throw new DomainError('conflict', 'grant not active');
      const closed = await close(trx, grant, { status: 'forfeited', reason: `operator: ${reason}`, progress: grant.progress });
      await audit(trx, op, 'promotion.grant_forfeited_by_operator', grant.promotion_id, { grantId, reason });
      return presentGrant(closed);
    });
  }

  /**
   * Turnover still needed before a withdrawal (the withdrawal's wagering check): active grants that
   * block withdrawals, after bringing them up to date.
   */
  async function remainingTurnover(member: { memberId: number }, trx?: Trx): Promise<number> {
    const open = await settleGrants(member.memberId, trx);
    return open.filter((g) => g.on_withdrawal === 'block').reduce((sum, g) => sum + Math.max(0, g.required_turnover - g.progress), 0);
  }

  /** A withdrawal is being requested (in its transaction): grants whose promotion says so are forfeited. */
  async function onWithdrawalRequested(trx: Trx, memberId: number): Promise<number> {
    const open = await settleGrantsIn(trx, memberId);
    let forfeited = 0;
    for (const grant of open) {
      if (grant.on_withdrawal !== 'forfeit') continue;
      await close(trx, grant, { status: 'forfeited', reason: 'withdrawal requested', progress: grant.progress });
      forfeited += 1;
    }
    return forfeited;
  }

  /**
   * The stake check while bonus money is in play (inside the stake's transaction): a stake above
   * the smallest maximum of the member's active grants is refused.
   */
  async function assertStakeAllowed(memberId: number, amount: number, trx: Trx): Promise<void> {
    const active = await repo.findActiveGrants(trx, memberId);
    const at = now().getTime();
    let limit: number | null = null;
    for (const grant of active) {
      if (grant.max_stake === null || new Date(grant.expires_at).getTime() <= at) continue;
      limit = limit === null ? grant.max_stake : Math.min(limit, grant.max_stake);
    }
    if (limit !== null && amount > limit) {
      const member = await findMember(trx, memberId);
      throw new DomainError('promotion_max_stake', undefined, { amount: amountParam(limit, member?.currency ?? 'VND') });
    }
  }

  // Loss over a period (docs/promotions.md, "Loss over a period").

  /**
   * Why the member may not be paid a loss line now (inside the caller's transaction, the promotion
   * locked): the account's state and the responsible-gaming lock, as `refusalOf` takes them.
   */
  async function lossBlockOf(trx: Trx, member: MemberSummary): Promise<'withheld' | null> {
    const locked = await lockMember(trx, member.id, { strength: 'no key update' });
    if (locked?.status !== 'active') return 'withheld';
    try {
      await deps.assertNotExcludedIn(trx, member.id);
    } catch (err) {
      if (err instanceof DomainError) return 'withheld';
      throw err;
    }
    return null;
  }

  /** Whether an exclusive rule keeps a new grant of this promotion from the member now. */
  async function isStackBlocked(trx: Trx, row: repo.PromotionRow, memberId: number): Promise<boolean> {
    const active = await repo.findActiveGrants(trx, memberId);
    return active.length > 0 && (!row.definition.stackable || active.some((g) => !g.stackable));
  }

  /**
   * Which of the members the promotion's audience includes, as `isInAudience` judges one member,
   * with each fact the audience needs read once for all of them (the loss job's members).
   */
  async function audienceAmong(row: repo.PromotionRow, members: readonly MemberSummary[]): Promise<Set<number>> {
    const audience = row.definition.audience;
    const ids = members.map((m) => m.id);
    const included = new Set<number>();
    if (ids.length === 0) return included;
    const facts = deps.audienceFacts;
    const isDeposit = row.trigger === 'first_deposit' || row.trigger === 'reload_deposit';
    const [levels, labels, paid, downline] = await Promise.all([
      audience.vipLevels && audience.vipLevels.length > 0 ? facts.vipLevelsOf(row.merchant_id) : undefined,
      audience.labels && audience.labels.length > 0 ? facts.labelNamesOf(ids) : undefined,
      audience.firstDepositOnly && !isDeposit ? facts.paidDepositCounts(ids) : undefined,
      audience.downlineOf !== undefined ? facts.downlineAmong(audience.downlineOf, row.merchant_id, ids) : undefined,
    ]);
    for (const member of members) {
      const downlines = new Map<number, boolean>();
      if (audience.downlineOf !== undefined) downlines.set(audience.downlineOf, downline?.has(member.id) === true);
      const memberFacts: Facts = {
        // Not an audience rule: a line's payment checks exclusion under the member's locks (`lossBlockOf`).
        excluded: false,
        vipLevel: levels?.get(member.id) ?? 0,
        labels: new Set(labels?.get(member.id) ?? []),
        paidDeposits: paid?.get(member.id) ?? 0,
        downlines,
      };
      if (isInAudience(row, member, memberFacts)) included.add(member.id);
    }
    return included;
  }

  type LossRunSummary = { written: number; granted: number; accrued: number; withheld: number; noted: number; existing: number };

  /**
   * Settles one period of a loss promotion from the rollups: each member with a net loss (or with
   * lines already, whose loss may have changed) gets the line `nextLossLine` says, in its own
   * transaction under the promotion's row lock, with the member's lines locked and read again
   * there. A line is unique per (promotion, member, period, revision) and its grant is issued in the
   * same transaction, so two runs at once, a rerun and a crash pay nothing twice. `auto` grants the
   * line at once (kept `accrued` for a claim while an exclusive grant is in play); `claim` accrues it.
   */
  async function settleLossPeriod(row: repo.PromotionRow, period: { start: string; end: string }): Promise<LossRunSummary> {
    const input = row.definition;
    const summary: LossRunSummary = { written: 0, granted: 0, accrued: 0, withheld: 0, noted: 0, existing: 0 };
    if (!input.loss) return summary;
    const losses = new Map(
      (await deps.netLossByMember({ merchantId: row.merchant_id, from: period.start, to: period.end })).map((l) => [l.memberId, l.netLoss]),
    );
    const before = new Map<number, repo.LossLineRow[]>();
    for (const line of await repo.findLossLinesOfPeriod(db, row.id, period.start)) {
      before.set(line.member_id, [...(before.get(line.member_id) ?? []), line]);
    }
    const due = [...new Set([...losses.keys(), ...before.keys()])]
      .sort((a, b) => a - b)
      .filter((memberId) => nextLossLine(input, losses.get(memberId) ?? 0, before.get(memberId) ?? []) !== null);
    const members = await findMembersOfMerchant(db, row.merchant_id, due);
    // The audience is judged once, for the period's first line; later revisions follow it.
    const audience = await audienceAmong(
      row,
      due.filter((id) => !before.has(id)).flatMap((id) => members.get(id) ?? []),
    );
    for (const memberId of due) {
      const netLoss = losses.get(memberId) ?? 0;
      const member = members.get(memberId);
      if (!member) continue;
      if (!before.has(memberId) && !audience.has(memberId)) continue;
      try {
        const outcome = await db.transaction().execute(async (trx) => {
          const locked = await repo.findPromotion(trx, row.merchant_id, row.id, { forUpdate: true });
          if (!locked) return null;
          const lines = await repo.lockMemberLossLines(trx, row.id, memberId, period.start);
          const next = nextLossLine(locked.definition, netLoss, lines);
          if (!next) return null;
          const base = {
            merchant_id: row.merchant_id,
            promotion_id: row.id,
            member_id: memberId,
            currency: member.currency,
            period: input.loss!.period,
            period_start: period.start,
            period_end: period.end,
            revision: next.revision,
            net_loss: netLoss,
            loss_change: next.lossChange,
            amount: next.amount,
            created_at: now(),
          };
          if (next.amount === 0) {
            await repo.insertLossLine(trx, { ...base, status: 'noted', decided_at: now() });
            return 'noted' as const;
          }
          if ((await lossBlockOf(trx, member)) === 'withheld') {
            await repo.insertLossLine(trx, { ...base, status: 'withheld', decided_at: now() });
            return 'withheld' as const;
          }
          if (input.loss!.mode === 'claim' || (await isStackBlocked(trx, locked, memberId))) {
            await repo.insertLossLine(trx, { ...base, status: 'accrued' });
            return 'accrued' as const;
          }
          const grant = await issue(trx, locked, member, next.amount, { entryId: null, depositReference: null });
          await repo.insertLossLine(trx, { ...base, status: 'granted', grant_id: grant.id, decided_at: now() });
          return 'granted' as const;
        });
        if (outcome) {
          summary.written += 1;
          summary[outcome] += 1;
        } else summary.existing += 1;
      } catch (err) {
        // Another run wrote this revision first (the unique key); its transaction paid it.
        if (isUniqueViolation(err)) summary.existing += 1;
        else throw err;
      }
    }
    if (summary.written > 0) {
      await recordAudit(db, {
        actorType: 'system',
        merchantId: row.merchant_id,
        action: 'promotion.loss_period_settled',
        subjectType: 'promotion',
        subjectId: row.id,
        data: { period: input.loss.period, start: period.start, end: period.end, ...summary },
      });
    }
    return summary;
  }

  /** Whether a whole period lies inside the promotion's life (its days in the merchant's calendar). */
  function coversPeriod(row: repo.PromotionRow, period: { start: string; end: string }, timeZone: string): boolean {
    if (startOfLocalDate(period.start, timeZone).getTime() < new Date(row.starts_at).getTime()) return false;
    return row.ends_at === null || startOfLocalDate(addDays(period.end, 1), timeZone).getTime() <= new Date(row.ends_at).getTime();
  }

  /**
   * The loss job: for every active loss promotion, the last finished periods of its length
   * (`LOSS_PERIODS_REVISITED`) inside its life, oldest first; a late round in one of them is
   * corrected by the next run. Returns the lines written.
   */
  async function settleLossPeriods(): Promise<number> {
    let written = 0;
    for (const row of await repo.findActiveLossPromotions(db)) {
      const loss = row.definition.loss;
      if (!loss) continue;
      const timeZone = await deps.timeZoneOf(row.merchant_id);
      const today = localDateOf(now(), timeZone);
      for (const period of rebatePeriodsBefore(loss.period, today, LOSS_PERIODS_REVISITED[loss.period])) {
        if (coversPeriod(row, period, timeZone)) written += (await settleLossPeriod(row, period)).written;
      }
    }
    return written;
  }

  /** An operator re-runs the period of a loss promotion holding the day (over, and inside its life). */
  async function rerunLossPeriod(op: Operator, promotionId: number, day: string): Promise<LossRunSummary> {
    const row = await repo.findPromotion(db, op.merchantId, promotionId);
    if (!row) throw new DomainError('not_found', 'promotion');
    const loss = row.definition.loss;
    if (row.trigger !== 'loss_period' || !loss) throw new DomainError('conflict', 'not a loss promotion');
    const timeZone = await deps.timeZoneOf(row.merchant_id);
    const period = rebatePeriodOf(loss.period, day);
    if (startOfLocalDate(addDays(period.end, 1), timeZone).getTime() > now().getTime())
      throw new DomainError('conflict', 'period not over');
    if (!coversPeriod(row, period, timeZone)) throw new DomainError('conflict', 'period outside the promotion');
    const summary = await settleLossPeriod(row, period);
    await db.transaction().execute((trx) => audit(trx, op, 'promotion.loss_period_rerun', row.id, { ...period, ...summary }));
    return summary;
  }

  /**
   * The member claims a loss promotion's accrued lines (inside `withPromotion`): one grant of their
   * sum under the promotion's terms, the lines marked with it in the same transaction.
   */
  async function claimLoss(trx: Trx, row: repo.PromotionRow, member: MemberSummary) {
    if (row.state !== 'active') throw new DomainError('promotion_unavailable');
    const lines = await repo.findAccruedLossLines(trx, member.id, { promotionId: row.id, forUpdate: true });
    if (lines.length === 0) throw new DomainError('promotion_nothing_to_claim');
    if ((await lossBlockOf(trx, member)) === 'withheld') throw new DomainError('promotion_unavailable');
    if (await isStackBlocked(trx, row, member.id)) throw new DomainError('promotion_not_stackable');
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const grant = await issue(trx, row, member, amount, { entryId: null, depositReference: null });
    await repo.markLossLines(
      trx,
      lines.map((l) => l.id),
      { status: 'granted', grantId: grant.id, at: now() },
    );
    return { status: 'PROCESSING' as PromotionMemberStatus };
  }

  /** An operator's view of a member's loss lines. */
  async function lossLinesOfMember(merchantId: number, memberId: number) {
    const member = await findMember(db, memberId);
    if (!member || member.merchantId !== merchantId) throw new DomainError('not_found', 'member');
    return (await repo.findLossLinesOfMember(db, memberId)).map((l) => ({
      id: l.id,
      promotionId: l.promotion_id,
      period: l.period,
      periodStart: l.period_start,
      periodEnd: l.period_end,
      revision: l.revision,
      netLoss: l.net_loss,
      lossChange: l.loss_change,
      amount: l.amount,
      status: l.status,
      grantId: l.grant_id,
      createdAt: iso(l.created_at),
    }));
  }

  // Raffles (docs/promotions.md, "Raffles").

  /** The tickets the member's weighted turnover has earned from the start to the draw (or now). */
  async function earnedTickets(row: repo.PromotionRow, member: { id: number; currency: string }): Promise<number> {
    const rule = row.definition.raffle;
    if (!rule) return 0;
    if (now().getTime() < new Date(row.starts_at).getTime()) return 0;
    const drawAt = Date.parse(rule.drawAt);
    const rows = await betRecords.validBetByCategory({
      memberId: member.id,
      currency: member.currency,
      from: new Date(row.starts_at),
      // Rounds settled up to now, and never after the draw.
      to: now().getTime() < drawAt ? null : new Date(drawAt),
    });
    return Math.min(rule.ticketsMax, Math.floor(weightedTurnover(rows, row.definition.wagering.weights) / rule.ticketTurnover));
  }

  /**
   * `MCS2_claimRafflePromotion`: the member takes the tickets earned so far into the draw (again
   * later to add those earned since), before the draw, under the promotion's and the raffle's locks.
   */
  async function claimRaffle(principal: Principal, promotionId: number) {
    const member = await memberOf(db, principal);
    const unlocked = await repo.findPromotion(db, principal.merchantId, promotionId);
    if (unlocked?.trigger !== 'raffle') throw new DomainError('promotion_unavailable');
    const earned = await earnedTickets(unlocked, member);
    return withPromotion(principal.merchantId, promotionId, member, async (trx, row, facts) => {
      const raffle = await repo.findRaffle(trx, row.id, { forUpdate: true });
      const rule = row.definition.raffle;
      if (!raffle || !rule || raffle.drawn_at !== null || now().getTime() >= Date.parse(rule.drawAt)) {
        throw new DomainError('promotion_unavailable');
      }
      if (row.state !== 'active' || !isInPeriod(row, now()) || !isInAudience(row, member, facts))
        throw new DomainError('promotion_unavailable');
      if ((await lossBlockOf(trx, member)) === 'withheld') throw new DomainError('promotion_unavailable');
      const held = (await repo.findMemberRaffleTickets(trx, member.id)).get(row.id) ?? 0;
      if (earned <= held) throw new DomainError('raffle_no_tickets');
      await repo.raiseRaffleTickets(trx, row.id, member.id, earned, now());
      return { status: 'JOINED' as PromotionMemberStatus, tickets: earned };
    });
  }

  /**
   * Draws a raffle whose time has come, once: under the raffle's row lock, a raffle already drawn
   * is left; the winners (`drawRaffle`) get their prizes as grants in the same transaction, a prize
   * row per rank (unique), or `withheld` for a member excluded, on a break or not active; then the
   * seed is revealed (the member view shows it once `drawn_at` is set).
   */
  async function drawDue(): Promise<number> {
    let drawn = 0;
    for (const row of await repo.findUndrawnRaffles(db)) {
      const rule = row.definition.raffle;
      if (!rule || Date.parse(rule.drawAt) > now().getTime()) continue;
      const done = await db.transaction().execute(async (trx) => {
        const locked = await repo.findPromotion(trx, row.merchant_id, row.id, { forUpdate: true });
        const raffle = await repo.findRaffle(trx, row.id, { forUpdate: true });
        if (!locked || !raffle || raffle.drawn_at !== null) return false;
        // The rule as it stands under the lock: an edit committed since the list was read counts.
        const drawnRule = locked.definition.raffle;
        if (!drawnRule || Date.parse(drawnRule.drawAt) > now().getTime()) return false;
        const entries = await repo.findRaffleEntries(trx, row.id);
        const winners = drawRaffle(raffle.seed, row.id, entries, drawnRule.prizes.length);
        for (const [index, memberId] of winners.entries()) {
          const member = await findMember(trx, memberId);
          const amount = drawnRule.prizes[index]!;
          if (!member) continue;
          const blocked = (await lossBlockOf(trx, member)) === 'withheld';
          const grant = blocked ? null : await issue(trx, locked, member, amount, { entryId: null, depositReference: null });
          await repo.insertRafflePrize(trx, {
            promotion_id: row.id,
            rank: index + 1,
            member_id: memberId,
            amount,
            status: grant ? 'paid' : 'withheld',
            grant_id: grant?.id ?? null,
            created_at: now(),
          });
        }
        const total = entries.reduce((sum, e) => sum + e.tickets, 0);
        await repo.markRaffleDrawn(trx, row.id, total, now());
        await recordAudit(trx, {
          actorType: 'system',
          merchantId: row.merchant_id,
          action: 'promotion.raffle_drawn',
          subjectType: 'promotion',
          subjectId: row.id,
          data: { commitment: raffle.commitment, totalTickets: total, entries: entries.length, winners },
        });
        return true;
      });
      if (done) drawn += 1;
    }
    return drawn;
  }

  /**
   * A raffle's public list: its entries numbered in the draw's order (member order) with masked
   * usernames and tickets, and once drawn the seed and the winners with their entry numbers, so the
   * draw can be recomputed from this list alone (`checkPublishedRaffle`). Any raffle of the merchant
   * but a draft.
   */
  async function raffleEntries(merchantId: number, promotionId: number): Promise<RaffleEntries> {
    const row = await repo.findPromotion(db, merchantId, promotionId);
    const rule = row?.definition.raffle;
    const raffle = row && rule && row.state !== 'draft' ? await repo.findRaffle(db, row.id) : undefined;
    if (!row || !rule || !raffle) throw new DomainError('not_found', 'promotion');
    const entries = (await repo.findRaffleEntries(db, row.id)).filter((e) => e.tickets > 0);
    const names = new Map<number, string>();
    for (let i = 0; i < entries.length; i += RAFFLE_NAMES_PER_READ) {
      const chunk = entries.slice(i, i + RAFFLE_NAMES_PER_READ).map((e) => e.memberId);
      for (const [id, name] of await findUsernames(db, chunk)) names.set(id, name);
    }
    const entryOf = new Map(entries.map((e, i) => [e.memberId, i + 1]));
    const drawn = raffle.drawn_at !== null;
    const prizes = drawn ? await repo.findRafflePrizes(db, row.id) : [];
    return {
      promotionId: row.id,
      drawAt: new Date(rule.drawAt).toISOString(),
      prizes: rule.prizes,
      commitment: raffle.commitment,
      seed: drawn ? raffle.seed : null,
      totalTickets: entries.reduce((sum, e) => sum + e.tickets, 0),
      entries: entries.map((e, i) => ({ entry: i + 1, username: maskName(names.get(e.memberId) ?? ''), tickets: e.tickets })),
      winners: prizes.map((p) => ({
        rank: p.rank,
        entry: entryOf.get(Number(p.member_id)) ?? 0,
        username: maskName(names.get(Number(p.member_id)) ?? ''),
        amount: Number(p.amount),
      })),
    };
  }

  /** A raffle as a member (or, without one, a visitor) sees it. */
  async function raffleViewOf(
    row: repo.PromotionRow,
    member: MemberSummary | null,
    tickets: Map<number, number>,
  ): Promise<MemberPromotion['raffle']> {
    const rule = row.definition.raffle;
    const raffle = rule ? await repo.findRaffle(db, row.id) : undefined;
    if (!rule || !raffle) return null;
    let drawn: NonNullable<MemberPromotion['raffle']>['drawn'] = null;
    if (raffle.drawn_at !== null) {
      const prizes = await repo.findRafflePrizes(db, row.id);
      const names = await findUsernames(
        db,
        prizes.map((p) => p.member_id),
      );
      drawn = {
        seed: raffle.seed,
        totalTickets: Number(raffle.total_tickets ?? 0),
        winners: prizes.map((p) => ({
          rank: p.rank,
          amount: p.amount,
          winner: maskName(names.get(p.member_id) ?? ''),
          mine: member !== null && p.member_id === member.id,
        })),
      };
    }
    return {
      drawAt: new Date(rule.drawAt).toISOString(),
      ticketTurnover: rule.ticketTurnover,
      ticketsMax: rule.ticketsMax,
      prizes: rule.prizes,
      commitment: raffle.commitment,
      myTickets: member ? (tickets.get(row.id) ?? 0) : 0,
      earnedTickets: member && raffle.drawn_at === null ? await earnedTickets(row, member) : 0,
      drawn,
    };
  }

  /**
   * A raffle's status: `CLAIM` while the member has earned tickets not yet taken, else `JOINED`;
   * after the draw, a prize's grant status, or `CLOSED`.
   */
  function raffleStatusOf(
    row: repo.PromotionRow,
    mine: repo.GrantRow[],
    view: MemberPromotion['raffle'],
    eligible: boolean,
    forLevel: boolean,
  ): PromotionMemberStatus {
    const latest = mine[0];
    const closed: PromotionMemberStatus = latest ? (latest.status === 'completed' ? 'CLAIMED' : 'ISSUED') : 'CLOSED';
    if (row.state !== 'active' || !view || view.drawn || Date.parse(view.drawAt) <= now().getTime()) return closed;
    if (new Date(row.starts_at).getTime() > now().getTime()) return 'COMING_SOON';
    if (!isInPeriod(row, now()) || !eligible) return closed;
    if (!forLevel) return 'NOT_FOR_LEVEL';
    return view.earnedTickets > view.myTickets || view.myTickets === 0 ? 'CLAIM' : 'JOINED';
  }

  // Member reads.

  /**
   * The member's status. `eligible` is whether the member may take it otherwise; `forLevel` whether
   * the member's VIP level is one the promotion is for (a member outside the levels but otherwise
   * in the audience sees `NOT_FOR_LEVEL`, not `CLOSED`).
   */
  function statusOf(
    row: repo.PromotionRow,
    grants: repo.GrantRow[],
    entries: repo.EntryRow[],
    eligible: boolean,
    forLevel = true,
    claimable = 0,
  ): PromotionMemberStatus {
    const at = now();
    const mine = grants.filter((g) => g.promotion_id === row.id);
    if (mine.some((g) => g.status === 'active')) return 'PROCESSING';
    const open = entries.find((e) => e.promotion_id === row.id && ['joined', 'pending', 'flagged'].includes(e.status));
    if (open) return open.status === 'joined' ? 'JOINED' : 'APPLYING';
    if (row.trigger === 'loss_period') return lossStatusOf(row, mine, claimable, eligible, forLevel);
    const limitReached = mine.length >= row.definition.perMemberLimit;
    const latest = mine[0];
    if (limitReached && latest) return latest.status === 'completed' ? 'CLAIMED' : 'ISSUED';
    const lastEntry = entries.filter((e) => e.promotion_id === row.id).at(-1);
    if (lastEntry?.status === 'rejected' && mine.length === 0) return 'REJECTED';
    if (row.state !== 'active') return latest ? (latest.status === 'completed' ? 'CLAIMED' : 'ISSUED') : 'CLOSED';
    if (new Date(row.starts_at).getTime() > at.getTime()) return 'COMING_SOON';
    if (!isInPeriod(row, at) || !eligible) return latest ? (latest.status === 'completed' ? 'CLAIMED' : 'ISSUED') : 'CLOSED';
    if (!forLevel) return latest ? (latest.status === 'completed' ? 'CLAIMED' : 'ISSUED') : 'NOT_FOR_LEVEL';
    if (row.trigger === 'claim') return 'CLAIM';
    if (row.trigger === 'application') return 'APPLY';
    return 'JOIN';
  }

  /**
   * A loss promotion's status: `CLAIM` while settled periods hold an accrued amount, else `JOINED`
   * (counted by itself: nothing to join) while it is open to the member.
   */
  function lossStatusOf(
    row: repo.PromotionRow,
    mine: repo.GrantRow[],
    claimable: number,
    eligible: boolean,
    forLevel: boolean,
  ): PromotionMemberStatus {
    if (claimable > 0 && row.state === 'active') return 'CLAIM';
    const latest = mine[0];
    const closed: PromotionMemberStatus = latest ? (latest.status === 'completed' ? 'CLAIMED' : 'ISSUED') : 'CLOSED';
    if (row.state !== 'active') return closed;
    if (new Date(row.starts_at).getTime() > now().getTime()) return 'COMING_SOON';
    if (!isInPeriod(row, now()) || !eligible) return closed;
    if (!forLevel) return latest ? closed : 'NOT_FOR_LEVEL';
    return 'JOINED';
  }

  /** The statuses a member can act on now (the avatar badge counts them). */
  const ACTIONABLE: readonly PromotionMemberStatus[] = ['JOIN', 'CLAIM', 'APPLY'];

  /** The image of the language, else of its base language (`pt` for `pt-br`), English, Vietnamese; else none. */
  function imageFor(images: Record<string, string>, language: string): string | null {
    return images[language] ?? images[language.split('-')[0]!] ?? images.en ?? images.vi ?? null;
  }

  function pick(texts: Record<string, string>, language: string): string {
    return texts[language] ?? texts.en ?? texts.vi ?? Object.values(texts)[0] ?? '';
  }

  async function forMember(principal: Principal, language: string): Promise<{ list: MemberPromotion[]; availableCount: number }> {
    const member = await memberOf(db, principal);
    await grantQualified(member.id);
    await settleGrants(member.id);
    const [rows, grants, entries, accrued] = await Promise.all([
      repo.findPromotions(db, principal.merchantId, ['active', 'paused', 'ended']),
      repo.findGrantsOfMember(db, member.id),
      repo.findEntriesOfMember(db, member.id),
      repo.findAccruedLossLines(db, member.id),
    ]);
    const tickets = await repo.findMemberRaffleTickets(db, member.id);
    const [facts, ladder] = await Promise.all([factsOf(member, rows), deps.vipLadderOf(principal.merchantId)]);
    const list: MemberPromotion[] = [];
    for (const row of rows) {
      const mine = grants.filter((g) => g.promotion_id === row.id);
      const eligible = !facts.excluded && member.status === 'active' && isInOtherAudience(row, member, facts);
      // Ended promotions the member never took part in are not listed.
      if (row.state === 'ended' && mine.length === 0) continue;
      const claimable = accrued.filter((l) => l.promotion_id === row.id).reduce((sum, l) => sum + l.amount, 0);
      const raffle = row.trigger === 'raffle' ? await raffleViewOf(row, member, tickets) : null;
      const status =
        row.trigger === 'raffle'
          ? mine.some((g) => g.status === 'active')
            ? 'PROCESSING'
            : raffleStatusOf(row, mine, raffle, eligible, isForLevel(row, facts.vipLevel))
          : statusOf(row, mine, entries, eligible, isForLevel(row, facts.vipLevel), claimable);
      list.push(present(row, status, mine[0] ?? null, ladder, language, claimable, raffle));
    }
    return { list, availableCount: list.filter((p) => ACTIONABLE.includes(p.status)).length };
  }

  /** The VIP levels a promotion is for, by their codes (a level the ladder lacks shows as VIPn). */
  function vipRequirementOf(row: repo.PromotionRow, ladder: readonly { level: number; code: string }[]): MemberPromotion['vipRequirement'] {
    const levels = [...new Set(row.definition.audience.vipLevels ?? [])].sort((a, b) => a - b);
    if (levels.length === 0) return null;
    const codeOf = (level: number) => ladder.find((l) => l.level === level)?.code ?? `VIP${level}`;
    const lowest = levels[0]!;
    const top = Math.max(lowest, ...ladder.map((l) => l.level));
    let andAbove = ladder.length > 0;
    for (let level = lowest; level <= top && andAbove; level += 1) andAbove = levels.includes(level);
    return { codes: levels.map(codeOf), from: andAbove ? codeOf(lowest) : null };
  }

  function present(
    row: repo.PromotionRow,
    status: PromotionMemberStatus,
    grant: repo.GrantRow | null,
    ladder: readonly { level: number; code: string }[],
    language: string,
    claimable = 0,
    raffle: MemberPromotion['raffle'] = null,
  ): MemberPromotion {
    const input = row.definition;
    return {
      id: row.id,
      code: input.code,
      category: input.category,
      title: pick(input.titles, language),
      body: pick(input.bodies, language),
      image: imageFor(input.images ?? {}, language),
      startsAt: iso(row.starts_at),
      endsAt: row.ends_at ? iso(row.ends_at) : null,
      trigger: input.trigger,
      status,
      minDeposit: input.minDeposit,
      wageringMultiple: input.wagering.multiple,
      weights: input.wagering.weights as Record<string, number>,
      maxStake: input.maxStake,
      maxConversion: input.maxConversion,
      expiryHours: input.expiryHours,
      contactIdRequired: input.contactIdRequired === true,
      applicationProof: input.applicationProof === true,
      vipRequirement: vipRequirementOf(row, ladder),
      loss: input.loss ?? null,
      claimable,
      raffle,
      grant: grant ? presentGrant(grant) : null,
    };
  }

  /** Whether a visitor is shown the promotion: not one aimed at member labels or an agent's downline. */
  function isForAnyone(row: repo.PromotionRow): boolean {
    const audience = row.definition.audience;
    return (audience.labels ?? []).length === 0 && audience.downlineOf === undefined;
  }

  /**
   * The visitor's list: the merchant's active promotions open now or coming, aimed at anyone, with
   * the status a member who has just registered (VIP level 0, no deposit, no grant) would see.
   * Nothing member-specific is read.
   */
  async function forVisitor(merchantId: number, language: string): Promise<{ list: MemberPromotion[] }> {
    const [rows, ladder] = await Promise.all([repo.findPromotions(db, merchantId, ['active']), deps.vipLadderOf(merchantId)]);
    const at = now().getTime();
    const list: MemberPromotion[] = [];
    for (const row of rows) {
      if (!isForAnyone(row) || (row.ends_at !== null && new Date(row.ends_at).getTime() <= at)) continue;
      if (row.trigger === 'raffle') {
        const raffle = await raffleViewOf(row, null, new Map());
        const status = raffleStatusOf(row, [], raffle, true, isForLevel(row, 0));
        list.push(present(row, status === 'CLAIM' ? 'JOIN' : status, null, ladder, language, 0, raffle));
        continue;
      }
      list.push(present(row, statusOf(row, [], [], true, isForLevel(row, 0)), null, ladder, language));
    }
    return { list };
  }

  async function detailForVisitor(merchantId: number, promotionId: number, language: string): Promise<MemberPromotion> {
    const found = (await forVisitor(merchantId, language)).list.find((p) => p.id === promotionId);
    if (!found) throw new DomainError('not_found', 'promotion');
    return found;
  }

  async function detailForMember(principal: Principal, promotionId: number, language: string): Promise<MemberPromotion> {
    const found = (await forMember(principal, language)).list.find((p) => p.id === promotionId);
    if (!found) throw new DomainError('not_found', 'promotion');
    return found;
  }

  /** The member's active grants with their progress, for the withdraw page and the balance area. */
  async function wageringOf(principal: Principal) {
    await grantQualified(principal.memberId);
    const open = await settleGrants(principal.memberId);
    return {
      grants: open.map(presentGrant),
      remainingTurnover: open
        .filter((g) => g.on_withdrawal === 'block')
        .reduce((s, g) => s + Math.max(0, g.required_turnover - g.progress), 0),
      bonusBalance: open.reduce((s, g) => s + g.bonus_balance, 0),
    };
  }

  async function grantsOfMember(merchantId: number, memberId: number) {
    const member = await findMember(db, memberId);
    if (!member || member.merchantId !== merchantId) throw new DomainError('not_found', 'member');
    return (await repo.findGrantsOfMember(db, memberId)).map(presentGrant);
  }

  return {
    admin: { list, create, edit, move, queue, proof, review, grantsOfMember, forfeitGrant, rerunLossPeriod, lossLinesOfMember },
    settleLossPeriods,
    claimRaffle,
    drawDue,
    claim,
    join,
    apply,
    grantForReward,
    forMember,
    detailForMember,
    forVisitor,
    detailForVisitor,
    raffleEntries,
    wageringOf,
    onDepositCredited,
    grantQualified,
    settleGrants,
    settleDue,
    forfeitAll,
    remainingTurnover,
    onWithdrawalRequested,
    assertStakeAllowed,
    /** Bonus money for stakes once the cash is spent (ADR 0032): the seamless wallet's `BonusWallet`. */
    bonusStakes: createBonusStakes({ ledger, now }),
  };
}

/** Whether the bytes start like the declared image type (PNG signature, JPEG start-of-image marker). */
function matchesType(bytes: Buffer, contentType: 'image/png' | 'image/jpeg'): boolean {
  if (contentType === 'image/png') return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}
