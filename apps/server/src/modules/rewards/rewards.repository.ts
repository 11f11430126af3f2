import type { RewardSpec } from '@platform/contracts/rewards';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { RedeemCodesTable, StoredRewardSource } from './rewards.tables.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type PendingRewardRow = {
  id: number;
  merchant_id: number;
  member_id: number;
  source: StoredRewardSource;
  source_key: string;
  titles: Record<string, string>;
  reward: RewardSpec;
  status: 'pending' | 'claimed' | 'expired';
  created_at: Date;
  expires_at: Date | null;
  claimed_at: Date | null;
};

export type RedeemCodeRow = {
  id: number;
  merchant_id: number;
  code: string;
  kind: RedeemCodesTable['kind'];
  batch: string;
  cap: number;
  redeemed: number;
  reward: RewardSpec;
  audience: { vipLevels?: number[] | undefined; newMemberDays?: number | undefined };
  state: 'active' | 'disabled';
  starts_at: Date;
  expires_at: Date;
  created_at: Date;
};

const num = <T extends { id: number | string; merchant_id: number | string; member_id: number | string }>(r: T) => ({
  ...r,
  id: Number(r.id),
  merchant_id: Number(r.merchant_id),
  member_id: Number(r.member_id),
});

/** Adds a reward unless the member already has one for the same source and key; returns it either way. */
export async function insertPending(
  db: Executor,
  row: {
    merchantId: number;
    memberId: number;
    source: StoredRewardSource;
    sourceKey: string;
    titles: Record<string, string>;
    reward: RewardSpec;
    at: Date;
    expiresAt: Date | null;
  },
): Promise<{ row: PendingRewardRow; isNew: boolean }> {
  const inserted = await db
    .insertInto('pending_rewards')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      source: row.source,
      source_key: row.sourceKey,
      titles: JSON.stringify(row.titles),
      reward: JSON.stringify(row.reward),
      status: 'pending',
      created_at: row.at,
      expires_at: row.expiresAt,
    })
    .onConflict((oc) => oc.columns(['member_id', 'source', 'source_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: num(inserted) as PendingRewardRow, isNew: true };
  const existing = await findPendingByKey(db, row.memberId, row.source, row.sourceKey);
  if (!existing) throw new Error('pending reward vanished after a conflicting insert');
  return { row: existing, isNew: false };
}

export async function findPendingByKey(db: Executor, memberId: number, source: StoredRewardSource, sourceKey: string) {
  const row = await db
    .selectFrom('pending_rewards')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .where('source_key', '=', sourceKey)
    .executeTakeFirst();
  return row ? (num(row) as PendingRewardRow) : undefined;
}

export async function findPendingById(db: Executor, memberId: number, id: number) {
  const row = await db.selectFrom('pending_rewards').selectAll().where('id', '=', id).where('member_id', '=', memberId).executeTakeFirst();
  return row ? (num(row) as PendingRewardRow) : undefined;
}

/** The member's rewards still to claim (not past their expiry), oldest first. */
export async function findPendingOfMember(db: Executor, memberId: number, at: Date): Promise<PendingRewardRow[]> {
  const rows = await db
    .selectFrom('pending_rewards')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => num(r) as PendingRewardRow);
}

/** The member's claimed rewards, newest first. */
export async function findClaimedOfMember(db: Executor, memberId: number, limit: number): Promise<PendingRewardRow[]> {
  const rows = await db
    .selectFrom('pending_rewards')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('status', '=', 'claimed')
    .orderBy('claimed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => num(r) as PendingRewardRow);
}

/** The codes the member redeemed, with what each gave, newest first. */
export async function findCodeUsesOfMember(db: Executor, memberId: number, limit: number) {
  const rows = await db
    .selectFrom('redeem_code_uses as u')
    .innerJoin('redeem_codes as c', 'c.id', 'u.code_id')
    .select(['c.id as codeId', 'c.code as code', 'c.reward as reward', 'u.redeemed_at as redeemedAt'])
    .where('u.member_id', '=', memberId)
    .orderBy('u.redeemed_at', 'desc')
    .orderBy('u.code_id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ codeId: Number(r.codeId), code: r.code, reward: r.reward as RewardSpec, redeemedAt: r.redeemedAt as Date }));
}

/** Marks a pending reward claimed; undefined when it was not pending (claimed by a concurrent call, or expired). */
export async function markClaimed(trx: Transaction<DB>, id: number, at: Date) {
  const row = await trx
    .updateTable('pending_rewards')
    .set({ status: 'claimed', claimed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
    .returningAll()
    .executeTakeFirst();
  return row ? (num(row) as PendingRewardRow) : undefined;
}

/** The member's rewards of one source whose keys start with `prefix` (the missions page), by source key. */
export async function findByKeyPrefix(db: Executor, memberId: number, source: StoredRewardSource, prefix: string) {
  const rows = await db
    .selectFrom('pending_rewards')
    .select(['id', 'source_key', 'status'])
    .where('member_id', '=', memberId)
    .where('source', '=', source)
    .where('source_key', 'like', `${prefix}%`)
    .execute();
  return new Map(rows.map((r) => [r.source_key, { id: Number(r.id), status: r.status }]));
}

// Codes.

const codeRow = (r: Record<string, unknown>) => ({ ...r, id: Number(r.id), merchant_id: Number(r.merchant_id) }) as RedeemCodeRow;

export async function insertCodes(
  trx: Transaction<DB>,
  rows: {
    merchantId: number;
    code: string;
    kind: 'single' | 'shared';
    batch: string;
    cap: number;
    reward: RewardSpec;
    audience: RedeemCodeRow['audience'];
    startsAt: Date;
    expiresAt: Date;
    createdBy: number;
    at: Date;
  }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await trx
    .insertInto('redeem_codes')
    .values(
      rows.map((r) => ({
        merchant_id: r.merchantId,
        code: r.code,
        kind: r.kind,
        batch: r.batch,
        cap: r.cap,
        reward: JSON.stringify(r.reward),
        audience: JSON.stringify(r.audience),
        state: 'active' as const,
        starts_at: r.startsAt,
        expires_at: r.expiresAt,
        created_by: r.createdBy,
        created_at: r.at,
      })),
    )
    .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

export async function findCode(db: Executor, merchantId: number, code: string) {
  const row = await db
    .selectFrom('redeem_codes')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? codeRow(row) : undefined;
}

export async function findCodes(db: Executor, merchantId: number, batch: string | undefined, limit: number) {
  let query = db.selectFrom('redeem_codes').selectAll().where('merchant_id', '=', merchantId);
  if (batch !== undefined) query = query.where('batch', '=', batch);
  const rows = await query.orderBy('id', 'desc').limit(limit).execute();
  return rows.map(codeRow);
}

export async function setCodeState(db: Executor, merchantId: number, id: number, state: 'active' | 'disabled') {
  const row = await db
    .updateTable('redeem_codes')
    .set({ state })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? codeRow(row) : undefined;
}

/**
 * Takes one use of the code in the caller's transaction: the count goes up only while it is below
 * the cap (one statement, so concurrent redeems never pass the cap). False when it is used up.
 */
export async function takeUse(trx: Transaction<DB>, codeId: number): Promise<boolean> {
  const row = await trx
    .updateTable('redeem_codes')
    .set({ redeemed: sql`redeemed + 1` })
    .where('id', '=', codeId)
    .where(sql<boolean>`redeemed < cap`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUse(trx: Transaction<DB>, codeId: number, memberId: number, at: Date) {
  await trx.insertInto('redeem_code_uses').values({ code_id: codeId, member_id: memberId, redeemed_at: at }).execute();
}

export async function hasUsed(db: Executor, codeId: number, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('redeem_code_uses')
    .select('code_id')
    .where('code_id', '=', codeId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}
