import { randomBytes } from 'node:crypto';
import { ACCOUNT_TYPE } from '@platform/contracts/account-types';
import { pageOffset, totalPagesOf } from '@platform/contracts/pagination';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  type ReferralIdentitySignal,
  type ReferralInvitee,
  type ReferralReward,
  type ReferralRules,
  type ReferralStatus,
} from '@platform/contracts/referrals';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation, withTransactionRetry } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { addDays, localDateOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { findMember, findMemberOfMerchant } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { maskName } from '../bet-records/bet-records.presenter.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Principal } from '../session/session.service.ts';
import * as repo from './referrals.repository.ts';

/**
 * The rules a merchant has until an operator writes its own (amounts in the merchant currency's
 * minor units): 50,000 to the referrer once the friend's first deposit is at least 100,000 and its
 * valid bet reaches 300,000 within 30 days; the reward staked once before a withdrawal.
 */
export const DEFAULT_REFERRAL_RULES: ReferralRules = {
  enabled: true,
  referrerReward: 50_000,
  inviteeReward: 0,
  wageringMultiple: 1,
  minFirstDeposit: 100_000,
  minValidBet: 300_000,
  withinDays: 30,
  maxRewardsPerReferrer: 0,
  identitySignals: ['phone', 'payee', 'bank_card', 'device'],
};

const CODE_ATTEMPTS = 5;
/** Open invitees one evaluation pass reads at a time. */
const EVALUATION_BATCH = 200;

export type ReferralsService = ReturnType<typeof createReferralsService>;

/** Where registration places a member who came with a player's code. */
export type ReferralPlacement = { referrerId: number; code: string; uplineId: number | null; deadline: Date };

export type ReferralsDeps = {
  db: Kysely<DB>;
  ledger: LedgerService;
  now: () => Date;
  logger: JobLogger;
  timeZoneOf: (merchantId: number) => Promise<string>;
  /** The daily rollups (daily-stats): the invitee's valid bet per day, and the catch-up before reading them. */
  rollups: {
    gameDays: (filter: { memberIds: number[]; from: string; to: string }) => Promise<{ validBet: number }[]>;
    refresh: () => Promise<unknown>;
  };
  /**
   * The shared facts that tie two members of the merchant to one person (the member file's links
   * and the profiles' phone and payee), the promotions' abuse signals.
   */
  identityLinks: (merchantId: number, memberId: number, otherId: number) => Promise<ReferralIdentitySignal[]>;
  /** A reward with wagering adds a requirement (the wagering module), in the claim's transaction. */
  addWagering: (memberId: number, amount: number, multiple: number, source: string, trx: Transaction<DB>) => Promise<unknown>;
  /** A self-excluded member or one on a break claims nothing (responsible gaming). */
  assertNotExcluded: (memberId: number) => Promise<void>;
  /** An invite has qualified (the points earning rule of referrals), in the deciding transaction. */
  onQualified?: (trx: Transaction<DB>, invite: { merchantId: number; referrerId: number; inviteeId: number }) => Promise<unknown>;
};

/**
 * Invite friends (docs/referral.md): players' codes, the invites registration records, the
 * qualification of invitees from their first deposit and the daily rollups, exactly once per
 * invitee, and the rewards it makes, claimed through the ledger.
 */
export function createReferralsService(deps: ReferralsDeps) {
  const { db, ledger, now } = deps;

  async function rulesOf(merchantId: number): Promise<ReferralRules> {
    return (await repo.findRules(db, merchantId))?.rules ?? DEFAULT_REFERRAL_RULES;
  }

  // Codes.

  /** The player's code, made on first request; a clash with another player's code draws again. */
  async function ensureCode(member: { id: number; merchantId: number }): Promise<string> {
    const existing = await repo.findCodeOf(db, member.id);
    if (existing) return existing;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = Array.from(randomBytes(REFERRAL_CODE_LENGTH), (b) => REFERRAL_CODE_ALPHABET[b % REFERRAL_CODE_ALPHABET.length]).join('');
      try {
        await repo.insertCode(db, { memberId: member.id, merchantId: member.merchantId, code, at: now() });
        const stored = await repo.findCodeOf(db, member.id);
        if (stored) return stored;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new DomainError('conflict', 'could not draw a free referral code');
  }

  /** Only real players have a referral code: agents invite with their invitation code, trial accounts not at all. */
  async function playerOf(principal: Principal) {
    const member = await findMemberOfMerchant(db, principal.merchantId, principal.memberId);
    if (!member) throw new DomainError('unauthorized');
    if (member.accountType !== ACCOUNT_TYPE.member) throw new DomainError('referral_players_only');
    return member;
  }

  // Registration.

  /**
   * A player's referral code at registration: the referrer, and the agent the new member goes
   * under (the referrer's own upline, so a friend joins the same agent's team). Undefined when no
   * active player holds the code; the caller then tries it as an agent's invitation code.
   */
  async function placementOf(merchantId: number, code: string): Promise<ReferralPlacement | undefined> {
    const normalised = code.trim().toUpperCase();
    if (normalised.length !== REFERRAL_CODE_LENGTH) return undefined;
    const referrerId = await repo.findCodeOwner(db, merchantId, normalised);
    if (referrerId === undefined) return undefined;
    const referrer = await findMember(db, referrerId);
    if (referrer?.status !== 'active' || referrer.accountType !== ACCOUNT_TYPE.member) return undefined;
    // The days to qualify are the rules' at registration: the registration day is the first.
    const [rules, timeZone] = await Promise.all([rulesOf(merchantId), deps.timeZoneOf(merchantId)]);
    const lastDay = addDays(localDateOf(now(), timeZone), rules.withinDays);
    return { referrerId, code: normalised, uplineId: referrer.parentId, deadline: startOfLocalDate(lastDay, timeZone) };
  }

  /** Records the invite in the registration's transaction (an invitee never exists without it). */
  async function recordInvite(trx: Transaction<DB>, invite: { inviteeId: number; merchantId: number; placement: ReferralPlacement }) {
    await repo.insertReferral(trx, {
      inviteeId: invite.inviteeId,
      merchantId: invite.merchantId,
      referrerId: invite.placement.referrerId,
      code: invite.placement.code,
      registeredAt: now(),
      deadline: invite.placement.deadline,
    });
  }

  /** A credited deposit (the deposits module's hook, in its transaction): an invitee's first deposit is kept. */
  async function onDepositCredited(trx: Transaction<DB>, deposit: { memberId: number; amount: number; isFirst: boolean }) {
    if (!deposit.isFirst) return;
    await repo.recordFirstDeposit(trx, deposit.memberId, deposit.amount, now());
  }

  // Qualification.

  type Verdict = { status: 'qualified' | 'not_eligible' | 'expired'; refusal: 'same_identity' | null } | null;

  /** What the rules say of an open invite now, from facts read outside any transaction; null: not yet. */
  async function verdictOf(row: repo.ReferralRow, rules: ReferralRules, at: Date): Promise<Verdict> {
    const isPastDeadline = at.getTime() >= row.deadline.getTime();
    const expired: Verdict = isPastDeadline ? { status: 'expired', refusal: null } : null;
    if (!rules.enabled) return expired;
    const deposited =
      row.firstDeposit !== null &&
      row.firstDepositAt !== null &&
      row.firstDepositAt.getTime() < row.deadline.getTime() &&
      row.firstDeposit >= rules.minFirstDeposit;
    if (!deposited) return expired;
    if (rules.minValidBet > 0) {
      const timeZone = await deps.timeZoneOf(row.merchantId);
      const from = localDateOf(row.registeredAt, timeZone);
      const lastDay = localDateOf(new Date(row.deadline.getTime() - 1), timeZone);
      const today = localDateOf(at, timeZone);
      const to = today < lastDay ? today : lastDay;
      const days = await deps.rollups.gameDays({ memberIds: [row.inviteeId], from, to });
      const validBet = days.reduce((sum, day) => sum + day.validBet, 0);
      if (validBet < rules.minValidBet) return expired;
    }
    const shared = await deps.identityLinks(row.merchantId, row.inviteeId, row.referrerId);
    if (shared.some((signal) => rules.identitySignals.includes(signal))) return { status: 'not_eligible', refusal: 'same_identity' };
    return { status: 'qualified', refusal: null };
  }

  /**
   * Decides one invite in one transaction under the referrer's and the invite's row locks: an
   * invite decided meanwhile is left as it is, so a repeated or concurrent evaluation changes
   * nothing; the cap is counted under the referrer's lock. The rewards are inserted once per
   * (invitee, role). Answers the status the invite ends with.
   */
  async function decideOne(row: repo.ReferralRow, rules: ReferralRules, verdict: NonNullable<Verdict>): Promise<ReferralStatus> {
    return withTransactionRetry(db, async (trx) => {
      await repo.lockCodeOf(trx, row.referrerId);
      const current = await repo.lockReferral(trx, row.inviteeId);
      if (current?.status !== 'registered') return current?.status ?? 'registered';
      const at = now();
      if (verdict.status !== 'qualified') {
        await repo.decide(trx, row.inviteeId, { status: verdict.status, refusal: verdict.refusal, at });
        return verdict.status;
      }
      if (rules.maxRewardsPerReferrer > 0 && (await repo.countRewardedOf(trx, row.referrerId)) >= rules.maxRewardsPerReferrer) {
        await repo.decide(trx, row.inviteeId, { status: 'not_eligible', refusal: 'cap_reached', at });
        return 'not_eligible';
      }
      await repo.decide(trx, row.inviteeId, { status: 'qualified', refusal: null, at });
      const rewards = [
        { memberId: row.referrerId, role: 'referrer' as const, amount: rules.referrerReward },
        { memberId: row.inviteeId, role: 'invitee' as const, amount: rules.inviteeReward },
      ];
      for (const reward of rewards) {
        if (reward.amount <= 0) continue;
        const member = await findMember(trx, reward.memberId);
        if (!member) continue;
        await repo.insertRewardOnce(trx, {
          merchantId: row.merchantId,
          memberId: reward.memberId,
          inviteeId: row.inviteeId,
          role: reward.role,
          currency: member.currency,
          amount: reward.amount,
          wageringMultiple: rules.wageringMultiple,
          at,
        });
      }
      await deps.onQualified?.(trx, { merchantId: row.merchantId, referrerId: row.referrerId, inviteeId: row.inviteeId });
      await recordAudit(trx, {
        actorType: 'system',
        action: 'referral.qualified',
        subjectType: 'member',
        subjectId: row.inviteeId,
        data: { referrerId: row.referrerId, referrerReward: rules.referrerReward, inviteeReward: rules.inviteeReward },
      });
      return 'qualified';
    });
  }

  /**
   * Looks at open invites (of one referrer, or one invitee, or all) and decides those the rules
   * now settle. Safe to run any number of times, at once or after a crash: each decision is made
   * once under its locks. Answers how many invites were decided, by status.
   */
  async function evaluate(filter: { referrerId?: number; inviteeId?: number } = {}): Promise<Record<string, number>> {
    const decided: Record<string, number> = {};
    const rulesByMerchant = new Map<number, ReferralRules>();
    let isRefreshed = false;
    let after = 0;
    for (;;) {
      let batch: repo.ReferralRow[];
      if (filter.inviteeId !== undefined) {
        const one = await repo.findReferral(db, filter.inviteeId);
        batch = one?.status === 'registered' ? [one] : [];
      } else {
        batch = await repo.findOpenReferrals(db, {
          ...(filter.referrerId !== undefined ? { referrerId: filter.referrerId } : {}),
          afterInviteeId: after,
          limit: EVALUATION_BATCH,
        });
      }
      for (const row of batch) {
        let rules = rulesByMerchant.get(row.merchantId);
        if (!rules) {
          rules = await rulesOf(row.merchantId);
          rulesByMerchant.set(row.merchantId, rules);
        }
        if (rules.minValidBet > 0 && row.firstDeposit !== null && !isRefreshed) {
          // The valid bet is read from the rollups: bring them up to the rounds settled a moment ago.
          await deps.rollups.refresh();
          isRefreshed = true;
        }
        const verdict = await verdictOf(row, rules, now());
        if (!verdict) continue;
        const status = await decideOne(row, rules, verdict);
        decided[status] = (decided[status] ?? 0) + 1;
      }
      if (filter.inviteeId !== undefined || batch.length < EVALUATION_BATCH) break;
      after = batch[batch.length - 1]!.inviteeId;
    }
    return decided;
  }

  // Member calls.

  async function summary(principal: Principal) {
    const member = await playerOf(principal);
    const code = await ensureCode(member);
    await evaluate({ referrerId: member.id });
    const [rules, totals, rewards] = await Promise.all([
      rulesOf(member.merchantId),
      repo.referrerTotals(db, member.id),
      repo.rewardTotalsOf(db, member.id),
    ]);
    const { identitySignals: _signals, maxRewardsPerReferrer: _cap, ...shown } = rules;
    return { code, currency: member.currency, rules: shown, ...totals, ...rewards };
  }

  async function invitees(principal: Principal, page: { pageNo: number; pageSize: number }) {
    const member = await playerOf(principal);
    const { rows, total } = await repo.inviteesOf(db, member.id, { limit: page.pageSize, offset: pageOffset(page) });
    const list: ReferralInvitee[] = rows.map((r) => ({
      username: maskName(r.username),
      registeredAt: r.registeredAt.toISOString(),
      deadline: r.deadline.toISOString(),
      status: r.status,
      refusal: r.refusal,
      reward: r.reward,
    }));
    return { list, pageNo: page.pageNo, pageSize: page.pageSize, totalCount: total, totalPages: totalPagesOf(total, page.pageSize) };
  }

  /**
   * The member's referral rewards waiting to be claimed (as referrer, or as an invitee when the
   * rules reward the friend too), after deciding the invites the rules now settle. The rewards
   * centre lists these with its other sources and claims them through `claim`.
   */
  /** Friends the member invited who registered in [from, to). */
  function invitesBetween(memberId: number, from: Date, to: Date): Promise<number> {
    return repo.countInvitedBetween(db, memberId, from, to);
  }

  async function pendingRewards(memberId: number): Promise<ReferralReward[]> {
    await evaluate({ referrerId: memberId });
    await evaluate({ inviteeId: memberId });
    const rows = await repo.pendingRewardsOf(db, memberId);
    return rows.map((r) => ({
      id: r.id,
      role: r.role,
      friend: maskName(r.friend),
      amount: r.amount,
      currency: r.currency,
      wageringMultiple: r.wageringMultiple,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /**
   * Pays one pending reward into the member's main wallet (from the merchant's bonus pool, code
   * `promotion`, the ledger's key `referral-reward:<id>`), with its wagering requirement, and marks
   * it claimed in the same transaction; a second claim answers as the first did.
   */
  async function claim(principal: Principal, rewardId: number, meta: { ip: string | null }) {
    await deps.assertNotExcluded(principal.memberId);
    return withTransactionRetry(db, async (trx) => {
      const reward = await repo.lockReward(trx, rewardId, principal.memberId);
      if (!reward || reward.merchantId !== principal.merchantId) throw new DomainError('referral_reward_not_found');
      if (reward.status === 'claimed') {
        return { id: reward.id, amount: reward.amount, currency: reward.currency, claimedAt: reward.claimedAt!.toISOString() };
      }
      const wallet = (
        await ledger.ensureMemberAccounts(
          { merchantId: reward.merchantId, memberId: reward.memberId, currency: reward.currency, kinds: ['player_main'] },
          trx,
        )
      ).player_main;
      if (!wallet) throw new Error('main wallet missing after ensureMemberAccounts');
      const pool = await ledger.ensureSystemAccount({ merchantId: reward.merchantId, kind: 'bonus_pool', currency: reward.currency }, trx);
      const moved = await ledger.transfer(
        {
          fromAccountId: pool.id,
          toAccountId: wallet.id,
          amount: reward.amount,
          code: 'promotion',
          idempotencyKey: `referral-reward:${reward.id}`,
          reference: { type: 'referral_reward', id: String(reward.id) },
        },
        trx,
      );
      if (reward.wageringMultiple > 0) {
        await deps.addWagering(reward.memberId, reward.amount, reward.wageringMultiple, `referral:${reward.id}`, trx);
      }
      const at = now();
      await repo.markClaimed(trx, reward.id, moved.transferId, at);
      if (reward.role === 'referrer') await repo.markRewarded(trx, reward.inviteeId);
      await recordAudit(trx, {
        actorType: 'member',
        actorId: principal.memberId,
        action: 'referral.reward_claimed',
        subjectType: 'member',
        subjectId: principal.memberId,
        data: { rewardId: reward.id, role: reward.role, inviteeId: reward.inviteeId, amount: reward.amount, transferId: moved.transferId },
        ip: meta.ip,
      });
      return { id: reward.id, amount: reward.amount, currency: reward.currency, claimedAt: at.toISOString() };
    });
  }

  // Operator calls.

  const admin = {
    async rules(merchantId: number) {
      const stored = await repo.findRules(db, merchantId);
      return { rules: stored?.rules ?? DEFAULT_REFERRAL_RULES, updatedAt: stored?.updatedAt.toISOString() ?? null };
    },
    async setRules(operator: { adminId: number; merchantId: number; ip: string | null }, rules: ReferralRules) {
      const at = now();
      await db.transaction().execute(async (trx) => {
        await repo.upsertRules(trx, { merchantId: operator.merchantId, rules, at, operatorId: operator.adminId });
        await recordAudit(trx, {
          actorType: 'admin',
          actorId: operator.adminId,
          action: 'referral.rules_changed',
          subjectType: 'merchant',
          subjectId: operator.merchantId,
          merchantId: operator.merchantId,
          data: { rules },
          ip: operator.ip,
        });
      });
      return { rules, updatedAt: at.toISOString() };
    },
    async list(
      merchantId: number,
      query: { status?: ReferralStatus | undefined; referrer?: string | undefined; pageNo: number; pageSize: number },
    ) {
      let referrerId: number | undefined;
      if (query.referrer) {
        referrerId = (await repo.findCodeOwner(db, merchantId, query.referrer.toUpperCase())) ?? -1;
      }
      const { rows, total } = await repo.listForAdmin(db, {
        merchantId,
        status: query.status,
        referrerId,
        limit: query.pageSize,
        offset: pageOffset(query),
      });
      return {
        list: rows.map((r) => ({
          inviteeId: r.inviteeId,
          invitee: r.invitee,
          referrerId: r.referrerId,
          referrer: r.referrer,
          code: r.code,
          status: r.status,
          refusal: r.refusal,
          firstDeposit: r.firstDeposit,
          registeredAt: r.registeredAt.toISOString(),
          qualifiedAt: r.status === 'qualified' || r.status === 'rewarded' ? (r.decidedAt?.toISOString() ?? null) : null,
          reward: r.reward,
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: totalPagesOf(total, query.pageSize),
      };
    },
  };

  return { placementOf, recordInvite, onDepositCredited, evaluate, summary, invitees, invitesBetween, pendingRewards, claim, admin };
}
