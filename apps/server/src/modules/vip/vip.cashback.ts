import { totalPagesOf } from '@platform/contracts/pagination';
import type {
  CashbackPeriod,
  CashbackRecordsQuery,
  CashbackRecordsValue,
  CashbackRule,
  SetCashbackRulesRequest,
} from '@platform/contracts/vip';
import { DomainError } from '../../lib/domain-error.ts';
import { runAtMost } from '../../lib/run-at-most.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { findMember, lockMembers } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Operator, VipDeps } from './vip.levels.ts';
import { creditChunk, SETTLE_WRITERS } from './vip.payments.ts';
import { type DayRange, rebatePeriodOf } from './vip.periods.ts';
import * as repo from './vip.repository.ts';

/** Ledger key of a cashback line: once per (member, rule, period start). */
export const cashbackKeyOf = (memberId: number, ruleId: number, periodStart: string) => `cashback:${memberId}:${ruleId}:${periodStart}`;

/** A line's amount: the rate of the net loss, rounded down to a minor unit, capped; 0 below the minimum loss. */
export function cashbackAmountOf(netLoss: number, rule: { ratePpm: number; minLoss: number; maxAmount: number | null }): number {
  if (netLoss <= 0 || netLoss < rule.minLoss) return 0;
  const raw = Number((BigInt(netLoss) * BigInt(rule.ratePpm)) / 1_000_000n);
  return rule.maxAmount === null ? raw : Math.min(raw, rule.maxAmount);
}

export type CashbackSettlement = DayRange & { written: number; existing: number; paidAmount: number };

type Due = { memberId: number; level: number; rule: CashbackRule; netLoss: number; amount: number };

/** Most members one transaction of a cashback settlement writes. */
const CASHBACK_CHUNK_MEMBERS = 2_000;

/**
 * Cashback (docs/vip-and-rebates.md, "Cashback"): a rate of each member's net loss over a period, by
 * VIP level, from a minimum loss and capped, paid once per (member, period) by chunks of members, two written at once.
 */
