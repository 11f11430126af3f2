import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type KycVerificationsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  status: 'pending' | 'approved' | 'rejected';
  front_content_type: string;
  front_image: Buffer;
  back_content_type: string;
  back_image: Buffer;
  reject_reason: string | null;
  created_at: Timestamp;
  reviewed_at: Date | null;
  reviewed_by: number | null;
};

export type KycTables = { kyc_verifications: KycVerificationsTable };
