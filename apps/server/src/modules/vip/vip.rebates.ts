import { totalPagesOf } from '@platform/contracts/pagination';
import type {
  ClaimRebateValue,
  ManualRebateValue,
  RebatePeriod,
  RebateRecordsQuery,
  RebateRecordsValue,
  RebateRule,
  SetRebateRulesRequest,
} from '@platform/contracts/vip';
import { DomainError } from '../../lib/domain-error.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { findMember, lockMember, lockMembers } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Operator, VipDeps } from './vip.levels.ts';
import { creditChunk } from './vip.payments.ts';
import { type DayRange, rebatePeriodOf } from './vip.periods.ts';
import * as repo from './vip.repository.ts';

/**
 * Ledger key of a rebate line paid by the settlement: once per (member, rule, period start, revision);
 * the period's line (revision 0) has no revision suffix, a correction `…:<revision>`.
 */
export const rebateKeyOf = (memberId: number, ruleId: number, periodStart: string, revision = 0) =>
  revision === 0 ? `rebate:${memberId}:${ruleId}:${periodStart}` : `rebate:${memberId}:${ruleId}:${periodStart}:${revision}`;
/** Ledger key of a member's claim: once per (member, request). */
export const claimKeyOf = (memberId: number, requestId: string) => `rebate-claim:${memberId}:${requestId}`;

/** A line's amount: the rate of the bet base, rounded down to a minor unit, capped by the rule's maximum. */
export function rebateAmountOf(betBase: number, ratePpm: number, maxAmount: number | null): number {
  const raw = Number((BigInt(betBase) * BigInt(ratePpm)) / 1_000_000n);
  return maxAmount === null ? raw : Math.min(raw, maxAmount);
}

/** What a settlement run did: lines written (corrections among them), (member, category) pairs already settled, the amount paid. */
export type PeriodSettlement = DayRange & { written: number; existing: number; corrections: number; paidAmount: number };

/** A (member, category) of a period with valid bet, and the rule of the member's level (`hasLevelRule`) or, for corrections only, of the category. */
type Due = { memberId: number; level: number; rule: RebateRule; betBase: number; hasLevelRule: boolean };

/** Most members one transaction of a settlement writes the lines of. */
const SETTLE_CHUNK_MEMBERS = 2_000;

