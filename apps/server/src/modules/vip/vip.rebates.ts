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
import { findMember, lockMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Operator, VipDeps } from './vip.levels.ts';
import { type DayRange, rebatePeriodOf } from './vip.periods.ts';
import * as repo from './vip.repository.ts';

/** Ledger key of a rebate line paid by the settlement: once per (member, rule, period start). */
export const rebateKeyOf = (memberId: number, ruleId: number, periodStart: string) => `rebate:${memberId}:${ruleId}:${periodStart}`;
/** Ledger key of a member's claim: once per (member, request). */
export const claimKeyOf = (memberId: number, requestId: string) => `rebate-claim:${memberId}:${requestId}`;

/** A line's amount: the rate of the bet base, rounded down to a minor unit, capped by the rule's maximum. */
export function rebateAmountOf(betBase: number, ratePpm: number, maxAmount: number | null): number {
  const raw = Number((BigInt(betBase) * BigInt(ratePpm)) / 1_000_000n);
  return maxAmount === null ? raw : Math.min(raw, maxAmount);
}

export type PeriodSettlement = DayRange & { written: number; existing: number; paidAmount: number };

/** Rebates: the rules, the settlement of a period from the rollups, the member's claim and records. */
export function createRebates(
  deps: VipDeps & {
    levelOf: (memberId: number) => Promise<number>;
    memberLevels: (merchantId: number) => Promise<Map<number, number>>;
    notExcluded: (memberId: number) => Promise<boolean>;
  },
) {
  const { db, ledger, rollups, now } = deps;

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
   * Writes one line in its own transaction: an `auto` line is credited first (its ledger key is the
   * line's key, so a rerun after a crash moves nothing twice), a `claim` line is recorded as accrued,
   * and a member who may not be paid gets a `withheld` line. Answers the amount paid, or undefined when
   * another run wrote the line first.
   */
  async function writeLine(
    merchantId: number,
    memberId: number,
    rule: RebateRule,
    level: number,
    period: DayRange,
    periodCode: RebatePeriod,
    betBase: number,
  ): Promise<number | undefined> {
    const amount = rebateAmountOf(betBase, rule.ratePpm, rule.maxAmount);
    const isNotExcluded = await deps.notExcluded(memberId);
    return db.transaction().execute(async (trx) => {
      const member = await lockMember(trx, memberId, { strength: 'no key update', merchantId });
      if (!member) return undefined;
      const payable = isNotExcluded && member.status === 'active';
      const status = !payable ? 'withheld' : rule.mode === 'auto' ? 'paid' : 'accrued';
      const at = now();
      let transferId: number | null = null;
      if (status === 'paid') {
        const house = await ledger.ensureSystemAccount({ merchantId, kind: 'house_revenue', currency: member.currency }, trx);
        const moved = await ledger.transfer(
          {
            fromAccountId: house.id,
            toAccountId: await mainWallet(trx, member),
            amount,
            code: 'rebate',
            idempotencyKey: rebateKeyOf(memberId, rule.id, period.start),
            reference: { type: 'rebate_rule', id: String(rule.id) },
          },
          trx,
        );
        transferId = moved.transferId;
      }
      const id = await repo.insertLineOnce(trx, {
        merchant_id: merchantId,
        member_id: memberId,
        rule_id: rule.id,
        period: periodCode,
        period_start: period.start,
        period_end: period.end,
        category: rule.category,
        vip_level: level,
        currency: member.currency,
        bet_base: betBase,
        rate_ppm: rule.ratePpm,
        max_amount: rule.maxAmount,
        amount,
        mode: rule.mode,
        status,
        transfer_id: transferId,
        created_at: at,
        paid_at: transferId === null ? null : at,
      });
      // Another run wrote it first; the transfer carried the same key, so nothing moved twice.
      if (id === undefined) return undefined;
      return status === 'paid' ? amount : 0;
    });
  }

  /**
   * Settles the merchant's rebates of one period length for the period holding the day, once it is
   * over: for every member with valid bet in a category over the period, the enabled rule of the
   * member's level, that category and that length gives one line (bet base × rate). Exactly once per
   * (member, rule, period): lines already written are left as they are; each line is written in its
   * own transaction, so a run stopped half-way is finished by the next. Lines of amount 0 are not written.
   */
  async function settlePeriod(merchantId: number, periodCode: RebatePeriod, day: string): Promise<PeriodSettlement | null> {
    const period = rebatePeriodOf(periodCode, day);
    if (!(await periodIsOver(merchantId, period))) return null;
    const rules = (await rulesOf(merchantId)).filter((r) => r.period === periodCode);
    const result: PeriodSettlement = { ...period, written: 0, existing: 0, paidAmount: 0 };
    if (rules.length === 0) return result;
    const ruleBy = new Map(rules.map((r) => [`${r.vipLevel}:${r.category}`, r]));
    const [bets, levels, done] = await Promise.all([
      rollups.validBetByMemberAndCategory({ merchantId, from: period.start, to: period.end }),
      deps.memberLevels(merchantId),
      repo.findLineKeysOfPeriod(db, merchantId, periodCode, period.start),
    ]);
    const written = new Set(done.map((d) => `${d.memberId}:${d.ruleId}`));
    for (const bet of bets) {
      const level = levels.get(bet.memberId) ?? 0;
      const rule = ruleBy.get(`${level}:${bet.category}`);
      if (!rule || bet.validBet <= 0) continue;
      if (written.has(`${bet.memberId}:${rule.id}`)) {
        result.existing += 1;
        continue;
      }
      if (rebateAmountOf(bet.validBet, rule.ratePpm, rule.maxAmount) <= 0) continue;
      const paid = await writeLine(merchantId, bet.memberId, rule, level, period, periodCode, bet.validBet);
      if (paid === undefined) result.existing += 1;
      else {
        result.written += 1;
        result.paidAmount += paid;
      }
    }
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
