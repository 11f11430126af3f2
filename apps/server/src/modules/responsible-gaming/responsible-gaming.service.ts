import type { ErrorCode, MessageParams } from '@platform/contracts/errors';
import { type AmountMinor, formatAmount } from '@platform/contracts/money';
import {
  RG_LIMIT_KINDS,
  RG_PERIODS,
  type RgLimitKind,
  type RgPeriod,
  type RgRefusalReason,
  type RgSelfExclusionRequest,
  type RgSetLimitsRequest,
} from '@platform/contracts/responsible-gaming';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { createBoundedCache } from '../../lib/bounded-cache.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { messageDateTimeOf } from '../../lib/time-format.ts';
import { localDateOf, periodStartOf } from '../../lib/time-zone.ts';
import { findMember } from '../accounts/member-directory.ts';
import { listAuditRows, recordAudit } from '../audit/audit.service.ts';
import { realRoundsSince } from '../bet-records/bet-records.service.ts';
import type { TransferCode } from '../ledger/ledger.codes.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { sessionStartedAt } from '../session/session.service.ts';
import { historyEntryOf, RG_HISTORY_PAGE_SIZE } from './responsible-gaming.history.ts';
import { changeLimit, effectiveLimit, type StoredLimit } from './responsible-gaming.limits.ts';
import * as repo from './responsible-gaming.repository.ts';

/** Days with refusals per page of a member's triggers in the member file. */
const RG_TRIGGER_DAYS_PAGE = 30;

/** Ledger codes each limit counts, summed from the member's side. */
/** Members whose merchant and currency a node keeps for the stake check (they never change). */
const MEMBER_OWNER_CACHE_SIZE_MAX = 100_000;

const DEPOSIT_CODES: readonly TransferCode[] = ['deposit'];
/** Stakes net of released (voided) and refunded (cancelled) ones. */
const STAKE_CODES: readonly TransferCode[] = ['stake_reserve', 'bet', 'stake_void', 'cancelled'];
const WIN_CODES: readonly TransferCode[] = ['payout'];

const PERIOD_LABEL: Record<RgPeriod, { vi: string; en: string }> = {
  daily: { vi: 'theo ngày', en: 'daily' },
  weekly: { vi: 'theo tuần', en: 'weekly' },
  monthly: { vi: 'theo tháng', en: 'monthly' },
};

const LIMIT_ERROR: Record<RgLimitKind, ErrorCode> = {
  deposit: 'rg_deposit_limit_exceeded',
  wager: 'rg_wager_limit_exceeded',
  loss: 'rg_loss_limit_exceeded',
};

export type RgUsage = Record<RgLimitKind, Record<RgPeriod, number>>;

export type RgLimitView = {
  kind: RgLimitKind;
  period: RgPeriod;
  amount: number | null;
  pending: { amount: number | null; effectiveAt: Date } | null;
  used: number;
  periodStartedAt: Date;
};

export type RgState = {
  timeZone: string;
  limits: RgLimitView[];
  breakUntil: Date | null;
  selfExcludedUntil: Date | null;
  isPermanentlyExcluded: boolean;
  realityCheckMinutes: number | null;
};

export type ResponsibleGamingService = ReturnType<typeof createResponsibleGamingService>;

type Meta = { ip: string | null };
type Operator = { adminId: number; merchantId: number; ip: string };

function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/**
 * Responsible gaming per member: deposit, loss and wager limits per calendar day, week and month in
 * the member's time zone (a decrease applies at once, an increase or removal after a cooling
 * period), a break, self-exclusion and the reality-check interval. Deposits and stakes call
 * `assertCanDeposit` / `assertCanStake` before moving money; login calls `assertCanLogin`.
 */
