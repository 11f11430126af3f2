import { type Page, totalPagesOf } from '@platform/contracts/pagination';
import { MALL_ORDER_STATUSES, type PointTransaction } from '@platform/contracts/points';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { withTransactionRetry } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { localDateOf } from '../../lib/time-zone.ts';
import { findMember } from '../accounts/member-directory.ts';
import { POINTS_CURRENCY } from '../ledger/ledger.codes.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createPointMall, type PointMallDeps } from './point-mall.service.ts';
import { createEarning, type ValidBetSource } from './points.earning.ts';
import * as repo from './points.repository.ts';
import type { EarningEvent } from './points.tables.ts';

type Trx = Transaction<DB>;

/** Longest rule key and occurrence key an award takes (the ledger key is built from the award's id). */
export const AWARD_KEY_LENGTH_MAX = 120;
/** Largest single award, in points. */
export const AWARD_AMOUNT_MAX = 1_000_000_000;
/** Rule keys of the operator's earning rules; a direct award's rule key cannot start with it. */
const RULE_PREFIX = 'rule:';

/** One award: points for a member, once per (member, rule key, occurrence key), whatever the repetition. */
export type AwardInput = {
  merchantId: number;
  memberId: number;
  /** Positive whole points. */
  amount: number;
  /** What pays, e.g. `mission`, `redeem_code`, `sign_in`; not starting with `rule:` (the earning rules' own). */
  ruleKey: string;
  /** Which time it pays, e.g. a mission's id and period, a code's id; with the rule key and member, unique. */
  occurrenceKey: string;
  /** At most this many points per member, rule key and local day; the excess is not paid. */
  dailyCap?: number | null;
  /** Shown to the member in their points history. */
  note?: string;
};

export type AwardResult = {
  /** Points paid: `amount`, less what the daily cap cut; 0 when the cap was reached. */
  awarded: number;
  /** The points transfer in the ledger; null when nothing was paid. */
  transferId: number | null;
  /** True when this (member, rule, occurrence) had been decided by an earlier call (nothing moved now). */
  isReplay: boolean;
};

/** Events the earning rules react to. `sign_in` pays `sign_in` and `sign_in_streak` rules. */
export type EarningEventInput =
  | { type: 'sign_in'; merchantId: number; memberId: number; localDate: string; streakDays: number }
  | { type: 'deposit'; merchantId: number; memberId: number; reference: string; amount: number }
  | { type: 'mission_completed'; merchantId: number; memberId: number; occurrenceKey: string }
  | { type: 'referral_qualified'; merchantId: number; memberId: number; inviteeId: number };

export type PointsDeps = {
  db: Kysely<DB>;
  ledger: LedgerService;
  timeZoneOf: (merchantId: number, trx?: Trx) => Promise<string>;
  now: () => Date;
};

export type PointsCore = ReturnType<typeof createPointsCore>;
export type PointsServiceDeps = PointsDeps &
  Omit<PointMallDeps, 'db' | 'ledger' | 'core' | 'now'> & {
    /** Valid bet per member and category over days: the daily rollups. */
    validBet: ValidBetSource;
  };
export type PointsService = ReturnType<typeof createPointsService>;

const MOVEMENT_OF_CODE: Readonly<Record<string, 'earn' | 'spend' | 'refund'>> = {
  points_earn: 'earn',
  points_spend: 'spend',
  points_refund: 'refund',
};

