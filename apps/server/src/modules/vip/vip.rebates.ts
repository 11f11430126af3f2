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
import { hashRequest } from '../../lib/request-hash.ts';
import { runAtMost } from '../../lib/run-at-most.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { findMember, lockMember } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Operator, VipDeps } from './vip.levels.ts';
import { SETTLE_WRITERS } from './vip.payments.ts';
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

/**
 * The hash an audit row of a settlement chunk keeps of the lines it wrote: `hashRequest` of the
 * `[member, rule, revision, amount, status]` tuples in member, rule, revision order, so the row can be
 * checked against `rebate_lines` later.
 */
export function rebateLinesHashOf(lines: readonly (readonly [number, number, number, number, string])[]): string {
  const sorted = [...lines].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  return hashRequest(['rebate_lines', ...sorted]);
}

/**
 * What one key of a period (member, category, vendor) is due from its candidate row: the terms (the
 * first line's when the key has one, else the member's level's rule), the revision, the bet base and
 * the amount; null when nothing is due. The settlement writes it; the member's running estimate shows
 * it, so the two cannot differ.
 */
export function rebateDueOf(c: repo.RebateCandidate) {
  const prior = c.held;
  const terms =
    prior ?? (c.rule && { ruleId: c.rule.id, vipLevel: c.level, ratePpm: c.rule.ratePpm, maxAmount: c.rule.maxAmount, mode: c.rule.mode });
  if (!terms) return null;
  const revision = prior?.nextRevision ?? 0;
  const betBase = c.validBet - (prior?.betBase ?? 0);
  const amount = rebateAmountOf(c.validBet, terms.ratePpm, terms.maxAmount) - (prior?.amount ?? 0);
  return { terms, revision, betBase, amount, isCorrection: prior !== null };
}

/** What a settlement run did: lines written (corrections among them), (member, category) pairs already settled, the amount paid. */
export type PeriodSettlement = DayRange & { written: number; existing: number; corrections: number; paidAmount: number };

