import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { toBuffer, type UploadedImage } from '../../lib/image-upload.ts';
import { recordAudit } from '../audit/audit.service.ts';

export type KycService = ReturnType<typeof createKycService>;
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
type Executor = Kysely<DB> | Transaction<DB>;
type Admin = { adminId: number; merchantId: number };

const PG_UNIQUE_VIOLATION = '23505';

function selectRows(db: Executor) {
  return db
    .selectFrom('kyc_verifications as k')
    .innerJoin('members as m', 'm.id', 'k.member_id')
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

/**
 * Identity verification: the member uploads the front and back of an identity document, an
 * operator approves or rejects it with a reason. One check is open (pending or approved) at a time;
 * after a rejection the member may upload again. Withdrawals above the threshold wait for approval
 * before payout.
 */
export function createKycService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function latestOf(memberId: number, trx?: Transaction<DB>): Promise<KycRow | undefined> {
    return selectRows(trx ?? db)
      .where('k.member_id', '=', memberId)
      .orderBy('k.id', 'desc')
      .executeTakeFirst();
  }

  async function statusOf(memberId: number, trx?: Transaction<DB>): Promise<'none' | KycRow['status']> {
    return (await latestOf(memberId, trx))?.status ?? 'none';
  }

  async function submit(member: { memberId: number; merchantId: number }, images: UploadedImage[], ip: string | null): Promise<KycRow> {
    const front = images.find((i) => i.field === 'front');
    const back = images.find((i) => i.field === 'back');
    if (!front || !back || images.length !== 2) throw new DomainError('image_required', 'front and back');
    try {
      return await db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('kyc_verifications')
          .select('id')
          .where('member_id', '=', member.memberId)
          .where('status', 'in', ['pending', 'approved'])
          .executeTakeFirst();
        if (open) throw new DomainError('kyc_already_submitted');
        const inserted = await trx
          .insertInto('kyc_verifications')
          .values({
            merchant_id: member.merchantId,
            member_id: member.memberId,
            status: 'pending',
            front_content_type: front.contentType,
            front_image: front.bytes,
            back_content_type: back.contentType,
            back_image: back.bytes,
            created_at: now(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, {
          actorType: 'member',
          actorId: member.memberId,
          action: 'kyc.submitted',
          subjectType: 'kyc',
          subjectId: inserted.id,
          data: { frontBytes: front.bytes.length, backBytes: back.bytes.length },
          ip,
        });
        const row = await selectRows(trx).where('k.id', '=', inserted.id).executeTakeFirstOrThrow();
        return row;
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === PG_UNIQUE_VIOLATION) throw new DomainError('kyc_already_submitted');
      throw error;
    }
  }

  async function list(admin: Admin, query: { status?: KycRow['status'] | undefined; pageNo: number; pageSize: number }) {
    let base = db.selectFrom('kyc_verifications as k').where('k.merchant_id', '=', admin.merchantId);
    if (query.status) base = base.where('k.status', '=', query.status);
    const total = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    let rows = selectRows(db).where('k.merchant_id', '=', admin.merchantId);
    if (query.status) rows = rows.where('k.status', '=', query.status);
    const list = await rows
      .orderBy('k.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute();
    return { list, totalCount: Number(total.count) };
  }

  async function get(admin: Admin, id: number): Promise<KycRow> {
    const row = await selectRows(db).where('k.id', '=', id).where('k.merchant_id', '=', admin.merchantId).executeTakeFirst();
    if (!row) throw new DomainError('kyc_not_found');
    return row;
  }

  async function image(admin: Admin, id: number, side: 'front' | 'back'): Promise<{ contentType: string; bytes: Buffer }> {
    const row = await db
      .selectFrom('kyc_verifications')
      .select(['front_content_type', 'front_image', 'back_content_type', 'back_image'])
      .where('id', '=', id)
      .where('merchant_id', '=', admin.merchantId)
      .executeTakeFirst();
    if (!row) throw new DomainError('kyc_not_found');
    return side === 'front'
      ? { contentType: row.front_content_type, bytes: toBuffer(row.front_image) }
      : { contentType: row.back_content_type, bytes: toBuffer(row.back_image) };
  }

  /** Approves or rejects a pending check, once: a second click finds it reviewed. */
  async function review(
    admin: Admin,
    id: number,
    decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    ip: string | null,
  ) {
    return db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('kyc_verifications')
        .set({
          status: decision.status,
          reject_reason: decision.status === 'rejected' ? decision.reason : null,
          reviewed_at: now(),
          reviewed_by: admin.adminId,
        })
        .where('id', '=', id)
        .where('merchant_id', '=', admin.merchantId)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      if (!updated) {
        const exists = await trx
          .selectFrom('kyc_verifications')
          .select('id')
          .where('id', '=', id)
          .where('merchant_id', '=', admin.merchantId)
          .executeTakeFirst();
        throw new DomainError(exists ? 'kyc_state_invalid' : 'kyc_not_found');
      }
      await recordAudit(trx, {
        actorType: 'admin',
        actorId: admin.adminId,
        action: decision.status === 'approved' ? 'kyc.approved' : 'kyc.rejected',
        subjectType: 'kyc',
        subjectId: id,
        data: decision.status === 'rejected' ? { reason: decision.reason } : {},
        ip,
      });
      return selectRows(trx).where('k.id', '=', id).executeTakeFirstOrThrow();
    });
  }

  return { latestOf, statusOf, submit, list, get, image, review };
}
