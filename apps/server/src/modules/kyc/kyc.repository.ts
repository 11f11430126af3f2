import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { UploadedImage } from '../../lib/image-upload.ts';
import { publicMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type KycRow = {
  id: number;
  merchantId: number;
  memberId: number;
  username: string;
  status: 'pending' | 'approved' | 'rejected';
  rejectReason: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
  reviewedBy: number | null;
};

function selectRows(db: Executor) {
  return db
    .selectFrom('kyc_verifications as k')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'k.member_id')
    .select([
      'k.id',
      'k.merchant_id as merchantId',
      'k.member_id as memberId',
      'm.username',
      'k.status',
      'k.reject_reason as rejectReason',
      'k.created_at as createdAt',
      'k.reviewed_at as reviewedAt',
      'k.reviewed_by as reviewedBy',
    ]);
}

export function findLatestOfMember(db: Executor, memberId: number): Promise<KycRow | undefined> {
  return selectRows(db).where('k.member_id', '=', memberId).orderBy('k.id', 'desc').executeTakeFirst();
}

export function findOfMerchant(db: Executor, merchantId: number, id: number): Promise<KycRow | undefined> {
  return selectRows(db).where('k.id', '=', id).where('k.merchant_id', '=', merchantId).executeTakeFirst();
}

export function findByIdOrThrow(db: Executor, id: number): Promise<KycRow> {
  return selectRows(db).where('k.id', '=', id).executeTakeFirstOrThrow();
}

/** Whether the member has a check that is pending or approved (one is open at a time). */
export async function hasOpenOfMember(db: Executor, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('kyc_verifications')
    .select('id')
    .where('member_id', '=', memberId)
    .where('status', 'in', ['pending', 'approved'])
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPending(
  db: Executor,
  row: { merchantId: number; memberId: number; front: UploadedImage; back: UploadedImage; at: Date },
): Promise<{ id: number }> {
  return db
    .insertInto('kyc_verifications')
    .values({
      merchant_id: row.merchantId,
      member_id: row.memberId,
      status: 'pending',
      front_content_type: row.front.contentType,
      front_image: row.front.bytes,
      back_content_type: row.back.contentType,
      back_image: row.back.bytes,
      created_at: row.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function findPage(
  db: Executor,
  filter: { merchantId: number; status?: KycRow['status'] | undefined },
  page: { limit: number; offset: number },
): Promise<{ list: KycRow[]; totalCount: number }> {
  let base = db.selectFrom('kyc_verifications as k').where('k.merchant_id', '=', filter.merchantId);
  if (filter.status) base = base.where('k.status', '=', filter.status);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  let rows = selectRows(db).where('k.merchant_id', '=', filter.merchantId);
  if (filter.status) rows = rows.where('k.status', '=', filter.status);
  const list = await rows.orderBy('k.id', 'desc').limit(page.limit).offset(page.offset).execute();
  return { list, totalCount: Number(total.count) };
}

export function findImagesOfMerchant(db: Executor, merchantId: number, id: number) {
  return db
    .selectFrom('kyc_verifications')
    .select(['front_content_type', 'front_image', 'back_content_type', 'back_image'])
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/** Decides a pending check; answers false when it is not pending (or not the merchant's). */
export async function reviewPending(
  db: Executor,
  merchantId: number,
  id: number,
  review: { status: 'approved' | 'rejected'; rejectReason: string | null; at: Date; adminId: number },
): Promise<boolean> {
  const updated = await db
    .updateTable('kyc_verifications')
    .set({ status: review.status, reject_reason: review.rejectReason, reviewed_at: review.at, reviewed_by: review.adminId })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}