/** Most members one transaction of a settlement writes the lines of. */
const SETTLE_CHUNK_MEMBERS = 20_000;

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

  /** The rule set with its version (read first: a save between the two reads can only make this one's save refused). */
  async function rulesWithVersion(merchantId: number): Promise<{ rules: RebateRule[]; version: number }> {
    const version = await repo.findRuleSetVersion(db, merchantId, 'rebates');
    return { rules: await rulesOf(merchantId, false), version };
  }

  /**
   * Replaces the whole rule set. An operator's save names the version it read (`version`) and is
   * refused with `vip_rules_changed` when someone saved since; the seed and tests may leave it out.
   */
  async function setRules(
    op: Operator,
    request: Omit<SetRebateRulesRequest, 'version'> & { version?: number | undefined },
  ): Promise<{ rules: RebateRule[]; version: number }> {
    const version = await db.transaction().execute(async (trx) => {
      const at = now();
      const next = await repo.advanceRuleSetVersion(trx, op.merchantId, 'rebates', request.version, at);
      if (next === undefined) throw new DomainError('vip_rules_changed');
      const before = (await repo.findRules(trx, op.merchantId, { enabledOnly: true })).map(({ id: _id, isEnabled: _on, ...rule }) => rule);
      await repo.replaceRules(trx, op.merchantId, request.rules, at);
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        action: 'vip.rebate_rules_set',
        subjectType: 'merchant',
        subjectId: op.merchantId,
        data: { before, rules: request.rules, version: next },
        ip: op.ip,
      });
      return next;
    });
    return { rules: await rulesOf(op.merchantId, false), version };
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
   * Writes one chunk of a period's lines in one transaction, set-based (ADR 0033): the `auto` lines
   * of payable members credited by one `ledger.creditMany` (keys `rebateKeyOf`, house revenue to the
   * main wallet), the lines written by one insert that skips a line already written, and one audit
   * row summing the chunk up (members' id range, counts, amounts and a hash of its lines). A line and
   * its credit stand or fall together: a line already written whose credit this chunk wrote fresh (or
   * the reverse) stops the chunk whole. A run killed inside the chunk leaves nothing of it; the chunks
   * before it stay committed and the next run answers them as existing.
   */
  async function writeChunk(
    at: { merchantId: number; period: DayRange; periodCode: RebatePeriod },
    lines: readonly (repo.NewRebateLine & { key: string })[],
  ): Promise<Omit<PeriodSettlement, 'start' | 'end' | 'existing'> & { skipped: number }> {
    const { merchantId, period, periodCode } = at;
    return db.transaction().execute(async (trx) => {
      const result = { written: 0, skipped: 0, corrections: 0, paidAmount: 0 };
      const toPay = lines.filter((l) => l.status === 'paid');
      const fresh = new Set<string>();
      for (const currency of new Set(toPay.map((l) => l.currency))) {
        const ofCurrency = toPay.filter((l) => l.currency === currency);
        const credited = await ledger.creditMany(
          {
            merchantId,
            currency,
            fromKind: 'house_revenue',
            code: 'rebate',
            referenceType: 'rebate_rule',
            credits: ofCurrency.map((l) => ({
              memberId: Number(l.member_id),
              amount: Number(l.amount),
              idempotencyKey: l.key,
              referenceId: String(l.rule_id),
            })),
          },
          trx,
        );
        ofCurrency.forEach((l, i) => {
          l.transfer_id = credited.transferIds[i] ?? null;
          if (credited.replayed[i] === false) fresh.add(l.key);
        });
      }
      const written = await repo.insertLineSet(
        trx,
        lines.map(({ key: _key, ...line }) => line),
      );
      const summary = { lines: 0, corrections: 0, paid: 0, paidAmount: 0, accrued: 0, accruedAmount: 0, withheld: 0, withheldAmount: 0 };
      const tuples: [number, number, number, number, string][] = [];
      for (const l of lines) {
        const isWritten = written.has(`${l.member_id}:${l.rule_id}:${l.revision}`);
        if (l.status === 'paid' && isWritten !== fresh.has(l.key)) throw new Error('a rebate line and its credit disagree');
        if (!isWritten) {
          result.skipped += 1;
          continue;
        }
        const amount = Number(l.amount);
        tuples.push([Number(l.member_id), Number(l.rule_id), Number(l.revision), amount, String(l.status)]);
        summary.lines += 1;
        if (Number(l.revision) > 0) summary.corrections += 1;
        if (l.status === 'paid') {
          summary.paid += 1;
          summary.paidAmount += amount;
        } else if (l.status === 'accrued') {
          summary.accrued += 1;
          summary.accruedAmount += amount;
        } else {
          summary.withheld += 1;
          summary.withheldAmount += amount;
        }
      }
      if (tuples.length > 0) {
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
            // The chunk's members are those with lines of this period between these ids.
            members: [tuples[0]?.[0], tuples[tuples.length - 1]?.[0]],
            ...summary,
            // sha256 of the lines written, as [member, rule, revision, amount, status] in member, rule, revision order.
            hash: rebateLinesHashOf(tuples),
          },
        });
      }
      result.written = summary.lines;
      result.corrections = summary.corrections;
      result.paidAmount = summary.paidAmount;
      return result;
    });
  }

  /**
   * The keys of one period due a line or a correction (`repo.findRebateCandidates`), every member's
   * or one member's. The vendor rollups are read only while a vendor's rule or line is in play.
   */
  async function candidatesOf(
    merchantId: number,
    periodCode: RebatePeriod,
    period: DayRange,
    rules: readonly RebateRule[],
    memberId?: number,
  ): Promise<repo.RebateCandidate[]> {
    const range = { merchantId, from: period.start, to: period.end };
    const vendorsInPlay =
      rules.some((r) => r.vendorCode !== null) ||
      (await repo.hasVendorLines(db, { merchantId, period: periodCode, periodStart: period.start }));
    return repo.findRebateCandidates(db, {
      merchantId,
      period: periodCode,
      periodStart: period.start,
      bets: rollups.validBetSource(range),
      vendorBets: vendorsInPlay ? rollups.validBetByVendorSource(range) : null,
      ...(memberId === undefined ? {} : { memberId }),
    });
  }

  /**
   * Settles the merchant's rebates of one period length for the period holding the day, once it is
   * over (docs/vip-and-rebates.md, "Settlement of a period"): one statement computes every (member,
   * category) due from the rollups, joined with the members, their levels, the rules and the lines
   * already written; the responsible-gaming check is one read for all of them; then the lines are
   * written by chunks of members, a few statements each (`writeChunk`). Exactly once per (member,
   * category, vendor, period), that is per (member, rule, period): a key that has its line gets only
   * a correction for valid bet settled since, with the first line's rule. A vendor's rule takes the
   * valid bet at its vendor; the category's rule the rest (the vendors the member's level has no rule
   * for). Lines of amount 0 are not written.
   */
  async function settlePeriod(merchantId: number, periodCode: RebatePeriod, day: string): Promise<PeriodSettlement | null> {
    const period = rebatePeriodOf(periodCode, day);
    if (!(await periodIsOver(merchantId, period))) return null;
    const rules = (await rulesOf(merchantId)).filter((r) => r.period === periodCode);
    const result: PeriodSettlement = { ...period, written: 0, existing: 0, corrections: 0, paidAmount: 0 };
    if (rules.length === 0) return result;
    const candidates = await candidatesOf(merchantId, periodCode, period, rules);
    const blocked = await deps.blockedAmong([...new Set(candidates.map((c) => c.memberId))]);
    const createdAt = now();
    const chunks: (repo.NewRebateLine & { key: string })[][] = [];
    let chunk: (repo.NewRebateLine & { key: string })[] = [];
    let members = 0;
    let lastMember = -1;
    const flush = () => {
      if (chunk.length > 0) chunks.push(chunk);
      chunk = [];
      members = 0;
    };
    // The candidates come ordered by member: a member's categories stay in one chunk.
    for (const c of candidates) {
      const due = rebateDueOf(c);
      if (!due) continue;
      const { terms, revision, betBase, amount } = due;
      if (betBase <= 0 || amount <= 0) {
        if (due.isCorrection) result.existing += 1;
        continue;
      }
      if (c.memberId !== lastMember) {
        if (members >= chunkSize) flush();
        members += 1;
        lastMember = c.memberId;
      }
      const payable = !blocked.has(c.memberId) && c.status === 'active';
      const status = !payable ? 'withheld' : terms.mode === 'auto' ? 'paid' : 'accrued';
      chunk.push({
        key: rebateKeyOf(c.memberId, terms.ruleId, period.start, revision),
        merchant_id: merchantId,
        member_id: c.memberId,
        rule_id: terms.ruleId,
        revision,
        period: periodCode,
        period_start: period.start,
        period_end: period.end,
        category: c.category,
        vendor_code: c.vendorCode,
        vip_level: terms.vipLevel,
        currency: c.currency,
        bet_base: betBase,
        rate_ppm: terms.ratePpm,
        max_amount: terms.maxAmount,
        amount,
        mode: terms.mode,
        status,
        transfer_id: null,
        created_at: createdAt,
        paid_at: status === 'paid' ? createdAt : null,
      });
    }
    flush();
    // A chunk that fails stops the run: the chunks committed stay, the next run answers them as existing.
    const done = await runAtMost(
      SETTLE_WRITERS,
      chunks.map((lines) => () => writeChunk({ merchantId, period, periodCode }, lines)),
    );
    for (const d of done) {
      result.written += d.written;
      result.existing += d.skipped;
      result.corrections += d.corrections;
      result.paidAmount += d.paidAmount;
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

  /**
   * What the member may claim now, per category, and the claim-mode periods still running: each key's
   * estimate is what the settlement would write for it if the period ended now (`candidatesOf` and
   * `rebateDueOf`, the settlement's own computation: vendors' rules included, each bet under one rule).
   */
  async function manual(principal: { memberId: number; merchantId: number; currency: string }): Promise<ManualRebateValue> {
    const byCategory = await repo.sumAccruedByCategory(db, principal.memberId);
    const level = await deps.levelOf(principal.memberId);
    const all = await rulesOf(principal.merchantId);
    const rules = all.filter((r) => r.vipLevel === level && r.mode === 'claim');
    const today = localDateOf(now(), await deps.timeZoneOf(principal.merchantId));
    const running: ManualRebateValue['running'] = [];
    const keyOf = (category: string, vendorCode: string | null, periodCode: RebatePeriod) =>
      `${category}|${vendorCode ?? ''}|${periodCode}`;
    const shown = new Set<string>();
    for (const periodCode of [...new Set(rules.map((r) => r.period))]) {
      const period = rebatePeriodOf(periodCode, today);
      const ofPeriod = all.filter((r) => r.period === periodCode);
      for (const c of await candidatesOf(principal.merchantId, periodCode, period, ofPeriod, principal.memberId)) {
        const due = rebateDueOf(c);
        if (due?.terms.mode !== 'claim') continue;
        const vendorCode = c.vendorCode === '' ? null : c.vendorCode;
        shown.add(keyOf(c.category, vendorCode, periodCode));
        running.push({
          category: c.category,
          vendorCode,
          period: periodCode,
          periodStart: period.start,
          periodEnd: period.end,
          betBase: Math.max(0, due.betBase),
          ratePpm: due.terms.ratePpm,
          estimate: Math.max(0, due.amount),
        });
      }
      // The level's claim rules with no valid bet yet in the period: shown at nought.
      for (const rule of rules.filter((r) => r.period === periodCode && !shown.has(keyOf(r.category, r.vendorCode, periodCode)))) {
        running.push({
          category: rule.category,
          vendorCode: rule.vendorCode,
          period: periodCode,
          periodStart: period.start,
          periodEnd: period.end,
          betBase: 0,
          ratePpm: rule.ratePpm,
          estimate: 0,
        });
      }
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

  return { rulesOf, rulesWithVersion, setRules, settlePeriod, rerunPeriod, claim, manual, records, linesOfMember };
}