export function createCashback(
  deps: VipDeps & {
    levelOf: (memberId: number) => Promise<number>;
    memberLevels: (merchantId: number) => Promise<Map<number, number>>;
    chunkSize?: number;
  },
) {
  const { db, ledger, rollups, now } = deps;
  const chunkSize = deps.chunkSize ?? CASHBACK_CHUNK_MEMBERS;

  const rulesOf = (merchantId: number, enabledOnly = true) => repo.findCashbackRules(db, merchantId, { enabledOnly });

  /** The rule set with its version (read first: a save between the two reads can only make this one's save refused). */
  async function rulesWithVersion(merchantId: number): Promise<{ rules: CashbackRule[]; version: number }> {
    const version = await repo.findRuleSetVersion(db, merchantId, 'cashback');
    return { rules: await rulesOf(merchantId, false), version };
  }

  /**
   * Replaces the whole rule set. An operator's save names the version it read (`version`) and is
   * refused with `vip_rules_changed` when someone saved since; the seed and tests may leave it out.
   */
  async function setRules(
    op: Operator,
    request: Omit<SetCashbackRulesRequest, 'version'> & { version?: number | undefined },
  ): Promise<{ rules: CashbackRule[]; version: number }> {
    const version = await db.transaction().execute(async (trx) => {
      const at = now();
      const next = await repo.advanceRuleSetVersion(trx, op.merchantId, 'cashback', request.version, at);
      if (next === undefined) throw new DomainError('vip_rules_changed');
      const before = (await repo.findCashbackRules(trx, op.merchantId, { enabledOnly: true })).map(
        ({ id: _id, isEnabled: _on, ...rule }) => rule,
      );
      await repo.replaceCashbackRules(trx, op.merchantId, request.rules, at);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'vip.cashback_rules_set',
        subjectType: 'merchant',
        subjectId: op.merchantId,
        data: { before, rules: request.rules, version: next },
        ip: op.ip,
      });
      return next;
    });
    return { rules: await rulesOf(op.merchantId, false), version };
  }

  /**
   * One chunk in one transaction: the members locked (ascending id), those already holding a line of
   * the period left out, the payable members' lines credited by one `ledger.creditMany`, every line
   * written by one insert (`withheld` for a member self-excluded, on a break or not active: never
   * paid later), and one audit row listing them.
   */
  async function writeChunk(
    at: { merchantId: number; period: DayRange; periodCode: CashbackPeriod },
    due: readonly Due[],
    blocked: ReadonlySet<number>,
  ): Promise<Omit<CashbackSettlement, 'start' | 'end'>> {
    const { merchantId, period, periodCode } = at;
    const memberIds = due.map((d) => d.memberId);
    return db.transaction().execute(async (trx) => {
      const members = await lockMembers(trx, memberIds, { strength: 'no key update', merchantId });
      const done = await repo.findCashbackMembersOfPeriod(trx, { merchantId, memberIds, period: periodCode, periodStart: period.start });
      const createdAt = now();
      const result = { written: 0, existing: 0, paidAmount: 0 };
      const lines: repo.NewCashbackLine[] = [];
      for (const d of due) {
        const member = members.get(d.memberId);
        if (!member) continue;
        if (done.has(member.id)) {
          result.existing += 1;
          continue;
        }
        const payable = !blocked.has(member.id) && member.status === 'active';
        lines.push({
          merchant_id: merchantId,
          member_id: member.id,
          rule_id: d.rule.id,
          period: periodCode,
          period_start: period.start,
          period_end: period.end,
          vip_level: d.level,
          currency: member.currency,
          net_loss: d.netLoss,
          min_loss: d.rule.minLoss,
          rate_ppm: d.rule.ratePpm,
          max_amount: d.rule.maxAmount,
          amount: d.amount,
          status: payable ? 'paid' : 'withheld',
          transfer_id: null,
          created_at: createdAt,
        });
      }
      if (lines.length === 0) return result;
      const toPay = lines.filter((l) => l.status === 'paid');
      const transferIds = await creditChunk(
        { ledger },
        trx,
        merchantId,
        toPay.map((l) => ({
          memberId: l.member_id,
          currency: l.currency,
          amount: l.amount,
          idempotencyKey: cashbackKeyOf(l.member_id, l.rule_id, period.start),
          reference: { type: 'cashback_rule', id: String(l.rule_id) },
        })),
      );
      toPay.forEach((l, i) => {
        l.transfer_id = transferIds[i] ?? null;
      });
      if ((await repo.insertCashbackLines(trx, lines)) !== lines.length) {
        throw new Error('a cashback line was written outside its member lock');
      }
      await recordAudit(trx, {
        actorType: 'system',
        actorId: null,
        action: 'vip.cashback_lines',
        subjectType: 'cashback_period',
        subjectId: `${periodCode}:${period.start}`,
        data: {
          period: periodCode,
          start: period.start,
          end: period.end,
          // [member, rule, net loss, amount, status] per line written.
          lines: lines.map((l) => [l.member_id, l.rule_id, l.net_loss, l.amount, l.status]),
        },
      });
      result.written = lines.length;
      result.paidAmount = toPay.reduce((sum, l) => sum + l.amount, 0);
      return result;
    });
  }

  /**
   * Settles the merchant's cashback of one period length for the period holding the day, once it is
   * over: each member's net loss over the period from the rollups (one grouped read), the enabled rule
   * of the member's level for that length, and a line when the loss reaches the rule's minimum and the
   * amount is above 0. Exactly once per (member, period): a member holding a line of the period is left
   * as it is (a round settled after it does not change it). Answers null while the period runs.
   */
  async function settlePeriod(merchantId: number, periodCode: CashbackPeriod, day: string): Promise<CashbackSettlement | null> {
    const period = rebatePeriodOf(periodCode, day);
    const timeZone = await deps.timeZoneOf(merchantId);
    if (now().getTime() < startOfLocalDate(addDays(period.end, 1), timeZone).getTime()) return null;
    const result: CashbackSettlement = { ...period, written: 0, existing: 0, paidAmount: 0 };
    const rules = new Map((await rulesOf(merchantId)).filter((r) => r.period === periodCode).map((r) => [r.vipLevel, r]));
    if (rules.size === 0) return result;
    const [losses, levels] = await Promise.all([
      rollups.netLossByMember({ merchantId, from: period.start, to: period.end }),
      deps.memberLevels(merchantId),
    ]);
    const due: Due[] = [];
    for (const l of losses) {
      const level = levels.get(l.memberId) ?? 0;
      const rule = rules.get(level);
      const amount = rule ? cashbackAmountOf(l.netLoss, rule) : 0;
      if (rule && amount > 0) due.push({ memberId: l.memberId, level, rule, netLoss: l.netLoss, amount });
    }
    const chunks: Due[][] = [];
    for (let i = 0; i < due.length; i += chunkSize) chunks.push(due.slice(i, i + chunkSize));
    // A chunk that fails stops the run: the chunks committed stay, the next run answers them as existing.
    const done = await runAtMost(
      SETTLE_WRITERS,
      chunks.map((chunk) => async () => {
        const blocked = await deps.blockedAmong(chunk.map((d) => d.memberId));
        return writeChunk({ merchantId, period, periodCode }, chunk, blocked);
      }),
    );
    for (const d of done) {
      result.written += d.written;
      result.existing += d.existing;
      result.paidAmount += d.paidAmount;
    }
    return result;
  }

  /** An operator's re-run of a period (audited): what was already written stays, the rest is written. */
  async function rerunPeriod(op: Operator, periodCode: CashbackPeriod, day: string): Promise<CashbackSettlement> {
    const settled = await settlePeriod(op.merchantId, periodCode, day);
    if (settled === null) throw new DomainError('cashback_period_not_over');
    await recordAudit(db, {
      actorType: 'admin',
      actorId: op.adminId,
      action: 'vip.cashback_rerun',
      subjectType: 'merchant',
      subjectId: op.merchantId,
      data: { period: periodCode, ...settled },
      ip: op.ip,
    });
    return settled;
  }

  /** The member's cashback lines whose period starts in the range (the last 30 days by default), newest first. */
  async function records(
    principal: { memberId: number; merchantId: number; currency: string },
    query: CashbackRecordsQuery,
  ): Promise<CashbackRecordsValue> {
    const today = localDateOf(now(), await deps.timeZoneOf(principal.merchantId));
    const to = query.to ?? today;
    const from = query.from ?? addDays(to, -29);
    const page = await repo.findCashbackLines(db, { memberId: principal.memberId, from, to }, query);
    return {
      list: page.list,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: page.totalCount,
      totalPages: totalPagesOf(page.totalCount, query.pageSize),
      currency: principal.currency,
      from,
      to,
      totalNetLoss: page.totalNetLoss,
      totalAmount: page.totalAmount,
    };
  }

  /** An operator's view of one member's cashback lines, newest first. */
  async function linesOfMember(merchantId: number, memberId: number, page: { pageNo: number; pageSize: number }) {
    const member = await findMember(db, memberId);
    if (!member || member.merchantId !== merchantId) throw new DomainError('vip_member_not_found');
    const found = await repo.findCashbackLines(db, { memberId }, page);
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

  return { rulesOf, rulesWithVersion, setRules, settlePeriod, rerunPeriod, records, linesOfMember };
}