/** The points module's service: awards and earning rules, balances and history, the points mall. */
export function createPointsService(deps: PointsServiceDeps) {
  const core = createPointsCore(deps);
  const mall = createPointMall({ ...deps, core });
  const earning = createEarning({ ...deps, core, timeZoneOf: (merchantId) => deps.timeZoneOf(merchantId) });

  /** The deposits module's hook: a credited deposit pays the deposit earning rules, in the crediting transaction. */
  async function onDepositCredited(trx: Trx, deposit: { memberId: number; amount: number; reference: string }): Promise<AwardResult[]> {
    const member = await findMember(trx, deposit.memberId);
    if (!member) return [];
    return core.onEvent(
      { type: 'deposit', merchantId: member.merchantId, memberId: member.id, reference: deposit.reference, amount: deposit.amount },
      trx,
    );
  }

  /** The member's points movements, newest first (the spec's member transaction detail). */
  async function transactions(member: { memberId: number }, page: { pageNo: number; pageSize: number }): Promise<Page<PointTransaction>> {
    const history = await deps.ledger.history({
      memberId: member.memberId,
      currency: POINTS_CURRENCY,
      pageNo: page.pageNo,
      pageSize: page.pageSize,
    });
    return {
      list: history.list.map((item) => ({
        id: item.entryId,
        movement: MOVEMENT_OF_CODE[item.code] ?? 'earn',
        points: item.amount,
        balanceAfter: item.balanceAfter,
        note: item.note,
        time: item.createdAt.toISOString(),
      })),
      pageNo: history.pageNo,
      pageSize: history.pageSize,
      totalCount: history.totalCount,
      totalPages: totalPagesOf(history.totalCount, history.pageSize),
    };
  }

  /** What the mall page states: the balance, that points never expire, how to earn, the record statuses. */
  async function config(member: { memberId: number; merchantId: number; currency: string }) {
    const [balance, earningRules] = await Promise.all([core.balanceOf(member), earning.summaries(member.merchantId)]);
    return { balance, currency: member.currency, neverExpire: true as const, earningRules, statuses: [...MALL_ORDER_STATUSES] };
  }

  return {
    award: core.award,
    onEvent: core.onEvent,
    balanceOf: core.balanceOf,
    onDepositCredited,
    transactions,
    config,
    payValidBetRules: earning.payValidBetRules,
    mall: { items: mall.itemsFor, records: mall.records, redeem: mall.redeem },
    admin: { ...mall.admin, rules: earning.admin },
  };
}

