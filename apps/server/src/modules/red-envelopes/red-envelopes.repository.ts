import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type EnvelopeRow = {
  id: number;
  merchantId: number;
  senderId: number;
  currency: string;
  totalAmount: number;
  shareCount: number;
  split: 'equal' | 'random';
  audience: 'team' | 'direct' | 'members';
  message: string;
  requestId: string;
  requestHash: string;
  fundTransferId: number | null;
  senderBalanceAfter: number | null;
  status: 'open' | 'closed';
  returnedAmount: number | null;
  createdAt: Date;
  expiresAt: Date;
  closedAt: Date | null;
};

/** An envelope with what has been claimed from it. */
export type EnvelopeWithClaims = EnvelopeRow & { claimedCount: number; claimedAmount: number };

const envelopeColumns = [
  'e.id',
  'e.merchant_id as merchantId',
  'e.sender_id as senderId',
  'e.currency',
  'e.total_amount as totalAmount',
  'e.share_count as shareCount',
  'e.split',
  'e.audience',
  'e.message',
  'e.request_id as requestId',
  'e.request_hash as requestHash',
  'e.fund_transfer_id as fundTransferId',
  'e.sender_balance_after as senderBalanceAfter',
  'e.status',
  'e.returned_amount as returnedAmount',
  'e.created_at as createdAt',
  'e.expires_at as expiresAt',
  'e.closed_at as closedAt',
] as const;

function normalised<T extends { id: number; merchantId: number; senderId: number; currency: string; totalAmount: number }>(row: T): T {
  return {
    ...row,
    id: Number(row.id),
    merchantId: Number(row.merchantId),
    senderId: Number(row.senderId),
    currency: row.currency.trim(),
    totalAmount: Number(row.totalAmount),
  };
}

function withNumbers(row: EnvelopeRow): EnvelopeRow {
  return {
    ...normalised(row),
    fundTransferId: row.fundTransferId === null ? null : Number(row.fundTransferId),
    senderBalanceAfter: row.senderBalanceAfter === null ? null : Number(row.senderBalanceAfter),
    returnedAmount: row.returnedAmount === null ? null : Number(row.returnedAmount),
  };
}

/**
 * Claims the sender's request id. ON CONFLICT DO NOTHING waits for a concurrent claim of the same
 * id to commit or roll back, then yields no row (committed) or inserts (rolled back).
 */
