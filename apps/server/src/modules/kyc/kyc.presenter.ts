import type { KycRow } from './kyc.service.ts';

export function presentKyc(row: KycRow) {
  return {
    id: row.id,
    status: row.status,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

export function presentAdminKyc(row: KycRow) {
  return { ...presentKyc(row), memberId: row.memberId, username: row.username, reviewedBy: row.reviewedBy };
}