export function createResponsibleGamingService(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  revokeAllSessions: (memberId: number) => Promise<unknown>;
  timeZoneOf: (merchantId: number, trx?: Transaction<DB>) => Promise<string>;
  now: () => Date;
  /** A break or self-exclusion was written (in its transaction): promotions forfeit the member's active grants. */
  onBlocked?: ((trx: Transaction<DB>, memberId: number, reason: 'break' | 'self_exclusion') => Promise<unknown>) | undefined;
  /** Where a refusal count that could not be written is reported. */
  logger?: { warn: (obj: object, msg: string) => void } | undefined;
}) {
  const { db, ledger, now } = deps;

  /** Refusal counts started and not written yet (`refusalsWritten` waits for them: at close, and in tests). */
  const pendingRefusals = new Set<Promise<void>>();

  /**
   * Counts one refusal by a limit (the responsible-gaming triggers): one upsert of the member's row
   * for the kind and the merchant's day. It is started here and not awaited, on the pool rather than
   * the caller's transaction (which the refusal rolls back), so the refused call answers as soon as
   * before and the count is written after it; a failure is logged, never the caller's.
   */
  function recordLimitRefusal(refusal: { memberId: number; merchantId: number; kind: RgRefusalReason; timeZone: string; at: Date }): void {
    const written = repo
      .countRefusal(db, {
        memberId: refusal.memberId,
        merchantId: refusal.merchantId,
        kind: refusal.kind,
        day: localDateOf(refusal.at, refusal.timeZone),
        at: refusal.at,
      })
      .catch((err: unknown) => deps.logger?.warn({ err, memberId: refusal.memberId, kind: refusal.kind }, 'limit refusal not counted'))
      .finally(() => pendingRefusals.delete(written));
    pendingRefusals.add(written);
  }

  /** Resolves once every refusal count started so far is written (or failed and was logged). */
  async function refusalsWritten(): Promise<void> {
    await Promise.all([...pendingRefusals]);
  }

  /**
   * A member's merchant and currency never change, so a stake's check reads them once per node
   * (ADR 0037); a member not found is not remembered.
   */
  const owners = createBoundedCache<number, { merchantId: number; currency: string }>({ max: MEMBER_OWNER_CACHE_SIZE_MAX });

  async function ownerOf(memberId: number, executor: Kysely<DB>): Promise<{ merchantId: number; currency: string }> {
    const cached = owners.get(memberId);
    if (cached) return cached;
    const member = await memberOf(memberId, executor);
    const owner = { merchantId: member.merchantId, currency: member.currency };
    owners.set(memberId, owner);
    return owner;
  }

  async function memberOf(memberId: number, executor: Kysely<DB>) {
    const member = await findMember(executor, memberId);
    if (!member) throw new DomainError('not_found', 'member');
    return member;
  }

  /** What each period has used so far: deposits, net stakes, and net loss (stakes less wins). */
  async function usageOf(
    member: { memberId: number; currency: string },
    timeZone: string,
    at: Date,
    trx?: Transaction<DB>,
  ): Promise<{ usage: RgUsage; starts: Record<RgPeriod, Date> }> {
    const starts = {
      daily: periodStartOf(at, timeZone, 'daily'),
      weekly: periodStartOf(at, timeZone, 'weekly'),
      monthly: periodStartOf(at, timeZone, 'monthly'),
    };
    const earliest = new Date(Math.min(starts.daily.getTime(), starts.weekly.getTime(), starts.monthly.getTime()));
    const rows = await ledger.dailyTotals(
      {
        memberId: member.memberId,
        currency: member.currency,
        codes: [...DEPOSIT_CODES, ...STAKE_CODES, ...WIN_CODES],
        from: earliest,
        timeZone,
      },
      trx,
    );
    const usage: RgUsage = {
      deposit: { daily: 0, weekly: 0, monthly: 0 },
      wager: { daily: 0, weekly: 0, monthly: 0 },
      loss: { daily: 0, weekly: 0, monthly: 0 },
    };
    for (const period of RG_PERIODS) {
      const firstDay = localDateOf(starts[period], timeZone);
      for (const row of rows) {
        if (row.day < firstDay) continue;
        if ((DEPOSIT_CODES as readonly string[]).includes(row.code)) usage.deposit[period] += row.total;
        if ((STAKE_CODES as readonly string[]).includes(row.code)) {
          usage.wager[period] -= row.total;
          usage.loss[period] -= row.total;
        }
        if ((WIN_CODES as readonly string[]).includes(row.code)) usage.loss[period] -= row.total;
      }
    }
    return { usage, starts };
  }

  function storedOf(rows: repo.RgLimitRow[], kind: RgLimitKind, period: RgPeriod): StoredLimit {
    const row = rows.find((r) => r.kind === kind && r.period === period);
    return row ?? { amount: null, pendingAmount: null, pendingEffectiveAt: null };
  }

  function untilParams(until: Date, timeZone: string): MessageParams {
    return { until: messageDateTimeOf(until, timeZone) };
  }

  /** Why the member may not play or pay in now: self-excluded, on a break, or null. */
  function blockOf(state: repo.RgStateRow | undefined, at: Date): 'self_exclusion' | 'break' | null {
    if (!state) return null;
    if (state.isPermanentlyExcluded || (state.excludedUntil && state.excludedUntil.getTime() > at.getTime())) return 'self_exclusion';
    if (state.breakUntil && state.breakUntil.getTime() > at.getTime()) return 'break';
    return null;
  }

  /** Refuses while the member is self-excluded or on a break. */
  async function assertNotBlocked(state: repo.RgStateRow | undefined, merchantId: number, trx?: Transaction<DB>) {
    if (!state) return;
    const at = now();
    if (state.isPermanentlyExcluded) throw new DomainError('rg_self_excluded');
    if (state.excludedUntil && state.excludedUntil.getTime() > at.getTime()) {
      throw new DomainError('rg_self_excluded', undefined, untilParams(state.excludedUntil, await deps.timeZoneOf(merchantId, trx)));
    }
    if (state.breakUntil && state.breakUntil.getTime() > at.getTime()) {
      throw new DomainError('rg_on_break', undefined, untilParams(state.breakUntil, await deps.timeZoneOf(merchantId, trx)));
    }
  }

  async function assertCanLogin(memberId: number): Promise<void> {
    const member = await findMember(db, memberId);
    if (!member) return;
    await assertNotBlocked(await repo.findState(db, memberId), member.merchantId);
  }

  /**
   * `assertCanLogin` inside a caller's transaction that must not race an exclusion or a break (a
   * bonus grant, whose forfeit those run in their own transaction): the member's state row is
   * created if missing and locked, the row `takeBreak` and `selfExclude` lock first. So either the
   * exclusion committed before and this throws, or it waits for the caller's commit and then sees
   * what the caller wrote.
   */
  async function assertCanLoginIn(trx: Transaction<DB>, memberId: number): Promise<void> {
    const member = await findMember(trx, memberId);
    if (!member) return;
    await assertNotBlocked(await repo.lockState(trx, memberId, now()), member.merchantId, trx);
  }

  /**
   * The members among `memberIds` that `assertCanLogin` would refuse now (self-excluded or on a
   * break), in one read: a set-based payer's check (rebates, cashback) of a chunk of members.
   */
  async function blockedAmong(memberIds: readonly number[]): Promise<Set<number>> {
    return new Set(await repo.findBlockedAmong(db, memberIds, now()));
  }

  /**
   * Checks exclusion and the given limits for an amount about to move. Inside a caller's
   * transaction the member's state row is locked first, so concurrent checks of one member see
   * each other's committed money.
   */
  async function assertWithin(memberId: number, amount: number, kinds: readonly RgLimitKind[], trx?: Transaction<DB>): Promise<void> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new DomainError('invalid_amount', String(amount));
    const executor = trx ?? db;
    const member = await ownerOf(memberId, executor);
    // In a transaction the state row is locked and the limits read in one round trip.
    const { state, limits: rows } = trx
      ? await repo.lockStateAndFindLimits(trx, memberId)
      : { state: await repo.findState(db, memberId), limits: await repo.findLimits(db, memberId) };
    const at = now();
    // A deposit or stake refused by the break or the self-exclusion is a trigger too, with its reason.
    const block = blockOf(state, at);
    if (block)
      recordLimitRefusal({
        memberId,
        merchantId: member.merchantId,
        kind: block,
        timeZone: await deps.timeZoneOf(member.merchantId, trx),
        at,
      });
    await assertNotBlocked(state, member.merchantId, trx);
    const active: { kind: RgLimitKind; period: RgPeriod; amount: number }[] = [];
    for (const kind of kinds) {
      for (const period of RG_PERIODS) {
        const limit = effectiveLimit(storedOf(rows, kind, period), at).amount;
        if (limit !== null) active.push({ kind, period, amount: limit });
      }
    }
    if (active.length === 0) return;
    const timeZone = await deps.timeZoneOf(member.merchantId, trx);
    const { usage } = await usageOf({ memberId, currency: member.currency }, timeZone, at, trx);
    for (const limit of active) {
      const used = usage[limit.kind][limit.period];
      if (used + amount > limit.amount) {
        recordLimitRefusal({ memberId, merchantId: member.merchantId, kind: limit.kind, timeZone, at });
        const remaining = Math.max(0, limit.amount - used) as AmountMinor;
        throw new DomainError(LIMIT_ERROR[limit.kind], undefined, {
          period: PERIOD_LABEL[limit.period],
          limit: {
            vi: formatAmount(limit.amount as AmountMinor, member.currency, 'vi-VN'),
            en: formatAmount(limit.amount as AmountMinor, member.currency, 'en-US'),
          },
          remaining: { vi: formatAmount(remaining, member.currency, 'vi-VN'), en: formatAmount(remaining, member.currency, 'en-US') },
        });
      }
    }
  }

  const assertCanDeposit = (memberId: number, amountMinor: number, trx?: Transaction<DB>) =>
    assertWithin(memberId, amountMinor, ['deposit'], trx);
  const assertCanStake = (memberId: number, amountMinor: number, trx?: Transaction<DB>) =>
    assertWithin(memberId, amountMinor, ['wager', 'loss'], trx);

  async function state(memberId: number): Promise<RgState> {
    const member = await memberOf(memberId, db);
    const at = now();
    const timeZone = await deps.timeZoneOf(member.merchantId);
    const [rows, stored, { usage, starts }] = await Promise.all([
      repo.findLimits(db, memberId),
      repo.findState(db, memberId),
      usageOf({ memberId, currency: member.currency }, timeZone, at),
    ]);
    const limits: RgLimitView[] = [];
    for (const kind of RG_LIMIT_KINDS) {
      for (const period of RG_PERIODS) {
        const effective = effectiveLimit(storedOf(rows, kind, period), at);
        limits.push({ kind, period, ...effective, used: usage[kind][period], periodStartedAt: starts[period] });
      }
    }
    const isActive = (d: Date | null | undefined) => (d && d.getTime() > at.getTime() ? d : null);
    return {
      timeZone,
      limits,
      breakUntil: isActive(stored?.breakUntil),
      selfExcludedUntil: stored?.isPermanentlyExcluded ? null : isActive(stored?.excludedUntil),
      isPermanentlyExcluded: stored?.isPermanentlyExcluded ?? false,
      realityCheckMinutes: stored?.realityCheckMinutes ?? null,
    };
  }

  async function setLimits(memberId: number, request: RgSetLimitsRequest, meta: Meta): Promise<RgState> {
    await db.transaction().execute(async (trx) => {
      const at = now();
      await repo.lockState(trx, memberId, at);
      const rows = await repo.findLimits(trx, memberId);
      const changes = [];
      for (const change of request.limits) {
        const before = storedOf(rows, change.kind, change.period);
        const after = changeLimit(before, change.amount, at);
        await repo.upsertLimit(trx, memberId, { kind: change.kind, period: change.period, ...after }, at);
        changes.push({
          kind: change.kind,
          period: change.period,
          requested: change.amount,
          inForce: after.amount,
          pending: after.pendingEffectiveAt ? { amount: after.pendingAmount, effectiveAt: after.pendingEffectiveAt.toISOString() } : null,
        });
      }
      await recordAudit(trx, {
        actorType: 'member',
        actorId: memberId,
        action: 'rg.limits_changed',
        subjectType: 'member',
        subjectId: memberId,
        data: { changes },
        ip: meta.ip,
      });
    });
    return state(memberId);
  }

  /**
   * Blocks login and play for `days`, ending every session now. A longer block already set stays.
   * `by` is who asked: the member, or an operator (with a note for the audit row).
   */
  async function placeBreak(
    memberId: number,
    days: number,
    by: { actorType: 'member' | 'admin'; actorId: number; action: string; ip: string | null; note?: string },
  ): Promise<RgState> {
    await db.transaction().execute(async (trx) => {
      const at = now();
      const current = await repo.lockState(trx, memberId, at);
      const requested = new Date(at.getTime() + days * 86_400_000);
      const breakUntil = current.breakUntil && current.breakUntil.getTime() > requested.getTime() ? current.breakUntil : requested;
      await repo.updateState(trx, memberId, { ...current, breakUntil }, at);
      await deps.onBlocked?.(trx, memberId, 'break');
      await recordAudit(trx, {
        actorType: by.actorType,
        actorId: by.actorId,
        action: by.action,
        subjectType: 'member',
        subjectId: memberId,
        data: { days, until: breakUntil.toISOString(), ...(by.note === undefined ? {} : { note: by.note }) },
        ip: by.ip,
      });
    });
    await deps.revokeAllSessions(memberId);
    return state(memberId);
  }

  const takeBreak = (memberId: number, days: number, meta: Meta) =>
    placeBreak(memberId, days, { actorType: 'member', actorId: memberId, action: 'rg.break_taken', ip: meta.ip });

  /** Self-exclusion for a number of months or for good; it cannot be shortened. Ends every session. */
  async function selfExclude(memberId: number, request: RgSelfExclusionRequest, meta: Meta): Promise<RgState> {
    await db.transaction().execute(async (trx) => {
      const at = now();
      const current = await repo.lockState(trx, memberId, at);
      const isPermanent = current.isPermanentlyExcluded || request.permanent === true;
      const requested = request.months === undefined ? null : addMonths(at, request.months);
      const excludedUntil = isPermanent
        ? null
        : current.excludedUntil && requested && current.excludedUntil.getTime() > requested.getTime()
          ? current.excludedUntil
          : requested;
      await repo.updateState(trx, memberId, { ...current, isPermanentlyExcluded: isPermanent, excludedUntil }, at);
      await deps.onBlocked?.(trx, memberId, 'self_exclusion');
      await recordAudit(trx, {
        actorType: 'member',
        actorId: memberId,
        action: 'rg.self_excluded',
        subjectType: 'member',
        subjectId: memberId,
        data: { months: request.months ?? null, permanent: isPermanent, until: excludedUntil?.toISOString() ?? null },
        ip: meta.ip,
      });
    });
    await deps.revokeAllSessions(memberId);
    return state(memberId);
  }

  /** A member of the operator's merchant (another merchant's member is not found). */
  async function memberOfMerchant(merchantId: number, memberId: number) {
    const member = await memberOf(memberId, db);
    if (member.merchantId !== merchantId) throw new DomainError('not_found', 'member');
  }

  /** A member's limits, break, exclusion and reality check, for an operator of the member's merchant. */
  async function stateForOperator(op: Operator, memberId: number): Promise<RgState> {
    await memberOfMerchant(op.merchantId, memberId);
    return state(memberId);
  }

  /**
   * A member's responsible-gaming history for an operator of its merchant, newest first, 20 a page:
   * every limit change, break, self-exclusion and reality-check change, by the member or an operator,
   * read from the audit rows each change writes in its transaction.
   */
  async function historyForOperator(op: Operator, memberId: number, before: number | undefined) {
    await memberOfMerchant(op.merchantId, memberId);
    const page = await listAuditRows(db, {
      merchantId: op.merchantId,
      subjectType: 'member',
      subjectId: String(memberId),
      actionPrefix: 'rg.',
      before,
      limit: RG_HISTORY_PAGE_SIZE,
    });
    return { list: page.rows.flatMap((row) => historyEntryOf(row) ?? []), nextBefore: page.nextBefore };
  }

  /**
   * A member's refusals by its limits per day and kind, for an operator of its merchant: the latest
   * `RG_TRIGGER_DAYS_PAGE` days with any, newest first; `nextBefore` (a day) pages to older ones.
   */
  async function triggersForOperator(op: Operator, memberId: number, before: string | undefined) {
    await memberOfMerchant(op.merchantId, memberId);
    const rows = await repo.findRefusalsOfMember(db, memberId, before, RG_TRIGGER_DAYS_PAGE + 1);
    const days = [...new Set(rows.map((r) => r.day))];
    const shown = new Set(days.slice(0, RG_TRIGGER_DAYS_PAGE));
    return {
      list: rows.filter((r) => shown.has(r.day)),
      nextBefore: days.length > RG_TRIGGER_DAYS_PAGE ? (days[RG_TRIGGER_DAYS_PAGE - 1] ?? null) : null,
    };
  }

  /** The merchant's refusals per day and limit kind over whole days (the triggers report), and each kind's totals. */
  async function refusalsByDay(merchantId: number, from: string, to: string) {
    const [rows, totals] = await Promise.all([
      repo.findRefusalsByDay(db, merchantId, from, to),
      repo.countRefusedMembers(db, merchantId, from, to),
    ]);
    return { rows, totals };
  }

  /**
   * An operator tightens a member's limits (adds one or lowers one; it applies at once). Raising or
   * removing a limit is refused: only the member asks for that, and it waits the cooling period.
   */
  async function tightenLimits(op: Operator, memberId: number, request: RgSetLimitsRequest, note: string): Promise<RgState> {
    await memberOfMerchant(op.merchantId, memberId);
    await db.transaction().execute(async (trx) => {
      const at = now();
      await repo.lockState(trx, memberId, at);
      const rows = await repo.findLimits(trx, memberId);
      const changes = [];
      for (const change of request.limits) {
        const before = storedOf(rows, change.kind, change.period);
        const after = changeLimit(before, change.amount, at);
        if (after.pendingEffectiveAt !== null) throw new DomainError('rg_operator_loosening');
        await repo.upsertLimit(trx, memberId, { kind: change.kind, period: change.period, ...after }, at);
        changes.push({ kind: change.kind, period: change.period, before: effectiveLimit(before, at).amount, inForce: after.amount });
      }
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'rg.limits_tightened',
        subjectType: 'member',
        subjectId: memberId,
        data: { changes, note },
        ip: op.ip,
      });
    });
    return state(memberId);
  }

  /** An operator puts a member on a break (the member's own break rules: a longer one already set stays). */
  async function breakByOperator(op: Operator, memberId: number, days: number, note: string): Promise<RgState> {
    await memberOfMerchant(op.merchantId, memberId);
    return placeBreak(memberId, days, { actorType: 'admin', actorId: op.adminId, action: 'rg.break_set', ip: op.ip, note });
  }

  /** The reality check of a session: the interval, when the session began, and the rounds played since. */
  async function realityCheck(principal: { memberId: number; sessionId: number; currency: string }) {
    const current = await state(principal.memberId);
    const startedAt = await sessionStartedAt(db, principal.sessionId);
    if (!startedAt) throw new DomainError('unauthorized');
    const played = await realRoundsSince(db, principal.memberId, startedAt);
    const stake = Number(played.stake);
    const payout = Number(played.payout);
    return {
      intervalMinutes: current.realityCheckMinutes,
      sessionStartedAt: startedAt.toISOString(),
      serverTime: now().toISOString(),
      rounds: Number(played.rounds),
      stake,
      payout,
      net: payout - stake,
      currency: principal.currency,
    };
  }

  async function setRealityCheck(memberId: number, minutes: number | null, meta: Meta): Promise<RgState> {
    await db.transaction().execute(async (trx) => {
      const at = now();
      const current = await repo.lockState(trx, memberId, at);
      await repo.updateState(trx, memberId, { ...current, realityCheckMinutes: minutes }, at);
      await recordAudit(trx, {
        actorType: 'member',
        actorId: memberId,
        action: 'rg.reality_check_set',
        subjectType: 'member',
        subjectId: memberId,
        data: { minutes },
        ip: meta.ip,
      });
    });
    return state(memberId);
  }

  /**
   * The merchant's responsible-gaming triggers now (the back-office reports): members self-excluded
   * or on a break, and every limit in force with what the current period has used of it (`reached`
   * when nothing more may go through).
   */
  async function merchantTriggers(merchantId: number) {
    const at = now();
    const blocks = await repo.findMerchantBlocks(db, merchantId, at);
    const limitRows = await repo.findMerchantLimits(db, merchantId);
    const timeZone = await deps.timeZoneOf(merchantId);
    const byMember = new Map<number, typeof limitRows>();
    for (const row of limitRows) byMember.set(row.memberId, [...(byMember.get(row.memberId) ?? []), row]);
    const limits: {
      memberId: number;
      username: string;
      kind: RgLimitKind;
      period: RgPeriod;
      amount: number;
      used: number;
      reached: boolean;
    }[] = [];
    for (const [memberId, rows] of byMember) {
      const inForce = rows
        .map((row) => ({ row, amount: effectiveLimit(row, at).amount }))
        .filter((l): l is { row: (typeof rows)[number]; amount: number } => l.amount !== null);
      if (inForce.length === 0) continue;
      const first = inForce[0]?.row as (typeof rows)[number];
      const { usage } = await usageOf({ memberId, currency: first.currency }, timeZone, at);
      for (const { row, amount } of inForce) {
        const used = usage[row.kind][row.period];
        limits.push({ memberId, username: row.username, kind: row.kind, period: row.period, amount, used, reached: used >= amount });
      }
    }
    return {
      at,
      selfExcluded: blocks
        .filter((b) => b.isPermanentlyExcluded || (b.excludedUntil !== null && b.excludedUntil.getTime() > at.getTime()))
        .map((b) => ({ memberId: b.memberId, username: b.username, permanent: b.isPermanentlyExcluded, until: b.excludedUntil })),
      onBreak: blocks
        .filter((b) => b.breakUntil !== null && b.breakUntil.getTime() > at.getTime())
        .map((b) => ({ memberId: b.memberId, username: b.username, until: b.breakUntil as Date })),
      limits,
    };
  }

  return {
    operator: {
      state: stateForOperator,
      history: historyForOperator,
      triggers: triggersForOperator,
      tightenLimits,
      takeBreak: breakByOperator,
    },
    merchantTriggers,
    refusalsByDay,
    refusalsWritten,
    state,
    setLimits,
    takeBreak,
    selfExclude,
    setRealityCheck,
    realityCheck,
    assertCanLogin,
    assertCanLoginIn,
    blockedAmong,
    assertCanDeposit,
    assertCanStake,
  };
}
