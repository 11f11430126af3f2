import { type EarningRuleInput, type EarningRuleSummary, VALID_BET_ALL_CATEGORIES } from '@platform/contracts/points';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation, withTransactionRetry } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { addDays, localDateOf } from '../../lib/time-zone.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Operator } from './point-mall.service.ts';
import * as repo from './points.repository.ts';
import type { PointsCore } from './points.service.ts';
import type { EarningParams } from './points.tables.ts';

/** Valid bet per member and category over days (the daily rollups). */
export type ValidBetSource = (filter: {
  merchantId: number;
  from: string;
  to: string;
}) => Promise<{ memberId: number; category: string; validBet: number }[]>;

export type EarningDeps = {
  db: Kysely<DB>;
  core: PointsCore;
  now: () => Date;
  timeZoneOf: (merchantId: number) => Promise<string>;
  validBet: ValidBetSource;
};

function paramsOf(input: EarningRuleInput): EarningParams {
  const params: EarningParams = {};
  if (input.streakDays !== null) params.streakDays = input.streakDays;
  if (input.minDeposit !== null) params.minDeposit = input.minDeposit;
  if (input.category !== null) params.category = input.category;
  if (input.validBetMin !== null) params.validBetMin = input.validBetMin;
  return params;
}

export function summaryOf(rule: repo.RuleRow): EarningRuleSummary {
  return {
    event: rule.event,
    amount: Number(rule.amount),
    dailyCap: rule.dailyCap === null ? null : Number(rule.dailyCap),
    streakDays: rule.params.streakDays ?? null,
    minDeposit: rule.params.minDeposit ?? null,
    category: rule.params.category ?? null,
    validBetMin: rule.params.validBetMin ?? null,
  };
}

function presentAdminRule(rule: repo.RuleRow) {
  return {
    id: Number(rule.id),
    ruleKey: rule.ruleKey,
    ...summaryOf(rule),
    isEnabled: rule.isEnabled,
    updatedAt: rule.updatedAt.toISOString(),
  };
}

/** The operator's earning rules, and the job that pays valid-bet rules from the daily rollups. */
export function createEarning(deps: EarningDeps) {
  const { db, core, now } = deps;

  async function list(merchantId: number) {
    return (await repo.findRules(db, merchantId)).map(presentAdminRule);
  }

  async function audit(executor: Kysely<DB>, op: Operator, action: string, id: number, input: EarningRuleInput) {
    await recordAudit(executor, {
      actorType: 'admin',
      actorId: op.adminId,
      merchantId: op.merchantId,
      action,
      subjectType: 'points_earning_rule',
      subjectId: id,
      data: { input },
      ip: op.ip,
    });
  }

  async function create(op: Operator, input: EarningRuleInput) {
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await repo.insertRule(trx, {
          merchantId: op.merchantId,
          ruleKey: input.ruleKey,
          event: input.event,
          amount: input.amount,
          dailyCap: input.dailyCap,
          params: paramsOf(input),
          isEnabled: input.isEnabled,
          at: now(),
        });
        await audit(trx, op, 'points.rule_created', Number(row.id), input);
        return presentAdminRule(row);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('points_rule_key_taken');
      throw err;
    }
  }

  /** Edits a rule; its key stays (awards already paid name the rule, never its key). */
  async function edit(op: Operator, id: number, input: EarningRuleInput) {
    return db.transaction().execute(async (trx) => {
      const current = await repo.findRule(trx, op.merchantId, id);
      if (!current) throw new DomainError('not_found', 'rule');
      if (current.ruleKey !== input.ruleKey) throw new DomainError('bad_request', 'ruleKey');
      const row = await repo.updateRule(trx, op.merchantId, id, {
        event: input.event,
        amount: input.amount,
        dailyCap: input.dailyCap,
        params: paramsOf(input),
        isEnabled: input.isEnabled,
        at: now(),
      });
      if (!row) throw new DomainError('not_found', 'rule');
      await audit(trx, op, 'points.rule_edited', id, input);
      return presentAdminRule(row);
    });
  }

  /** The enabled rules, as the member's "how to earn" list shows them. */
  async function summaries(merchantId: number): Promise<EarningRuleSummary[]> {
    return (await repo.findRules(db, merchantId)).filter((r) => r.isEnabled).map(summaryOf);
  }

  /**
   * Pays the valid-bet rules: for each merchant with one, the rollups of today and yesterday (a round
   * settled just after midnight still counts for its day) in the merchant's zone; every member whose
   * valid bet in the rule's category reached the threshold is paid once for that day. Each award is
   * its own transaction, and the award's unique key makes a rerun (or a second node) pay nothing more.
   */
  async function payValidBetRules(): Promise<{ awarded: number }> {
    const rules = await repo.findEnabledRulesOfEventEverywhere(db, 'valid_bet');
    const byMerchant = new Map<number, repo.RuleRow[]>();
    for (const rule of rules) byMerchant.set(Number(rule.merchantId), [...(byMerchant.get(Number(rule.merchantId)) ?? []), rule]);
    let awarded = 0;
    for (const [merchantId, merchantRules] of byMerchant) {
      const today = localDateOf(now(), await deps.timeZoneOf(merchantId));
      for (const day of [addDays(today, -1), today]) {
        const rows = await deps.validBet({ merchantId, from: day, to: day });
        for (const rule of merchantRules) {
          const category = rule.params.category ?? VALID_BET_ALL_CATEGORIES;
          const threshold = rule.params.validBetMin ?? 0;
          const totals = new Map<number, number>();
          for (const row of rows) {
            if (category !== VALID_BET_ALL_CATEGORIES && row.category !== category) continue;
            totals.set(row.memberId, (totals.get(row.memberId) ?? 0) + row.validBet);
          }
          const qualified = [...totals].filter(([, total]) => total >= threshold).map(([memberId]) => memberId);
          const occurrenceKey = `day:${day}`;
          const done = await repo.findAwardOccurrences(db, { memberIds: qualified, ruleKey: `rule:${rule.id}`, occurrenceKey });
          for (const memberId of qualified) {
            if (done.has(memberId)) continue;
            const result = await withTransactionRetry(db, (trx) => core.payRule(trx, rule, memberId, occurrenceKey));
            if (!result.isReplay && result.awarded > 0) awarded += 1;
          }
        }
      }
    }
    return { awarded };
  }

  return { admin: { list, create, edit }, summaries, payValidBetRules };
}