/** Rebates: the rules, the settlement of a period from the rollups, the member's claim and records. */
export function createRebates(
  deps: VipDeps & {
    levelOf: (memberId: number) => Promise<number>;
    memberLevels: (merchantId: number) => Promise<Map<number, number>>;
    notExcluded: (memberId: number) => Promise<boolean>;
    /** Most members one transaction of a settlement writes (default `SETTLE_CHUNK_MEMBERS`). */
    chunkSize?: number;
  },
) {
  const { db, ledger, rollups, now } = deps;
  const chunkSize = deps.chunkSize ?? SETTLE_CHUNK_MEMBERS;

  const rulesOf = (merchantId: number, enabledOnly = true) => repo.findRules(db, merchantId, { enabledOnly });

  async function setRules(op: Operator, request: SetRebateRulesRequest): Promise<RebateRule[]> {
    await db.transaction().execute(async (trx) => {
      await repo.replaceRules(trx, op.merchantId, request.rules, now());
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'vip.rebate_rules_set',
        subjectType: 'merchant',
        subjectId: op.merchantId,
        data: { rules: request.rules },
        ip: op.ip,
      });
    });
    return rulesOf(op.merchantId, false);
  }

  async function periodIsOver(merchantId: number, period: DayRange): Promise<boolean> {
    const timeZone = await deps.timeZoneOf(merchantId);
    return now().getTime() >= startOfLocalDate(addDays(period.end, 1), timeZone).getTime();
  }

  async function mainWallet(trx: Parameters<LedgerService['transfer']>[1], member: { id: number; merchantId: number; currency: string }) {
    const account = (
      await ledger.ensureMemberAccounts(
        { merchantId: member.merchantId, memberId: member.id, currency: member.currency, kinds: ['player_main'] },
        trx,
      )
    ).player_main;
    if (!account) throw new Error('main wallet missing after ensureMemberAccounts');
    return account.id;
  }

  /**
   * Writes one chunk of members' lines of a period in one transaction, set-based: the chunk's members
   * locked at once (ascending id), the period's lines they already hold read under those locks, then
   * for each (member, category) due:
   * - no line yet: the period's line (revision 0) with the rule of the member's level;
   * - lines already, and the rollups now hold more valid bet than they did (rounds settled late): a
   *   correction (the next revision) with the first line's rule, rate and cap, whose bet base is the
   *   difference and whose amount is what the whole base is due less what the lines paid;
   * - otherwise nothing (answered as existing).
   * The `auto` lines of payable members are credited by one ledger import (keys `rebateKeyOf`), the
   * lines written by one insert, and one audit row lists them. A run killed inside the chunk leaves
   * nothing of it; the chunks before it stay committed and the next run answers them as existing.
   */
  async function writeChunk(
    at: { merchantId: number; period: DayRange; periodCode: RebatePeriod },
    due: readonly Due[],
    blocked: ReadonlySet<number>,
  ): Promise<Omit<PeriodSettlement, 'start' | 'end'>> {
    const { merchantId, period, periodCode } = at;
    const memberIds = [...new Set(due.map((d) => d.memberId))];
    return db.transaction().execute(async (trx) => {
      const members = await lockMembers(trx, memberIds, { strength: 'no key update', merchantId });
      const held = new Map(
        (await repo.findPeriodLineTotals(trx, { merchantId, memberIds, period: periodCode, periodStart: period.start })).map((t) => [
          `${t.memberId}:${t.category}`,
          t,
        ]),
      );
      const result = { written: 0, existing: 0, corrections: 0, paidAmount: 0 };
      const createdAt = now();
      const lines: (repo.NewRebateLine & { key: string })[] = [];
      for (const d of due) {
        const member = members.get(d.memberId);
        if (!member) continue;
        const prior = held.get(`${d.memberId}:${d.rule.category}`);
        if (prior === undefined && !d.hasLevelRule) continue;
        const terms =
          prior === undefined
            ? { ruleId: d.rule.id, vipLevel: d.level, ratePpm: d.rule.ratePpm, maxAmount: d.rule.maxAmount, mode: d.rule.mode }
            : prior;
        const revision = prior?.nextRevision ?? 0;
        const betBase = d.betBase - (prior?.betBase ?? 0);
        const amount = rebateAmountOf(d.betBase, terms.ratePpm, terms.maxAmount) - (prior?.amount ?? 0);
        if (betBase <= 0 || amount <= 0) {
          if (prior !== undefined) result.existing += 1;
          continue;
        }
        const payable = !blocked.has(member.id) && member.status === 'active';
        const status = !payable ? 'withheld' : terms.mode === 'auto' ? 'paid' : 'accrued';
        lines.push({
          key: rebateKeyOf(member.id, terms.ruleId, period.start, revision),
          merchant_id: merchantId,
          member_id: member.id,
          rule_id: terms.ruleId,
          revision,
          period: periodCode,
          period_start: period.start,
          period_end: period.end,
          category: d.rule.category,
          vip_level: terms.vipLevel,
          currency: member.currency,
          bet_base: betBase,
          rate_ppm: terms.ratePpm,
          max_amount: terms.maxAmount,
          amount,
          mode: terms.mode,
          status,
          transfer_id: null,
          created_at: createdAt,
          paid_at: null,
        });
      }
      if (lines.length === 0) return result;
      const toPay = lines.filter((l) => l.status === 'paid');
      const transferIds = await creditChunk(
        { ledger, now },
        trx,
        merchantId,
        toPay.map((l) => ({
          memberId: l.member_id,
          currency: l.currency,
          amount: Number(l.amount),
          idempotencyKey: l.key,
          reference: { type: 'rebate_rule', id: String(l.rule_id) },
        })),
      );
      toPay.forEach((l, i) => {
        l.transfer_id = transferIds[i] ?? null;
        l.paid_at = createdAt;
      });
      const written = await repo.insertLines(
        trx,
        lines.map(({ key: _key, ...line }) => line),
      );
      // Every writer of a member's lines holds the member's lock, so none can be there: were one, the chunk stops whole.
      if (written !== lines.length) throw new Error('a rebate line was written outside its member lock');
      await recordAudit(trx, {
        actorType: 'system',
        actorId: null,
        action: 'vip.rebate_lines',
        subjectType: 'rebate_period',
        subjectId: `${periodCode}:${period.start}`,
        data: {
          period: periodCode,
          start: period.start,
          end: period.end,
          // [member, rule, revision, amount, status] per line written.
          lines: lines.map((l) => [l.member_id, l.rule_id, l.revision, l.amount, l.status]),
        },
      });
      for (const l of lines) {
        result.written += 1;
        if (Number(l.revision) > 0) result.corrections += 1;
        if (l.status === 'paid') result.paidAmount += Number(l.amount);
      }
      return result;
    });
  }

  /**
   * Settles the merchant's rebates of one period length for the period holding the day, once it is
   * over (docs/vip-and-rebates.md, "Settlement of a period"): one grouped read of the period's
   * rollups, the rule of each member's level per category in memory, then the lines written by chunks
   * of members, one transaction each (`writeChunk`). Exactly once per (member, category, period): a
   * (member, category) that has its line gets only a correction for valid bet settled since, with the
   * first line's rule. Lines of amount 0 are not written.
   */
  async function settlePeriod(merchantId: number, periodCode: RebatePeriod, day: string): Promise<PeriodSettlement | null> {
    const period = rebatePeriodOf(periodCode, day);
    if (!(await periodIsOver(merchantId, period))) return null;
    const rules = (await rulesOf(merchantId)).filter((r) => r.period === periodCode);
    const result: PeriodSettlement = { ...period, written: 0, existing: 0, corrections: 0, paidAmount: 0 };
    if (rules.length === 0) return result;
    const ruleBy = new Map(rules.map((r) => [`${r.vipLevel}:${r.category}`, r]));
    // Lines already written keep their rule even if the member's level (so its rule) changed since.
    const byCategory = new Map<string, RebateRule>(rules.map((r) => [r.category, r]));
    const [bets, levels] = await Promise.all([
      rollups.validBetByMemberAndCategory({ merchantId, from: period.start, to: period.end }),
      deps.memberLevels(merchantId),
    ]);
    const due: Due[] = [];
    for (const bet of bets) {
      if (bet.validBet <= 0) continue;
      const level = levels.get(bet.memberId) ?? 0;
      const rule = ruleBy.get(`${level}:${bet.category}`) ?? byCategory.get(bet.category);
      if (rule)
        due.push({ memberId: bet.memberId, level, rule, betBase: bet.validBet, hasLevelRule: ruleBy.has(`${level}:${bet.category}`) });
    }
    let chunk: Due[] = [];
    let members = 0;
    const flush = async () => {
      if (chunk.length === 0) return;
      const blocked = await deps.blockedAmong([...new Set(chunk.map((d) => d.memberId))]);
      const done = await writeChunk({ merchantId, period, periodCode }, chunk, blocked);
      result.written += done.written;
      result.existing += done.existing;
      result.corrections += done.corrections;
      result.paidAmount += done.paidAmount;
      chunk = [];
      members = 0;
    };
    // The rollups come ordered by member: a member's categories stay in one chunk.
    for (const d of due) {
      const last = chunk[chunk.length - 1];
      if (last === undefined || last.memberId !== d.memberId) {
        if (members >= chunkSize) await flush();
        members += 1;
      }
      chunk.push(d);
    }
    await flush();
    return result;
  }

  /** An operator's re-run of a period (audited): what was already written stays, the rest is written. */
  async function rerunPeriod(op: Operator, periodCode: RebatePeriod, day: string): Promise<PeriodSettlement> {
    const settled = await settlePeriod(op.merchantId, periodCode, day);
    if (settled === null) throw new DomainError('rebate_period_not_over');
    await recordAudit(db, {
      actorType: 'admin',
      actorId: op.adminId,
      action: 'vip.rebate_rerun',
      subjectType: 'merchant',
      subjectId: op.merchantId,
      data: { period: periodCode, ...settled },
      ip: op.ip,
    });
    return settled;
  }

  /**
   * The member claims every accrued line in one ledger transfer. The accrued lines are locked, so two
   * claims at once take each line once; the same requestId answers the first claim.
   */
  async function claim(
    principal: { memberId: number; merchantId: number; currency: string },
    requestId: string,
  ): Promise<ClaimRebateValue> {
    const replay = async () => {
      const found = await repo.findClaim(db, principal.memberId, requestId);
      return found
        ? { claimId: found.id, amount: found.amount, lines: found.lines, currency: principal.currency, isReplay: true }
        : undefined;
    };
    const earlier = await replay();
    if (earlier) return earlier;
    const isNotExcluded = await deps.notExcluded(principal.memberId);
    const claimed = await db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, principal.memberId, { strength: 'no key update', merchantId: principal.merchantId });
      if (!member) throw new DomainError('rebate_nothing_to_claim');
      if (await repo.findClaim(trx, principal.memberId, requestId)) return undefined;
      if (!isNotExcluded || member.status !== 'active') throw new DomainError('rebate_claim_not_allowed');
      const lines = await repo.lockAccruedLines(trx, member.id);
      const amount = lines.reduce((s, l) => s + l.amount, 0);
      if (lines.length === 0 || amount <= 0) throw new DomainError('rebate_nothing_to_claim');
      const house = await ledger.ensureSystemAccount(
        { merchantId: member.merchantId, kind: 'house_revenue', currency: member.currency },
        trx,
      );
      const moved = await ledger.transfer(
        {
          fromAccountId: house.id,
          toAccountId: await mainWallet(trx, member),
          amount,
          code: 'rebate',
          idempotencyKey: claimKeyOf(member.id, requestId),
          reference: { type: 'rebate_claim', id: requestId },
        },
        trx,
      );
      const at = now();
      const claimId = await repo.insertClaim(trx, {
        merchantId: member.merchantId,
        memberId: member.id,
        requestId,
        amount,
        lines: lines.length,
        transferId: moved.transferId,
        at,
      });
      await repo.markClaimed(
        trx,
        lines.map((l) => l.id),
        claimId,
        at,
      );
      return { claimId, amount, lines: lines.length, currency: member.currency, isReplay: false };
    });
    if (claimed) return claimed;
    const winner = await replay();
    if (!winner) throw new Error('rebate claim vanished');
    return winner;
  }

  /** What the member may claim now, per category, and the claim-mode periods still running (an estimate). */
  async function manual(principal: { memberId: number; merchantId: number; currency: string }): Promise<ManualRebateValue> {
    const byCategory = await repo.sumAccruedByCategory(db, principal.memberId);
    const level = await deps.levelOf(principal.memberId);
    const rules = (await rulesOf(principal.merchantId)).filter((r) => r.vipLevel === level && r.mode === 'claim');
    const today = localDateOf(now(), await deps.timeZoneOf(principal.merchantId));
    const running: ManualRebateValue['running'] = [];
    for (const rule of rules) {
      const period = rebatePeriodOf(rule.period, today);
      const days = await rollups.gameDays({ memberIds: [principal.memberId], from: period.start, to: period.end });
      const betBase = days.filter((d) => d.category === rule.category).reduce((s, d) => s + d.validBet, 0);
      running.push({
        category: rule.category,
        period: rule.period,
        periodStart: period.start,
        periodEnd: period.end,
        betBase,
        ratePpm: rule.ratePpm,
        estimate: rebateAmountOf(betBase, rule.ratePpm, rule.maxAmount),
      });
    }
    return {
      currency: principal.currency,
      claimable: byCategory.reduce((s, c) => s + c.amount, 0),
      byCategory,
      running,
    };
  }

  /** The member's rebate lines whose period starts in the range (the last 30 days by default), newest first. */
  async function records(
    principal: { memberId: number; merchantId: number; currency: string },
    query: RebateRecordsQuery,
  ): Promise<RebateRecordsValue> {
    const today = localDateOf(now(), await deps.timeZoneOf(principal.merchantId));
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, -29);
    const page = await repo.findLines(db, { memberId: principal.memberId, from, to, category: query.category }, query);
    return {
      list: page.list,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: page.totalCount,
      totalPages: totalPagesOf(page.totalCount, query.pageSize),
      currency: principal.currency,
      from,
      to,
      totalBetBase: page.totalBetBase,
      totalAmount: page.totalAmount,
    };
  }

  /** An operator's view of one member's lines, newest first. */
  async function linesOfMember(merchantId: number, memberId: number, page: { pageNo: number; pageSize: number }) {
    const member = await findMember(db, memberId);
    if (!member || member.merchantId !== merchantId) throw new DomainError('vip_member_not_found');
    const found = await repo.findLines(db, { memberId }, page);
    return {
      list: found.list,
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      totalCount: found.totalCount,
      totalPages: totalPagesOf(found.totalCount, page.pageSize),
      memberId,
      level: await deps.levelOf(memberId),
    };
  }

  return { rulesOf, setRules, settlePeriod, rerunPeriod, claim, manual, records, linesOfMember };
}