export async function insertEnvelopeOnce(
  db: Executor,
  row: {
    merchantId: number;
    senderId: number;
    currency: string;
    totalAmount: number;
    shareCount: number;
    split: 'equal' | 'random';
    audience: 'team' | 'direct' | 'members';
    message: string;
    requestId: string;
    requestHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('red_envelopes')
    .values({
      merchant_id: row.merchantId,
      sender_id: row.senderId,
      currency: row.currency,
      total_amount: row.totalAmount,
      share_count: row.shareCount,
      split: row.split,
      audience: row.audience,
      message: row.message,
      request_id: row.requestId,
      request_hash: row.requestHash,
      status: 'open',
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .onConflict((oc) => oc.columns(['sender_id', 'request_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted === undefined ? undefined : Number(inserted.id);
}

export async function findByRequest(db: Executor, senderId: number, requestId: string): Promise<EnvelopeRow | undefined> {
  const row = await db
    .selectFrom('red_envelopes as e')
    .select(envelopeColumns)
    .where('e.sender_id', '=', senderId)
    .where('e.request_id', '=', requestId)
    .executeTakeFirst();
  return row && withNumbers(row);
}

export async function insertShares(db: Executor, envelopeId: number, amounts: readonly number[]): Promise<void> {
  await db
    .insertInto('red_envelope_shares')
    .values(amounts.map((amount, i) => ({ envelope_id: envelopeId, share_no: i + 1, amount })))
    .execute();
}

export async function insertRecipients(db: Executor, envelopeId: number, memberIds: readonly number[]): Promise<void> {
  if (memberIds.length === 0) return;
  await db
    .insertInto('red_envelope_recipients')
    .values(memberIds.map((memberId) => ({ envelope_id: envelopeId, member_id: memberId })))
    .execute();
}

export async function completeFunding(db: Executor, id: number, fundTransferId: number, senderBalanceAfter: number | null): Promise<void> {
  await db
    .updateTable('red_envelopes')
    .set({ fund_transfer_id: fundTransferId, sender_balance_after: senderBalanceAfter })
    .where('id', '=', id)
    .execute();
}

export async function findEnvelope(db: Executor, id: number): Promise<EnvelopeRow | undefined> {
  const row = await db.selectFrom('red_envelopes as e').select(envelopeColumns).where('e.id', '=', id).executeTakeFirst();
  return row && withNumbers(row);
}

/**
 * Reads the envelope with a share lock: claims run side by side, and the expiry job's update
 * (which takes the row exclusively) waits for the claims in flight, and they for it.
 */
export async function lockEnvelopeShared(trx: Transaction<DB>, id: number): Promise<EnvelopeRow | undefined> {
  const row = await trx.selectFrom('red_envelopes as e').select(envelopeColumns).where('e.id', '=', id).forShare().executeTakeFirst();
  return row && withNumbers(row);
}

/** The expiry job's lock: no claim of this envelope runs until its transaction ends. */
export async function lockEnvelopeForUpdate(trx: Transaction<DB>, id: number): Promise<EnvelopeRow | undefined> {
  const row = await trx.selectFrom('red_envelopes as e').select(envelopeColumns).where('e.id', '=', id).forUpdate().executeTakeFirst();
  return row && withNumbers(row);
}

export async function isRecipient(db: Executor, envelopeId: number, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('red_envelope_recipients')
    .select('member_id')
    .where('envelope_id', '=', envelopeId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

export type ShareRow = { shareNo: number; amount: number; claimedAt: Date | null; claimTransferId: number | null };

/** The share the member claimed from this envelope, if any. */
export async function findClaimOf(db: Executor, envelopeId: number, memberId: number): Promise<ShareRow | undefined> {
  const row = await db
    .selectFrom('red_envelope_shares')
    .select(['share_no as shareNo', 'amount', 'claimed_at as claimedAt', 'claim_transfer_id as claimTransferId'])
    .where('envelope_id', '=', envelopeId)
    .where('claimed_by', '=', memberId)
    .executeTakeFirst();
  return row && { ...row, amount: Number(row.amount), claimTransferId: row.claimTransferId === null ? null : Number(row.claimTransferId) };
}

/**
 * Locks the lowest unclaimed share. `skipLocked` passes over shares other claims hold, so claims of
 * one envelope do not queue behind each other; without it the read waits for them (used once the
 * free ones are gone, in case a claim in flight rolls back).
 */
export async function lockUnclaimedShare(
  trx: Transaction<DB>,
  envelopeId: number,
  options: { skipLocked: boolean },
): Promise<{ shareNo: number; amount: number } | undefined> {
  const query = trx
    .selectFrom('red_envelope_shares')
    .select(['share_no as shareNo', 'amount'])
    .where('envelope_id', '=', envelopeId)
    .where('claimed_by', 'is', null)
    .orderBy('share_no')
    .limit(1)
    .forUpdate();
  const row = await (options.skipLocked ? query.skipLocked() : query).executeTakeFirst();
  return row && { shareNo: row.shareNo, amount: Number(row.amount) };
}

/** Gives the share to the member; the unique (envelope, claimer) index refuses a second share. */
export async function markShareClaimed(
  trx: Transaction<DB>,
  share: { envelopeId: number; shareNo: number; memberId: number; claimedAt: Date },
): Promise<void> {
  await trx
    .updateTable('red_envelope_shares')
    .set({ claimed_by: share.memberId, claimed_at: share.claimedAt })
    .where('envelope_id', '=', share.envelopeId)
    .where('share_no', '=', share.shareNo)
    .where('claimed_by', 'is', null)
    .execute();
}

export async function setClaimTransfer(trx: Transaction<DB>, envelopeId: number, shareNo: number, transferId: number): Promise<void> {
  await trx
    .updateTable('red_envelope_shares')
    .set({ claim_transfer_id: transferId })
    .where('envelope_id', '=', envelopeId)
    .where('share_no', '=', shareNo)
    .execute();
}

/** What is still unclaimed in the envelope. */
export async function unclaimedTotal(db: Executor, envelopeId: number): Promise<{ count: number; amount: number }> {
  const row = await db
    .selectFrom('red_envelope_shares')
    .select(({ fn }) => [fn.countAll<string>().as('count'), fn.coalesce(fn.sum<string>('amount'), sql<string>`0`).as('amount')])
    .where('envelope_id', '=', envelopeId)
    .where('claimed_by', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), amount: Number(row.amount) };
}

export async function closeEnvelope(
  trx: Transaction<DB>,
  id: number,
  closing: { returnedAmount: number; returnTransferId: number | null; closedAt: Date },
): Promise<void> {
  await trx
    .updateTable('red_envelopes')
    .set({
      status: 'closed',
      returned_amount: closing.returnedAmount,
      return_transfer_id: closing.returnTransferId,
      closed_at: closing.closedAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}

/** Open envelopes past their expiry, oldest first. */
export async function findDueIds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('red_envelopes')
    .select('id')
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.id));
}

function claimedSums(db: Executor) {
  return db
    .selectFrom('red_envelope_shares')
    .select(({ fn }) => [
      'envelope_id',
      fn.count<string>('claimed_by').as('claimed_count'),
      fn.coalesce(fn.sum<string>(sql`CASE WHEN claimed_by IS NOT NULL THEN amount END`), sql<string>`0`).as('claimed_amount'),
    ])
    .groupBy('envelope_id');
}

/** The sender's envelopes, newest first, with what was claimed from each. */
export async function findSentPage(
  db: Executor,
  senderId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: EnvelopeWithClaims[]; totalCount: number }> {
  const rows = await db
    .selectFrom('red_envelopes as e')
    .innerJoin(claimedSums(db).as('c'), 'c.envelope_id', 'e.id')
    .select(envelopeColumns)
    .select(['c.claimed_count as claimedCount', 'c.claimed_amount as claimedAmount'])
    .where('e.sender_id', '=', senderId)
    .orderBy('e.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const total = await db
    .selectFrom('red_envelopes')
    .select(({ fn }) => fn.countAll<string>().as('n'))
    .where('sender_id', '=', senderId)
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((r) => ({ ...withNumbers(r), claimedCount: Number(r.claimedCount), claimedAmount: Number(r.claimedAmount) })),
    totalCount: Number(total.n),
  };
}

export async function findWithClaims(db: Executor, id: number): Promise<EnvelopeWithClaims | undefined> {
  const row = await db
    .selectFrom('red_envelopes as e')
    .innerJoin(claimedSums(db).as('c'), 'c.envelope_id', 'e.id')
    .select(envelopeColumns)
    .select(['c.claimed_count as claimedCount', 'c.claimed_amount as claimedAmount'])
    .where('e.id', '=', id)
    .executeTakeFirst();
  return row && { ...withNumbers(row), claimedCount: Number(row.claimedCount), claimedAmount: Number(row.claimedAmount) };
}

/** The claims of an envelope, first first, with the claimer's username. */
export async function findClaims(db: Executor, envelopeId: number): Promise<{ username: string; amount: number; claimedAt: Date }[]> {
  const rows = await db
    .selectFrom('red_envelope_shares as s')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 's.claimed_by')
    .select(['m.username', 's.amount', 's.claimed_at as claimedAt'])
    .where('s.envelope_id', '=', envelopeId)
    .where('s.claimed_by', 'is not', null)
    .orderBy('s.claimed_at')
    .orderBy('s.share_no')
    .execute();
  return rows.map((r) => ({ username: r.username, amount: Number(r.amount), claimedAt: r.claimedAt as Date }));
}

export async function findRecipientUsernames(db: Executor, envelopeId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('red_envelope_recipients as r')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'r.member_id')
    .select('m.username')
    .where('r.envelope_id', '=', envelopeId)
    .orderBy('m.username')
    .execute();
  return rows.map((r) => r.username);
}

export type ClaimableRow = {
  id: number;
  senderUsername: string;
  message: string;
  currency: string;
  shareCount: number;
  remainingCount: number;
  expiresAt: Date;
};

/**
 * The open envelopes a member may claim now: sent by an agent above it to its whole team, by its
 * direct upline to its direct downline, or naming it; not yet claimed by it, with shares left.
 */
export async function findClaimable(
  db: Executor,
  member: { id: number; merchantId: number; parentId: number | null; ancestorIds: readonly number[] },
  now: Date,
  limit: number,
): Promise<ClaimableRow[]> {
  const rows = await db
    .selectFrom('red_envelopes as e')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'e.sender_id')
    .select(({ selectFrom }) => [
      'e.id',
      'm.username as senderUsername',
      'e.message',
      'e.currency',
      'e.share_count as shareCount',
      'e.expires_at as expiresAt',
      selectFrom('red_envelope_shares as s')
        .select(({ fn }) => fn.countAll<string>().as('n'))
        .whereRef('s.envelope_id', '=', 'e.id')
        .where('s.claimed_by', 'is', null)
        .as('remainingCount'),
    ])
    .where('e.merchant_id', '=', member.merchantId)
    .where('e.status', '=', 'open')
    .where('e.expires_at', '>', now)
    .where('e.fund_transfer_id', 'is not', null)
    .where((eb) =>
      eb.or([
        ...(member.ancestorIds.length > 0
          ? [eb.and([eb('e.audience', '=', 'team'), eb('e.sender_id', 'in', [...member.ancestorIds])])]
          : []),
        ...(member.parentId !== null ? [eb.and([eb('e.audience', '=', 'direct'), eb('e.sender_id', '=', member.parentId)])] : []),
        eb.and([
          eb('e.audience', '=', 'members'),
          eb.exists(
            eb
              .selectFrom('red_envelope_recipients as r')
              .select('r.member_id')
              .whereRef('r.envelope_id', '=', 'e.id')
              .where('r.member_id', '=', member.id),
          ),
        ]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('red_envelope_shares as mine')
            .select('mine.share_no')
            .whereRef('mine.envelope_id', '=', 'e.id')
            .where('mine.claimed_by', '=', member.id),
        ),
      ),
    )
    .orderBy('e.expires_at')
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows
    .map((r) => ({
      id: Number(r.id),
      senderUsername: r.senderUsername,
      message: r.message,
      currency: r.currency.trim(),
      shareCount: r.shareCount,
      remainingCount: Number(r.remainingCount),
      expiresAt: r.expiresAt as Date,
    }))
    .filter((r) => r.remainingCount > 0);
}

export type ReceivedRow = {
  envelopeId: number;
  senderUsername: string;
  message: string;
  amount: number;
  currency: string;
  claimedAt: Date;
};

/** The member's claims, newest first, with their sum. */
export async function findReceivedPage(
  db: Executor,
  memberId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: ReceivedRow[]; totalCount: number; totalAmount: number }> {
  const rows = await db
    .selectFrom('red_envelope_shares as s')
    .innerJoin('red_envelopes as e', 'e.id', 's.envelope_id')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'e.sender_id')
    .select([
      's.envelope_id as envelopeId',
      'm.username as senderUsername',
      'e.message',
      's.amount',
      'e.currency',
      's.claimed_at as claimedAt',
    ])
    .where('s.claimed_by', '=', memberId)
    .orderBy('s.claimed_at', 'desc')
    .orderBy('s.envelope_id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const totals = await db
    .selectFrom('red_envelope_shares')
    .select(({ fn }) => [fn.countAll<string>().as('n'), fn.coalesce(fn.sum<string>('amount'), sql<string>`0`).as('amount')])
    .where('claimed_by', '=', memberId)
    .executeTakeFirstOrThrow();
  return {
    rows: rows.map((r) => ({
      envelopeId: Number(r.envelopeId),
      senderUsername: r.senderUsername,
      message: r.message,
      amount: Number(r.amount),
      currency: r.currency.trim(),
      claimedAt: r.claimedAt as Date,
    })),
    totalCount: Number(totals.n),
    totalAmount: Number(totals.amount),
  };
}
