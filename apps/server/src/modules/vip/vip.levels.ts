import type { PlayerRankValue, RebateRule, SetVipLevelsRequest, VipLevel, VipWindow } from '@platform/contracts/vip';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { findMember, lockMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { closesWindow, rebatePeriodOf, vipWindowOf } from './vip.periods.ts';
import * as repo from './vip.repository.ts';
import { vipPolicySetting } from './vip.settings.ts';

export type Operator = { adminId: number; merchantId: number; ip: string | null };

/** The daily rollups the levels and rebates read (the daily-stats module). */
export type RollupReads = {
  validBetByMemberAndCategory: (filter: {
    merchantId: number;
    from: string;
    to: string;
  }) => Promise<{ memberId: number; category: string; validBet: number }[]>;
  /** The same sums as a subquery to join (`member_id`, `category`, `valid_bet`): the settlement computes its lines in SQL from it. */
  validBetSource: (filter: { merchantId: number; from: string; to: string }) => RawBuilder<unknown>;
  /** The valid bet per vendor as a subquery (`member_id`, `category`, `vendor_code`, `valid_bet`): vendors' rebate rules read it. */
  validBetByVendorSource: (filter: { merchantId: number; from: string; to: string }) => RawBuilder<unknown>;
  depositsByMember: (filter: { merchantId: number; from: string; to: string }) => Promise<{ memberId: number; depositAmount: number }[]>;
  netLossByMember: (filter: { merchantId: number; from: string; to: string }) => Promise<{ memberId: number; netLoss: number }[]>;
  gameDays: (filter: {
    memberIds: readonly number[];
    from: string;
    to: string;
  }) => Promise<{ day: string; category: string; validBet: number }[]>;
  moneyDays: (filter: { memberIds: readonly number[]; from: string; to: string }) => Promise<{ depositAmount: number }[]>;
};

export type VipDeps = {
  db: Kysely<DB>;
  ledger: LedgerService;
  settings: SettingsService;
  rollups: RollupReads;
  timeZoneOf: (merchantId: number) => Promise<string>;
  /** Refuses a member who is self-excluded or on a break (the responsible-gaming module): such a member is paid nothing. */
  assertNotExcluded: (memberId: number) => Promise<void>;
  /** The members among these that `assertNotExcluded` refuses, in one read (a chunk of a set-based settlement). */
  blockedAmong: (memberIds: readonly number[]) => Promise<Set<number>>;
  now: () => Date;
};

/** Ledger key of an upgrade bonus: once per (member, level), whatever runs it. */
export const upgradeKeyOf = (memberId: number, level: number) => `vip-upgrade:${memberId}:${level}`;

/** Window figures of one member. */
export type Figures = { deposits: number; validBet: number };

/**
 * The level a member holds after the evaluation of a day (docs/vip-and-rebates.md): up to the highest
 * level whose thresholds the window's figures meet; otherwise the current level while its
 * maintenance thresholds are met, or when the member has not held it for a whole window yet; else
 * one level down.
 */
export function nextLevelOf(
  ladder: readonly VipLevel[],
  current: { level: number; reachedOn: string } | undefined,
  figures: Figures,
  day: string,
  window: VipWindow,
): number {
  const meets = (l: VipLevel) => figures.deposits >= l.minDeposit && figures.validBet >= l.minValidBet;
  let target = 0;
  for (const l of ladder) if (meets(l)) target = Math.max(target, l.level);
  const top = ladder.reduce((m, l) => Math.max(m, l.level), 0);
  const level = Math.min(current?.level ?? 0, top);
  if (target > level) return target;
  if (level === 0 || current === undefined) return level;
  const held = ladder.find((l) => l.level === level);
  if (!held) return level;
  const kept = figures.deposits >= held.keepDeposit && figures.validBet >= held.keepValidBet;
  const wholeWindow = closesWindow(window, day) && current.reachedOn < vipWindowOf(window, day).start;
  return kept || !wholeWindow ? level : level - 1;
}

export type EvaluationSummary = { evaluated: number; upgraded: number; downgraded: number; bonusesPaid: number };

/** VIP levels: the ladder, each member's level, the daily evaluation with its upgrade bonuses, the member's progress. */
export function createVipLevels(deps: VipDeps) {
  const { db, ledger, settings, rollups, now } = deps;

  const ladderOf = (merchantId: number) => repo.findLevels(db, merchantId);

  /**
   * The ladder with its version and the window its thresholds are measured over (a setting): the
   * version is read first, so a save between the two reads can only make this one's save refused.
   */
  async function ladderWithVersion(merchantId: number): Promise<{ levels: VipLevel[]; version: number; window: VipWindow }> {
    const version = await repo.findRuleSetVersion(db, merchantId, 'levels');
    const [levels, policy] = await Promise.all([ladderOf(merchantId), settings.get(merchantId, vipPolicySetting)]);
    return { levels, version, window: policy.window };
  }

  /**
   * Replaces the whole ladder. An operator's save names the version it read (`version`) and is
   * refused with `vip_rules_changed` when someone saved since; the seed and tests may leave it out.
   */
  async function setLevels(
    op: Operator,
    request: Omit<SetVipLevelsRequest, 'version'> & { version?: number | undefined },
  ): Promise<{ levels: VipLevel[]; version: number; window: VipWindow }> {
    const levels = [...request.levels].sort((a, b) => a.level - b.level);
    const version = await db.transaction().execute(async (trx) => {
      const at = now();
      const next = await repo.advanceRuleSetVersion(trx, op.merchantId, 'levels', request.version, at);
      if (next === undefined) throw new DomainError('vip_rules_changed');
      const before = await repo.findLevels(trx, op.merchantId);
      await repo.replaceLevels(trx, op.merchantId, levels, at);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'vip.levels_set',
        subjectType: 'merchant',
        subjectId: op.merchantId,
        data: { before, levels, version: next },
        ip: op.ip,
      });
      return next;
    });
    const { window } = await settings.get(op.merchantId, vipPolicySetting);
    return { levels: await ladderOf(op.merchantId), version, window };
  }

  /** A page of the merchant's members holding a level, with the count of members per level. */
  async function membersAtLevel(merchantId: number, level: number, page: { pageNo: number; pageSize: number }) {
    const found = await repo.findMembersAtLevel(db, merchantId, level, page);
    return { level, list: found.list, totalCount: found.total, pageNo: page.pageNo, pageSize: page.pageSize };
  }

  const memberCounts = async (merchantId: number) =>
    [...(await repo.countMembersByLevel(db, merchantId))].map(([level, members]) => ({ level, members }));

  /**
   * Whether the member is free of self-exclusion and breaks (the responsible-gaming check reads
   * outside the caller's transaction, so it is asked before one opens; the account's status is
   * checked on the locked member row inside it).
   */
  async function notExcluded(memberId: number): Promise<boolean> {
    try {
      await deps.assertNotExcluded(memberId);
      return true;
    } catch {
      return false;
    }
  }

  /** Credits a VIP bonus to the member's main wallet from the merchant's bonus pool (cash: no wagering engine yet). */
  async function creditBonus(
    trx: Transaction<DB>,
    member: { id: number; merchantId: number; currency: string },
    amount: number,
    idempotencyKey: string,
    reference: { type: string; id: string },
  ): Promise<number> {
    const wallet = (
      await ledger.ensureMemberAccounts(
        { merchantId: member.merchantId, memberId: member.id, currency: member.currency, kinds: ['player_main'] },
        trx,
      )
    ).player_main;
    if (!wallet) throw new Error('main wallet missing after ensureMemberAccounts');
    const pool = await ledger.ensureSystemAccount({ merchantId: member.merchantId, kind: 'bonus_pool', currency: member.currency }, trx);
    const moved = await ledger.transfer(
      { fromAccountId: pool.id, toAccountId: wallet.id, amount, code: 'promotion', idempotencyKey, reference },
      trx,
    );
    return moved.transferId;
  }

  /** Pays (or withholds) the upgrade bonus of one level, once per (member, level). Answers whether money moved. */
  async function payUpgradeBonus(
    trx: Transaction<DB>,
    member: { id: number; merchantId: number; currency: string; status: string },
    level: VipLevel,
    isNotExcluded: boolean,
  ): Promise<boolean> {
    if (level.upgradeBonus <= 0 || (await repo.hasUpgradeBonus(trx, member.id, level.level))) return false;
    const transferId =
      isNotExcluded && member.status === 'active'
        ? await creditBonus(trx, member, level.upgradeBonus, upgradeKeyOf(member.id, level.level), {
            type: 'vip_upgrade',
            id: `${member.id}:${level.level}`,
          })
        : null;
    const id = await repo.insertUpgradeBonusOnce(trx, {
      merchantId: member.merchantId,
      memberId: member.id,
      level: level.level,
      amount: level.upgradeBonus,
      transferId,
      at: now(),
    });
    return id !== undefined && transferId !== null;
  }

  /**
   * Evaluates one member for one day in its own transaction (the member's row lock keeps two runs
   * apart): a day already evaluated is left as it is.
   */
  async function evaluateMember(
    merchantId: number,
    memberId: number,
    day: string,
    window: VipWindow,
    ladder: readonly VipLevel[],
    figures: Figures,
  ): Promise<{ change: 'up' | 'down' | null; bonusesPaid: number } | null> {
    const isNotExcluded = await notExcluded(memberId);
    return db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, memberId, { strength: 'no key update', merchantId });
      if (!member) return null;
      const stored = await repo.lockMemberLevel(trx, memberId);
      if (stored && stored.evaluatedOn >= day) return null;
      const from = stored?.level ?? 0;
      const to = nextLevelOf(ladder, stored, figures, day, window);
      if (stored === undefined && to === 0) return { change: null, bonusesPaid: 0 };
      let bonusesPaid = 0;
      if (to > from) {
        for (const level of ladder) {
          if (level.level > from && level.level <= to && (await payUpgradeBonus(trx, member, level, isNotExcluded))) bonusesPaid += 1;
        }
      }
      if (to !== from) {
        await repo.insertLevelChange(trx, { merchantId, memberId, day, fromLevel: from, toLevel: to, ...figures, at: now() });
      }
      await repo.upsertMemberLevel(trx, {
        merchantId,
        memberId,
        level: to,
        reachedOn: to === from && stored ? stored.reachedOn : day,
        evaluatedOn: day,
        at: now(),
      });
      return { change: to > from ? 'up' : to < from ? 'down' : null, bonusesPaid };
    });
  }

  /** Every member's window figures for the window ending on the day. */
  async function figuresOf(merchantId: number, window: VipWindow, day: string): Promise<Map<number, Figures>> {
    const range = vipWindowOf(window, day);
    const filter = { merchantId, from: range.start, to: range.end };
    const [bets, deposits] = await Promise.all([rollups.validBetByMemberAndCategory(filter), rollups.depositsByMember(filter)]);
    const figures = new Map<number, Figures>();
    const of = (id: number) => {
      let f = figures.get(id);
      if (!f) {
        f = { deposits: 0, validBet: 0 };
        figures.set(id, f);
      }
      return f;
    };
    for (const b of bets) of(b.memberId).validBet += b.validBet;
    for (const d of deposits) of(d.memberId).deposits += d.depositAmount;
    return figures;
  }

  /**
   * Evaluates every member of the merchant for a day that is over: members with play or deposits in
   * the window and members holding a level above 0. Each member in its own transaction, so a run
   * stopped half-way is finished by the next; a day already evaluated for a member is skipped.
   */
  async function evaluateDay(merchantId: number, day: string): Promise<EvaluationSummary> {
    const summary: EvaluationSummary = { evaluated: 0, upgraded: 0, downgraded: 0, bonusesPaid: 0 };
    const timeZone = await deps.timeZoneOf(merchantId);
    if (now().getTime() < startOfLocalDate(addDays(day, 1), timeZone).getTime()) return summary;
    const ladder = await ladderOf(merchantId);
    if (ladder.length === 0) return summary;
    const { window } = await settings.get(merchantId, vipPolicySetting);
    const figures = await figuresOf(merchantId, window, day);
    const stored = await repo.findMemberLevelsOfMerchant(db, merchantId);
    for (const s of stored) if (s.level > 0 && !figures.has(s.memberId)) figures.set(s.memberId, { deposits: 0, validBet: 0 });
    const evaluatedOn = new Map(stored.map((s) => [s.memberId, s.evaluatedOn]));
    for (const [memberId, f] of [...figures.entries()].sort((a, b) => a[0] - b[0])) {
      if ((evaluatedOn.get(memberId) ?? '') >= day) continue;
      const done = await evaluateMember(merchantId, memberId, day, window, ladder, f);
      if (!done) continue;
      summary.evaluated += 1;
      if (done.change === 'up') summary.upgraded += 1;
      if (done.change === 'down') summary.downgraded += 1;
      summary.bonusesPaid += done.bonusesPaid;
    }
    return summary;
  }

  /**
   * Pays the periodic bonus of a week (`W`, Monday to Sunday) or month (`M`) once it is over: every
   * member holding, when this runs, a level whose periodic bonus has that period gets it once per
   * (member, period start), each in its own transaction (ledger key `vip-periodic:<member>:<P>:<start>`);
   * a member self-excluded, on a break or not active gets a `withheld` row. Answers how many were paid.
   */
  async function payPeriodicBonuses(merchantId: number, period: 'W' | 'M', day: string): Promise<number> {
    const range = rebatePeriodOf(period, day);
    const timeZone = await deps.timeZoneOf(merchantId);
    if (now().getTime() < startOfLocalDate(addDays(range.end, 1), timeZone).getTime()) return 0;
    const ladder = await ladderOf(merchantId);
    const due = new Map(ladder.filter((l) => l.periodicPeriod === period && l.periodicBonus > 0).map((l) => [l.level, l]));
    if (due.size === 0) return 0;
    const done = await repo.findPeriodicBonusMembers(db, merchantId, period, range.start);
    let paid = 0;
    for (const held of await repo.findMemberLevelsOfMerchant(db, merchantId)) {
      if (!due.has(held.level) || done.has(held.memberId)) continue;
      const isNotExcluded = await notExcluded(held.memberId);
      const moved = await db.transaction().execute(async (trx) => {
        const member = await lockMember(trx, held.memberId, { strength: 'no key update', merchantId });
        const current = await repo.lockMemberLevel(trx, held.memberId);
        const level = current && due.get(current.level);
        if (!member || !level) return false;
        const key = `vip-periodic:${member.id}:${period}:${range.start}`;
        const transferId =
          isNotExcluded && member.status === 'active'
            ? await creditBonus(trx, member, level.periodicBonus, key, {
                type: 'vip_periodic',
                id: `${member.id}:${period}:${range.start}`,
              })
            : null;
        const id = await repo.insertPeriodicBonusOnce(trx, {
          merchantId,
          memberId: member.id,
          level: level.level,
          period,
          periodStart: range.start,
          periodEnd: range.end,
          amount: level.periodicBonus,
          transferId,
          at: now(),
        });
        return id !== undefined && transferId !== null;
      });
      if (moved) paid += 1;
    }
    return paid;
  }

  /** An operator's evaluation of a day (audited): members already evaluated for it are left as they are. */
  async function rerunDay(op: Operator, day: string): Promise<EvaluationSummary> {
    const summary = await evaluateDay(op.merchantId, day);
    await recordAudit(db, {
      actorType: 'admin',
      actorId: op.adminId,
      action: 'vip.evaluation_rerun',
      subjectType: 'merchant',
      subjectId: op.merchantId,
      data: { day, ...summary },
      ip: op.ip,
    });
    return summary;
  }

  /** The member's level (0 without a stored one). */
  async function levelOf(memberId: number): Promise<number> {
    return (await repo.findMemberLevel(db, memberId))?.level ?? 0;
  }

  /** The club label the level gives (`clubLabel`): the level's code and number; null while the merchant has no ladder. */
  async function clubOf(memberId: number): Promise<{ name: string; rankLevel: number } | null> {
    const member = await findMember(db, memberId);
    if (!member) return null;
    const ladder = await ladderOf(member.merchantId);
    if (ladder.length === 0) return null;
    const level = await levelOf(memberId);
    const held = ladder.find((l) => l.level === level) ?? ladder[0];
    return held ? { name: held.code, rankLevel: held.level } : null;
  }

  const nameOf = (l: VipLevel, language: string) => l.names[language] ?? l.names.en ?? l.code;

  /** The member's level, its window's figures, what the next level and keeping this one take, and the ladder. */
  async function playerRank(
    principal: { memberId: number; merchantId: number; currency: string },
    language: string,
    rules: readonly RebateRule[],
  ): Promise<PlayerRankValue> {
    const ladder = await ladderOf(principal.merchantId);
    const { window } = await settings.get(principal.merchantId, vipPolicySetting);
    const today = localDateOf(now(), await deps.timeZoneOf(principal.merchantId));
    const range = vipWindowOf(window, today);
    const filter = { memberIds: [principal.memberId], from: range.start, to: range.end };
    const [bets, deposits] = await Promise.all([rollups.gameDays(filter), rollups.moneyDays(filter)]);
    const validBet = bets.reduce((s, b) => s + b.validBet, 0);
    const depositSum = deposits.reduce((s, d) => s + d.depositAmount, 0);
    const level = await levelOf(principal.memberId);
    const held = ladder.find((l) => l.level === level);
    const next = ladder.find((l) => l.level === level + 1);
    const missing = (need: number, have: number) => Math.max(0, need - have);
    return {
      currency: principal.currency,
      window,
      from: range.start,
      to: range.end,
      level,
      code: held?.code ?? `VIP${level}`,
      name: held ? nameOf(held, language) : `VIP${level}`,
      deposits: depositSum,
      validBet,
      next: next
        ? {
            level: next.level,
            code: next.code,
            name: nameOf(next, language),
            minDeposit: next.minDeposit,
            minValidBet: next.minValidBet,
            depositMissing: missing(next.minDeposit, depositSum),
            validBetMissing: missing(next.minValidBet, validBet),
          }
        : null,
      keep: {
        deposit: held?.keepDeposit ?? 0,
        validBet: held?.keepValidBet ?? 0,
        depositMissing: missing(held?.keepDeposit ?? 0, depositSum),
        validBetMissing: missing(held?.keepValidBet ?? 0, validBet),
      },
      ladder: ladder.map((l) => ({
        level: l.level,
        code: l.code,
        name: nameOf(l, language),
        minDeposit: l.minDeposit,
        minValidBet: l.minValidBet,
        upgradeBonus: l.upgradeBonus,
        periodicBonus: l.periodicBonus,
        periodicPeriod: l.periodicPeriod,
        rebates: rules
          .filter((r) => r.vipLevel === l.level)
          .map((r) => ({ category: r.category, period: r.period, ratePpm: r.ratePpm, vendorCode: r.vendorCode })),
      })),
    };
  }

  return {
    ladderOf,
    ladderWithVersion,
    setLevels,
    membersAtLevel,
    memberCounts,
    evaluateDay,
    rerunDay,
    payPeriodicBonuses,
    levelOf,
    clubOf,
    playerRank,
    notExcluded,
  };
}