/** The loyalty points as the ledger keeps them: awards (direct and by earning rule), balances. */
export function createPointsCore(deps: PointsDeps) {
  const { db, ledger, now } = deps;

  async function accountsOf(trx: Trx, owner: { merchantId: number; memberId: number }) {
    const owned = await ledger.ensureMemberAccounts(
      { merchantId: owner.merchantId, memberId: owner.memberId, currency: POINTS_CURRENCY, kinds: ['player_points'] },
      trx,
    );
    const pool = await ledger.ensureSystemAccount({ merchantId: owner.merchantId, kind: 'points_pool', currency: POINTS_CURRENCY }, trx);
    if (!owned.player_points) throw new Error('points account missing after creation');
    return { points: owned.player_points.id, pool: pool.id };
  }

  function assertAward(input: AwardInput, isRule: boolean): void {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > AWARD_AMOUNT_MAX)
      throw new DomainError('bad_request', 'amount');
    for (const key of [input.ruleKey, input.occurrenceKey]) {
      if (typeof key !== 'string' || key.length === 0 || key.length > AWARD_KEY_LENGTH_MAX) throw new DomainError('bad_request', 'key');
    }
    if (!isRule && input.ruleKey.startsWith(RULE_PREFIX)) throw new DomainError('bad_request', 'ruleKey');
    if (input.dailyCap !== undefined && input.dailyCap !== null && (!Number.isSafeInteger(input.dailyCap) || input.dailyCap <= 0)) {
      throw new DomainError('bad_request', 'dailyCap');
    }
  }

  async function awardIn(trx: Trx, input: AwardInput): Promise<AwardResult> {
    const at = now();
    const localDate = localDateOf(at, await deps.timeZoneOf(input.merchantId, trx));
    const claimed = await repo.claimAward(trx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      ruleKey: input.ruleKey,
      occurrenceKey: input.occurrenceKey,
      localDate,
      requestedAmount: input.amount,
      note: input.note ?? null,
      at,
    });
    if (!claimed) {
      const earlier = await repo.findAward(trx, input.memberId, input.ruleKey, input.occurrenceKey);
      return { awarded: earlier?.amount ?? 0, transferId: earlier?.transferId ?? null, isReplay: true };
    }
    const amount =
      input.dailyCap === undefined || input.dailyCap === null
        ? input.amount
        : await repo.takeFromDailyCap(trx, { memberId: input.memberId, ruleKey: input.ruleKey, localDate }, input.amount, input.dailyCap);
    if (amount === 0) return { awarded: 0, transferId: null, isReplay: false };
    const accounts = await accountsOf(trx, input);
    const moved = await ledger.transfer(
      {
        fromAccountId: accounts.pool,
        toAccountId: accounts.points,
        amount,
        code: 'points_earn',
        idempotencyKey: `points:award:${claimed.id}`,
        reference: { type: 'points_award', id: String(claimed.id) },
        ...(input.note === undefined ? {} : { note: input.note }),
      },
      trx,
    );
    await repo.setAwardPaid(trx, claimed.id, amount, moved.transferId);
    return { awarded: amount, transferId: moved.transferId, isReplay: false };
  }

  /**
   * Pays points once per (member, rule key, occurrence key): a repeated or concurrent call, or one
   * after a restart, answers the first decision and moves nothing. With `trx` it runs in the caller's
   * transaction (the award commits or rolls back with the caller's record).
   */
  async function award(input: AwardInput, trx?: Trx): Promise<AwardResult> {
    assertAward(input, false);
    if (trx) return awardIn(trx, input);
    return withTransactionRetry(db, (t) => awardIn(t, input));
  }

  /** The occurrences of each enabled rule of the event's type that the event meets, with their keys. */
  async function matchesOf(trx: Trx, event: EarningEventInput): Promise<{ rule: repo.RuleRow; occurrenceKey: string }[]> {
    const events: EarningEvent[] = event.type === 'sign_in' ? ['sign_in', 'sign_in_streak'] : [event.type];
    const matches: { rule: repo.RuleRow; occurrenceKey: string }[] = [];
    for (const type of events) {
      for (const rule of await repo.findEnabledRulesOfEvent(trx, event.merchantId, type)) {
        const key = occurrenceOf(rule, event);
        if (key !== null) matches.push({ rule, occurrenceKey: key });
      }
    }
    return matches;
  }

  async function onEventIn(trx: Trx, event: EarningEventInput): Promise<AwardResult[]> {
    const results: AwardResult[] = [];
    for (const { rule, occurrenceKey } of await matchesOf(trx, event)) {
      results.push(await payRule(trx, rule, event.memberId, occurrenceKey));
    }
    return results;
  }

  function payRule(trx: Trx, rule: repo.RuleRow, memberId: number, occurrenceKey: string): Promise<AwardResult> {
    const input: AwardInput = {
      merchantId: rule.merchantId,
      memberId,
      amount: Number(rule.amount),
      ruleKey: `${RULE_PREFIX}${rule.id}`,
      occurrenceKey,
      dailyCap: rule.dailyCap === null ? null : Number(rule.dailyCap),
      note: rule.ruleKey,
    };
    assertAward(input, true);
    return awardIn(trx, input);
  }

  /**
   * Evaluates the merchant's earning rules against one event and pays each matching rule once per
   * (member, rule, occurrence). Call it in the transaction that records the event.
   */
  async function onEvent(event: EarningEventInput, trx?: Trx): Promise<AwardResult[]> {
    if (trx) return onEventIn(trx, event);
    return withTransactionRetry(db, (t) => onEventIn(t, event));
  }

  /** A member's points balance (0 before the first award). */
  async function balanceOf(member: { memberId: number }, trx?: Trx): Promise<number> {
    return ledger.memberAccountBalance({ memberId: member.memberId, currency: POINTS_CURRENCY, kind: 'player_points' }, trx);
  }

  return { award, onEvent, balanceOf, accountsOf, payRule };
}

/** The occurrence key a rule pays for this event, or null when the event does not meet the rule. */
export function occurrenceOf(rule: Pick<repo.RuleRow, 'event' | 'params'>, event: EarningEventInput): string | null {
  switch (rule.event) {
    case 'sign_in':
      return event.type === 'sign_in' ? `day:${event.localDate}` : null;
    case 'sign_in_streak': {
      const length = rule.params.streakDays ?? 0;
      if (event.type !== 'sign_in' || length <= 0 || event.streakDays <= 0 || event.streakDays % length !== 0) return null;
      return `day:${event.localDate}`;
    }
    case 'deposit':
      return event.type === 'deposit' && event.amount >= (rule.params.minDeposit ?? 0) ? `deposit:${event.reference}` : null;
    case 'mission_completed':
      return event.type === 'mission_completed' ? event.occurrenceKey : null;
    case 'referral_qualified':
      return event.type === 'referral_qualified' ? `invitee:${event.inviteeId}` : null;
    case 'valid_bet':
      return null;
  }
}
