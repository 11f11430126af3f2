import type { ReferralRefusal, ReferralRules, ReferralStatus } from '@platform/contracts/referrals';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

// Codes.

export async function findCodeOf(db: Executor, memberId: number): Promise<string | undefined> {
  const row = await db.selectFrom('referral_codes').select('code').where('member_id', '=', memberId).executeTakeFirst();
  return row?.code;
}

export async function findCodeOwner(db: Executor, merchantId: number, code: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('referral_codes')
    .select('member_id')
    .where('merchant_id', '=', merchantId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? Number(row.member_id) : undefined;
}

/** Inserts the member's code unless it has one; a clash with another member's code throws (unique violation). */
export async function insertCode(db: Executor, row: { memberId: number; merchantId: number; code: string; at: Date }): Promise<void> {
  await db
    .insertInto('referral_codes')
    .values({ member_id: row.memberId, merchant_id: row.merchantId, code: row.code, created_at: row.at })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

/** Locks the referrer's code row: one referrer's qualifications run one after the other (its cap). */
export async function lockCodeOf(trx: Transaction<DB>, memberId: number): Promise<void> {
  await trx.selectFrom('referral_codes').select('member_id').where('member_id', '=', memberId).forUpdate().execute();
}

// Invites.

export type ReferralRow = {
  inviteeId: number;
  merchantId: number;
  referrerId: number;
  code: string;
  registeredAt: Date;
  deadline: Date;
  status: ReferralStatus;
  refusal: ReferralRefusal | null;
  firstDeposit: number | null;
  firstDepositAt: Date | null;
  decidedAt: Date | null;
};

const referralColumns = [
  'r.invitee_id as inviteeId',
  'r.merchant_id as merchantId',
  'r.referrer_id as referrerId',
  'r.code',
  'r.registered_at as registeredAt',
  'r.deadline',
  'r.status',
  'r.refusal',
  'r.first_deposit as firstDeposit',
  'r.first_deposit_at as firstDepositAt',
  'r.decided_at as decidedAt',
] as const;

function toReferralRow(r: {
  inviteeId: number;
  merchantId: number;
  referrerId: number;
  code: string;
  registeredAt: Date;
  deadline: Date;
  status: ReferralStatus;
  refusal: ReferralRefusal | null;
  firstDeposit: number | string | null;
  firstDepositAt: Date | null;
  decidedAt: Date | null;
}): ReferralRow {
  return {
    ...r,
    inviteeId: Number(r.inviteeId),
    merchantId: Number(r.merchantId),
    referrerId: Number(r.referrerId),
    firstDeposit: r.firstDeposit === null ? null : Number(r.firstDeposit),
  };
}

export async function insertReferral(
  trx: Transaction<DB>,
  row: { inviteeId: number; merchantId: number; referrerId: number; code: string; registeredAt: Date; deadline: Date },
): Promise<void> {
  await trx
    .insertInto('referrals')
    .values({
      invitee_id: row.inviteeId,
      merchant_id: row.merchantId,
      referrer_id: row.referrerId,
      code: row.code,
      registered_at: row.registeredAt,
      deadline: row.deadline,
      status: 'registered',
    })
    .execute();
}

export async function findReferral(db: Executor, inviteeId: number): Promise<ReferralRow | undefined> {
  const row = await db.selectFrom('referrals as r').select(referralColumns).where('r.invitee_id', '=', inviteeId).executeTakeFirst();
  return row && toReferralRow(row);
}

export async function lockReferral(trx: Transaction<DB>, inviteeId: number): Promise<ReferralRow | undefined> {
  const row = await trx
    .selectFrom('referrals as r')
    .select(referralColumns)
    .where('r.invitee_id', '=', inviteeId)
    .forUpdate()
    .executeTakeFirst();
  return row && toReferralRow(row);
}

/** Keeps the invitee's first deposit (only the first: a later one changes nothing). */
export async function recordFirstDeposit(trx: Transaction<DB>, inviteeId: number, amount: number, at: Date): Promise<void> {
  await trx
    .updateTable('referrals')
    .set({ first_deposit: amount, first_deposit_at: at })
    .where('invitee_id', '=', inviteeId)
    .where('first_deposit', 'is', null)
    .execute();
}

/** Invitees still to decide, by invitee id after `afterInviteeId`; of one referrer when given. */
export async function findOpenReferrals(
  db: Executor,
  filter: { referrerId?: number; afterInviteeId: number; limit: number },
): Promise<ReferralRow[]> {
  let query = db
    .selectFrom('referrals as r')
    .select(referralColumns)
    .where('r.status', '=', 'registered')
    .where('r.invitee_id', '>', filter.afterInviteeId);
  if (filter.referrerId !== undefined) query = query.where('r.referrer_id', '=', filter.referrerId);
  const rows = await query.orderBy('r.invitee_id').limit(filter.limit).execute();
  return rows.map(toReferralRow);
}

/** Invitees of the referrer that earned it a reward (qualified or rewarded). */
/** Friends a member invited who registered in [from, to): the missions' invite count. */
export async function countInvitedBetween(db: Executor, referrerId: number, from: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('referrer_id', '=', referrerId)
    .where('registered_at', '>=', from)
    .where('registered_at', '<', to)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countRewardedOf(db: Executor, referrerId: number): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('referrer_id', '=', referrerId)
    .where('status', 'in', ['qualified', 'rewarded'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function decide(
  trx: Transaction<DB>,
  inviteeId: number,
  patch: { status: 'qualified' | 'not_eligible' | 'expired'; refusal: ReferralRefusal | null; at: Date },
): Promise<void> {
  await trx
    .updateTable('referrals')
    .set({ status: patch.status, refusal: patch.refusal, decided_at: patch.at })
    .where('invitee_id', '=', inviteeId)
    .where('status', '=', 'registered')
    .execute();
}

/** Once the referrer's reward of the invitee is claimed, the invite reads `rewarded`. */
export async function markRewarded(trx: Transaction<DB>, inviteeId: number): Promise<void> {
  await trx
    .updateTable('referrals')
    .set({ status: 'rewarded' })
    .where('invitee_id', '=', inviteeId)
    .where('status', '=', 'qualified')
    .execute();
}

export async function referrerTotals(db: Executor, referrerId: number): Promise<{ invited: number; qualified: number }> {
  const row = await db
    .selectFrom('referrals')
    .select((eb) => [
      eb.fn.countAll<string>().as('invited'),
      sql<string>`count(*) filter (where status in ('qualified', 'rewarded'))`.as('qualified'),
    ])
    .where('referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return { invited: Number(row.invited), qualified: Number(row.qualified) };
}

export type InviteeRow = ReferralRow & { username: string; reward: number | null };

export async function inviteesOf(
  db: Executor,
  referrerId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: InviteeRow[]; total: number }> {
  const base = db.selectFrom('referrals as r').where('r.referrer_id', '=', referrerId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin(publicMembers(db).as('m'), 'm.id', 'r.invitee_id')
      .leftJoin('referral_rewards as w', (join) => join.onRef('w.invitee_id', '=', 'r.invitee_id').on('w.role', '=', 'referrer'))
      .select([...referralColumns, 'm.username', 'w.amount as reward'])
      .orderBy('r.registered_at', 'desc')
      .orderBy('r.invitee_id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ ...toReferralRow(r), username: r.username, reward: r.reward === null ? null : Number(r.reward) })),
    total: Number(count.n),
  };
}

// Rewards.

export type RewardRow = {
  id: number;
  merchantId: number;
  memberId: number;
  inviteeId: number;
  role: 'referrer' | 'invitee';
  currency: string;
  amount: number;
  wageringMultiple: number;
  status: 'pending' | 'claimed';
  transferId: number | null;
  createdAt: Date;
  claimedAt: Date | null;
};

const rewardColumns = [
  'w.id',
  'w.merchant_id as merchantId',
  'w.member_id as memberId',
  'w.invitee_id as inviteeId',
  'w.role',
  'w.currency',
  'w.amount',
  'w.wagering_multiple as wageringMultiple',
  'w.status',
  'w.transfer_id as transferId',
  'w.created_at as createdAt',
  'w.claimed_at as claimedAt',
] as const;

function toRewardRow(r: {
  id: number;
  merchantId: number;
  memberId: number;
  inviteeId: number;
  role: 'referrer' | 'invitee';
  currency: string;
  amount: number | string;
  wageringMultiple: number | string;
  status: 'pending' | 'claimed';
  transferId: number | null;
  createdAt: Date;
  claimedAt: Date | null;
}): RewardRow {
  return {
    ...r,
    id: Number(r.id),
    merchantId: Number(r.merchantId),
    memberId: Number(r.memberId),
    inviteeId: Number(r.inviteeId),
    currency: r.currency.trim(),
    amount: Number(r.amount),
    wageringMultiple: Number(r.wageringMultiple),
    transferId: r.transferId === null ? null : Number(r.transferId),
  };
}

/** One reward per (invitee, role): a second insert of the same is a no-op. */
export async function insertRewardOnce(
  trx: Transaction<DB>,
  row: {
    merchantId: number;
    memberId: number;
    inviteeId: number;
    role: 'referrer' | 'invitee';
    currency: string;
    amount: number;
    wageringMultiple: number;
    at: Date;
  },
): Promise<void> {
  await trx
    .insertInto('referral_rewards')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      invitee_id: row.inviteeId,
      role: row.role,
      currency: row.currency,
      amount: row.amount,
      wagering_multiple: row.wageringMultiple.toFixed(2),
      status: 'pending',
      created_at: row.at,
    })
    .onConflict((oc) => oc.columns(['invitee_id', 'role']).doNothing())
    .execute();
}

export type PendingRewardRow = RewardRow & { friend: string };

/** The member's rewards waiting to be claimed, oldest first, each with the other member's username. */
export async function pendingRewardsOf(db: Executor, memberId: number): Promise<PendingRewardRow[]> {
  const rows = await db
    .selectFrom('referral_rewards as w')
    .innerJoin('referrals as r', 'r.invitee_id', 'w.invitee_id')
    .innerJoin(publicMembers(db).as('m'), (join) =>
      join.on(sql<boolean>`m.id = case when w.role = 'referrer' then r.invitee_id else r.referrer_id end`),
    )
    .select([...rewardColumns, 'm.username as friend'])
    .where('w.member_id', '=', memberId)
    .where('w.status', '=', 'pending')
    .orderBy('w.id')
    .execute();
  return rows.map((r) => ({ ...toRewardRow(r), friend: r.friend }));
}

export async function rewardTotalsOf(db: Executor, memberId: number): Promise<{ earned: number; pending: number }> {
  const row = await db
    .selectFrom('referral_rewards')
    .select([
      sql<string>`coalesce(sum(amount) filter (where status = 'claimed'), 0)`.as('earned'),
      sql<string>`coalesce(sum(amount) filter (where status = 'pending'), 0)`.as('pending'),
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { earned: Number(row.earned), pending: Number(row.pending) };
}

export async function lockReward(trx: Transaction<DB>, id: number, memberId: number): Promise<RewardRow | undefined> {
  const row = await trx
    .selectFrom('referral_rewards as w')
    .select(rewardColumns)
    .where('w.id', '=', id)
    .where('w.member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  return row && toRewardRow(row);
}

export async function markClaimed(trx: Transaction<DB>, id: number, transferId: number, at: Date): Promise<void> {
  await trx
    .updateTable('referral_rewards')
    .set({ status: 'claimed', transfer_id: transferId, claimed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

// Rules.

export async function findRules(db: Executor, merchantId: number): Promise<{ rules: ReferralRules; updatedAt: Date } | undefined> {
  const row = await db
    .selectFrom('referral_rules')
    .select(['rules', 'updated_at as updatedAt'])
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row && { rules: row.rules, updatedAt: row.updatedAt };
}

export async function upsertRules(
  db: Executor,
  row: { merchantId: number; rules: ReferralRules; at: Date; operatorId: number | null },
): Promise<void> {
  const rules = JSON.stringify(row.rules);
  await db
    .insertInto('referral_rules')
    .values({ merchant_id: row.merchantId, rules, updated_at: row.at, updated_by: row.operatorId })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ rules, updated_at: row.at, updated_by: row.operatorId }))
    .execute();
}

// Operator list.

export async function listForAdmin(
  db: Executor,
  filter: { merchantId: number; status?: ReferralStatus | undefined; referrerId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: (ReferralRow & { invitee: string; referrer: string; reward: number | null })[]; total: number }> {
  let base = db.selectFrom('referrals as r').where('r.merchant_id', '=', filter.merchantId);
  if (filter.status) base = base.where('r.status', '=', filter.status);
  if (filter.referrerId !== undefined) base = base.where('r.referrer_id', '=', filter.referrerId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin(publicMembers(db).as('i'), 'i.id', 'r.invitee_id')
      .innerJoin(publicMembers(db).as('f'), 'f.id', 'r.referrer_id')
      .leftJoin('referral_rewards as w', (join) => join.onRef('w.invitee_id', '=', 'r.invitee_id').on('w.role', '=', 'referrer'))
      .select([...referralColumns, 'i.username as invitee', 'f.username as referrer', 'w.amount as reward'])
      .orderBy('r.registered_at', 'desc')
      .orderBy('r.invitee_id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      ...toReferralRow(r),
      invitee: r.invitee,
      referrer: r.referrer,
      reward: r.reward === null ? null : Number(r.reward),
    })),
    total: Number(count.n),
  };
}
