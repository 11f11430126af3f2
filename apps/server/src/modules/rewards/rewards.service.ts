import { randomInt } from 'node:crypto';
import type {
  AdminRedeemCode,
  ClaimableReward,
  ClaimableRewards,
  ClaimedReward,
  ClaimRewardResult,
  RedeemCodeBatchInput,
  RewardSource,
  RewardSpec,
} from '@platform/contracts/rewards';
import { CLAIMED_REWARDS_MAX } from '@platform/contracts/rewards';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { localised } from '../../lib/localised-text.ts';
import { findMember, lockMember, type MemberSummary } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Principal } from '../session/session.service.ts';
import * as repo from './rewards.repository.ts';
import type { StoredRewardSource } from './rewards.tables.ts';

type Trx = Transaction<DB>;
type Operator = { adminId: number; merchantId: number; ip: string | null };

/** What a paid reward carried out: for the answer and the audit. */
export type PaidReward = { kind: RewardSpec['kind']; amount: number | null };

/**
 * A reward another module keeps (promotions to claim, red envelopes to open, rebates to claim): the
 * rewards centre lists them beside its own and hands the claim back to the module that owns them.
 * `key`s of a source start with its name and a colon.
 */
export type ExternalRewardSource = {
  source: Extract<RewardSource, 'promotion' | 'red_envelope' | 'rebate' | 'referral'>;
  list: (principal: Principal, language: string) => Promise<ClaimableReward[]>;
  claim: (principal: Principal, id: string, context: { ip: string | null }) => Promise<ClaimRewardResult>;
};

export type RewardsDeps = {
  db: Kysely<DB>;
  ledger: LedgerService;
  now: () => Date;
  /** A grant of a promotion for a reward, in the caller's transaction (the promotions engine: its wagering applies). */
  grantBonus: (
    trx: Trx,
    input: { memberId: number; promotionId: number; amount: number | null; reference: string },
  ) => Promise<{ amount: number }>;
  /** Loyalty points for a reward, in the caller's transaction, once per key (the points module). */
  awardPoints: (
    trx: Trx,
    input: { merchantId: number; memberId: number; amount: number; idempotencyKey: string; reason: string },
  ) => Promise<void>;
  /** The member's VIP level (a code's audience). */
  vipLevelOf: (memberId: number) => Promise<number>;
  /** Rewards kept by other modules, listed and claimed through them. */
  externalSources: () => readonly ExternalRewardSource[];
};

/** Random characters of generated codes: no 0/O or 1/I to misread. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_CODE_LENGTH = 10;
/** The operator's list of codes shows at most this many (a batch's export has them all). */
const ADMIN_LIST_MAX = 500;
const EXPORT_MAX = 100_000;

const iso = (d: Date | string) => new Date(d).toISOString();

export type RewardsService = ReturnType<typeof createRewardsService>;

/**
 * The rewards centre and redeem codes (docs/loyalty.md). Rewards of missions, sign-in, referral and
 * other sources wait in `pending_rewards` (one per member, source and key: adding the same one twice
 * keeps one); a claim marks the row claimed and pays in the same transaction, under the row's own
 * ledger key, so a reward is paid once whatever repeats. Cash comes from the merchant's bonus pool
 * into the main wallet; a bonus is a grant of a promotion (its wagering); points go through the
 * points module. A redeem code pays the same way, once per member, and never past its cap.
 */
