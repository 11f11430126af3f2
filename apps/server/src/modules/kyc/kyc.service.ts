import { pageOffset } from '@platform/contracts/pagination';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { toBuffer, type UploadedImage } from '../../lib/image-upload.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './kyc.repository.ts';

export type KycService = ReturnType<typeof createKycService>;
export type KycRow = repo.KycRow;
type Admin = { adminId: number; merchantId: number };

/**
 * Identity verification: the member uploads the front and back of an identity document, an
 * operator approves or rejects it with a reason. One check is open (pending or approved) at a time;
 * after a rejection the member may upload again. Withdrawals above the threshold wait for approval
 * before payout.
 */
export function createKycService(deps: { db: Kysely<DB>; now: () => Date }) {
  const { db, now } = deps;

  async function latestOf(memberId: number, trx?: Transaction<DB>): Promise<KycRow | undefined> {
    return repo.findLatestOfMember(trx ?? db, memberId);
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
        if (await repo.hasOpenOfMember(trx, member.memberId)) throw new DomainError('kyc_already_submitted');
        const inserted = await repo.insertPending(trx, {
          merchantId: member.merchantId,
          memberId: member.memberId,
          front,
          back,
          at: now(),
        });
        await recordAudit(trx, {
          actorType: 'member',
          actorId: member.memberId,
          action: 'kyc.submitted',
          subjectType: 'kyc',
          subjectId: inserted.id,
          data: { frontBytes: front.bytes.length, backBytes: back.bytes.length },
          ip,
        });
        return repo.findByIdOrThrow(trx, inserted.id);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('kyc_already_submitted');
      throw error;
    }
  }

  async function list(admin: Admin, query: { status?: KycRow['status'] | undefined; pageNo: number; pageSize: number }) {
    return repo.findPage(db, { merchantId: admin.merchantId, status: query.status }, { limit: query.pageSize, offset: pageOffset(query) });
  }

  async function get(admin: Admin, id: number): Promise<KycRow> {
    const row = await repo.findOfMerchant(db, admin.merchantId, id);
    if (!row) throw new DomainError('kyc_not_found');
    return row;
  }

  async function image(admin: Admin, id: number, side: 'front' | 'back'): Promise<{ contentType: string; bytes: Buffer }> {
    const row = await repo.findImagesOfMerchant(db, admin.merchantId, id);
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
      const isReviewed = await repo.reviewPending(trx, admin.merchantId, id, {
        status: decision.status,
        rejectReason: decision.status === 'rejected' ? decision.reason : null,
        at: now(),
        adminId: admin.adminId,
      });
      if (!isReviewed) {
        const exists = await repo.findOfMerchant(trx, admin.merchantId, id);
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
      return repo.findByIdOrThrow(trx, id);
    });
  }

  return { latestOf, statusOf, submit, list, get, image, review };
}