export function createRewardsService(deps: RewardsDeps) {
  const { db, ledger, now } = deps;

  async function memberOf(principal: Principal): Promise<MemberSummary> {
    const member = await findMember(db, principal.memberId);
    if (!member || member.merchantId !== principal.merchantId) throw new DomainError('unauthorized');
    return member;
  }

  /** Pays a reward inside `trx`; `key` makes the money move once whatever repeats. */
  async function pay(trx: Trx, member: MemberSummary, reward: RewardSpec, key: string, note: string): Promise<PaidReward> {
    if (reward.kind === 'cash') {
      const owned = await ledger.ensureMemberAccounts(
        { merchantId: member.merchantId, memberId: member.id, currency: member.currency, kinds: ['player_main'] },
        trx,
      );
      const pool = await ledger.ensureSystemAccount({ merchantId: member.merchantId, kind: 'bonus_pool', currency: member.currency }, trx);
      if (!owned.player_main) throw new Error('main account missing after creation');
      await ledger.transfer(
        {
          fromAccountId: pool.id,
          toAccountId: owned.player_main.id,
          amount: reward.amount,
          code: 'promotion',
          idempotencyKey: key,
          reference: { type: 'reward', id: key },
          note,
        },
        trx,
      );
      return { kind: 'cash', amount: reward.amount };
    }
    if (reward.kind === 'bonus') {
      const grant = await deps.grantBonus(trx, {
        memberId: member.id,
        promotionId: reward.promotionId,
        amount: reward.amount ?? null,
        reference: key,
      });
      return { kind: 'bonus', amount: grant.amount };
    }
    await deps.awardPoints(trx, {
      merchantId: member.merchantId,
      memberId: member.id,
      amount: reward.amount,
      idempotencyKey: key,
      reason: note,
    });
    return { kind: 'points', amount: reward.amount };
  }

  // Pending rewards.

  /**
   * Adds a reward for the member to claim (missions, sign-in, referral, VIP…). The same source and
   * key twice keeps the first: callers name the occurrence in the key and may repeat freely.
   * Runs in `trx` when given (the caller's decision and the reward commit together).
   */
  async function addPending(
    input: {
      merchantId: number;
      memberId: number;
      source: StoredRewardSource;
      sourceKey: string;
      titles: Record<string, string>;
      reward: RewardSpec;
      expiresAt?: Date | null;
    },
    trx?: Trx,
  ): Promise<{ key: string; isNew: boolean }> {
    const { row, isNew } = await repo.insertPending(trx ?? db, { ...input, at: now(), expiresAt: input.expiresAt ?? null });
    return { key: keyOf(row), isNew };
  }

  const keyOf = (row: repo.PendingRewardRow) => `reward:${row.id}`;

  function present(row: repo.PendingRewardRow, language: string): ClaimableReward {
    return {
      key: keyOf(row),
      source: row.source,
      title: localised(row.titles, language),
      kind: row.reward.kind,
      amount: row.reward.kind === 'bonus' ? (row.reward.amount ?? null) : row.reward.amount,
      createdAt: iso(row.created_at),
      expiresAt: row.expires_at ? iso(row.expires_at) : null,
    };
  }

  /** Everything the member may claim now, from every source, and how many (the menu badge). */
  async function claimable(principal: Principal, language: string): Promise<ClaimableRewards> {
    const member = await memberOf(principal);
    const own = (await repo.findPendingOfMember(db, member.id, now())).map((r) => present(r, language));
    const external = await Promise.all(deps.externalSources().map((s) => s.list(principal, language)));
    const list = [...own, ...external.flat()];
    return { list, count: list.length };
  }

  /**
   * The rewards the member has claimed, newest first (at most `CLAIMED_REWARDS_MAX`): the stored
   * rewards (missions, sign-in, referral, VIP, gifts) and the redeem codes, with what each gave.
   * Promotions, red envelopes and rebates keep their own records (their pages).
   */
  async function claimed(principal: Principal, language: string): Promise<ClaimedReward[]> {
    const member = await memberOf(principal);
    const amountOf = (reward: RewardSpec) => (reward.kind === 'bonus' ? (reward.amount ?? null) : reward.amount);
    const own = (await repo.findClaimedOfMember(db, member.id, CLAIMED_REWARDS_MAX)).map(
      (r): ClaimedReward => ({
        key: keyOf(r),
        source: r.source,
        title: localised(r.titles, language),
        kind: r.reward.kind,
        amount: amountOf(r.reward),
        claimedAt: iso(r.claimed_at ?? r.created_at),
      }),
    );
    const codes = (await repo.findCodeUsesOfMember(db, member.id, CLAIMED_REWARDS_MAX)).map(
      (u): ClaimedReward => ({
        key: `code:${u.codeId}`,
        source: 'code',
        title: u.code,
        kind: u.reward.kind,
        amount: amountOf(u.reward),
        claimedAt: iso(u.redeemedAt),
      }),
    );
    return [...own, ...codes].sort((a, b) => b.claimedAt.localeCompare(a.claimedAt)).slice(0, CLAIMED_REWARDS_MAX);
  }

  /** Claims one reward by its key: an own reward is paid here, another source's by its module. */
  async function claim(principal: Principal, key: string, context: { ip: string | null }): Promise<ClaimRewardResult> {
    const member = await memberOf(principal);
    const [prefix, id] = splitKey(key);
    if (prefix !== 'reward') {
      const source = deps.externalSources().find((s) => s.source === prefix);
      if (!source || id === '') throw new DomainError('reward_unavailable');
      return source.claim(principal, id, context);
    }
    const rowId = Number(id);
    if (!Number.isSafeInteger(rowId) || rowId <= 0) throw new DomainError('reward_unavailable');
    return db.transaction().execute(async (trx) => {
      const locked = await lockMember(trx, member.id, { strength: 'no key update' });
      if (locked?.status !== 'active') throw new DomainError('reward_unavailable');
      const row = await repo.markClaimed(trx, await ownRowId(trx, member.id, rowId), now());
      if (!row) throw new DomainError('reward_unavailable');
      const paid = await pay(trx, member, row.reward, `reward:${row.id}`, localised(row.titles, 'en'));
      await recordAudit(trx, {
        actorType: 'member',
        actorId: member.id,
        merchantId: member.merchantId,
        action: 'reward.claimed',
        subjectType: 'member',
        subjectId: member.id,
        data: { rewardId: row.id, source: row.source, sourceKey: row.source_key, ...paid },
      });
      return { key, ...paid };
    });
  }

  async function ownRowId(trx: Trx, memberId: number, id: number): Promise<number> {
    const row = await repo.findPendingById(trx, memberId, id);
    if (!row) throw new DomainError('reward_unavailable');
    return row.id;
  }

  function splitKey(key: string): [string, string] {
    const at = key.indexOf(':');
    return at < 0 ? [key, ''] : [key.slice(0, at), key.slice(at + 1)];
  }

  /** The member's own rewards of one source whose keys start with `prefix`: key to claim and status, by source key. */
  async function ofSource(memberId: number, source: StoredRewardSource, prefix: string) {
    const rows = await repo.findByKeyPrefix(db, memberId, source, prefix);
    return new Map([...rows].map(([sourceKey, r]) => [sourceKey, { key: `reward:${r.id}`, status: r.status }]));
  }

  // Redeem codes.

  function normaliseCode(text: string): string {
    return text.trim().toUpperCase();
  }

  /**
   * Redeems a code for the member: once per member (the use's key), never past the cap (the count
   * taken in the same transaction), within its dates and audience; pays what it gives at once.
   */
  async function redeem(principal: Principal, text: string): Promise<ClaimRewardResult> {
    const member = await memberOf(principal);
    const code = await repo.findCode(db, member.merchantId, normaliseCode(text));
    const at = now();
    if (code?.state !== 'active' || at < code.starts_at || at >= code.expires_at) throw new DomainError('redeem_code_invalid');
    if (!(await isInAudience(code, member))) throw new DomainError('redeem_code_invalid');
    if (await repo.hasUsed(db, code.id, member.id)) throw new DomainError('redeem_code_used');
    try {
      return await db.transaction().execute(async (trx) => {
        const locked = await lockMember(trx, member.id, { strength: 'no key update' });
        if (locked?.status !== 'active') throw new DomainError('redeem_code_invalid');
        await repo.insertUse(trx, code.id, member.id, at);
        if (!(await repo.takeUse(trx, code.id))) throw new DomainError('redeem_code_exhausted');
        const paid = await pay(trx, member, code.reward, `code:${code.id}:${member.id}`, `Redeem code ${code.code}`);
        await recordAudit(trx, {
          actorType: 'member',
          actorId: member.id,
          merchantId: member.merchantId,
          action: 'reward.code_redeemed',
          subjectType: 'member',
          subjectId: member.id,
          data: { codeId: code.id, batch: code.batch, ...paid },
        });
        return { key: `code:${code.id}`, ...paid };
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new DomainError('redeem_code_used');
      throw err;
    }
  }

  async function isInAudience(code: repo.RedeemCodeRow, member: MemberSummary): Promise<boolean> {
    const audience = code.audience;
    if (audience.vipLevels && audience.vipLevels.length > 0 && !audience.vipLevels.includes(await deps.vipLevelOf(member.id))) return false;
    if (audience.newMemberDays !== undefined) {
      const age = now().getTime() - new Date(member.createdAt).getTime();
      if (age > audience.newMemberDays * 86_400_000) return false;
    }
    return true;
  }

  function generatedCode(prefix: string): string {
    let text = prefix;
    for (let i = 0; i < GENERATED_CODE_LENGTH; i += 1) text += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    return text;
  }

  /** Makes a batch: `count` single-use codes (random, unique per merchant), or one shared code with its cap. */
  async function createBatch(op: Operator, input: RedeemCodeBatchInput): Promise<{ batch: string; created: number }> {
    const at = now();
    const startsAt = input.startsAt ? new Date(input.startsAt) : at;
    const expiresAt = new Date(input.expiresAt);
    if (expiresAt <= startsAt) throw new DomainError('bad_request', 'expiresAt');
    const base = {
      merchantId: op.merchantId,
      batch: input.batch,
      reward: input.reward,
      audience: input.audience,
      startsAt,
      expiresAt,
      createdBy: op.adminId,
      at,
    };
    return db.transaction().execute(async (trx) => {
      let created = 0;
      if (input.kind === 'shared') {
        created = await repo.insertCodes(trx, [{ ...base, code: input.code, kind: 'shared', cap: input.cap }]);
        if (created === 0) throw new DomainError('conflict', 'code');
      } else {
        // A clash with an existing code is skipped by the insert; another round makes up the count.
        for (let round = 0; created < input.count && round < 5; round += 1) {
          const codes = new Set<string>();
          while (codes.size < input.count - created) codes.add(generatedCode(input.prefix ?? ''));
          created += await repo.insertCodes(
            trx,
            [...codes].map((code) => ({ ...base, code, kind: 'single' as const, cap: 1 })),
          );
        }
      }
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: op.adminId,
        merchantId: op.merchantId,
        action: 'redeem_codes.created',
        subjectType: 'redeem_code_batch',
        subjectId: null,
        data: { batch: input.batch, kind: input.kind, created, reward: input.reward },
        ip: op.ip,
      });
      return { batch: input.batch, created };
    });
  }

  function presentCode(row: repo.RedeemCodeRow): AdminRedeemCode {
    return {
      id: row.id,
      code: row.code,
      kind: row.kind,
      batch: row.batch,
      cap: row.cap,
      redeemed: row.redeemed,
      reward: row.reward,
      state: row.state,
      startsAt: iso(row.starts_at),
      expiresAt: iso(row.expires_at),
      createdAt: iso(row.created_at),
    };
  }

  async function listCodes(merchantId: number, batch?: string) {
    return (await repo.findCodes(db, merchantId, batch, ADMIN_LIST_MAX)).map(presentCode);
  }

  /** A batch as CSV (code, kind, cap, redeemed, state, starts, expires) for the operator to hand out. */
  async function exportCsv(merchantId: number, batch: string): Promise<string> {
    const rows = await repo.findCodes(db, merchantId, batch, EXPORT_MAX);
    const lines = ['code,kind,cap,redeemed,state,startsAt,expiresAt'];
    for (const r of rows.reverse()) lines.push([r.code, r.kind, r.cap, r.redeemed, r.state, iso(r.starts_at), iso(r.expires_at)].join(','));
    return `${lines.join('\n')}\n`;
  }

  async function setCodeState(op: Operator, id: number, state: 'active' | 'disabled') {
    const row = await repo.setCodeState(db, op.merchantId, id, state);
    if (!row) throw new DomainError('not_found', 'code');
    await recordAudit(db, {
      actorType: 'admin',
      actorId: op.adminId,
      merchantId: op.merchantId,
      action: `redeem_code.${state}`,
      subjectType: 'redeem_code',
      subjectId: id,
      data: { code: row.code },
      ip: op.ip,
    });
    return presentCode(row);
  }

  return {
    addPending,
    claimable,
    claimed,
    claim,
    redeem,
    ofSource,
    admin: { createBatch, listCodes, exportCsv, setCodeState },
  };
}
