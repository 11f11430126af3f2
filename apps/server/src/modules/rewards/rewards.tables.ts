import type { RewardSpec } from '@platform/contracts/rewards';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T extends object> = JSONColumnType<T, string, string>;

/** Sources whose rewards this module keeps (the others are read from their own modules). */
export type StoredRewardSource = 'mission' | 'sign_in' | 'referral' | 'vip' | 'code' | 'operator';

/** A reward waiting to be claimed: one per member, source and key. */
export type PendingRewardsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  source: StoredRewardSource;
  source_key: string;
  titles: Json<Record<string, string>>;
  reward: Json<RewardSpec>;
  status: 'pending' | 'claimed' | 'expired';
  created_at: Timestamp;
  expires_at: Timestamp | null;
  claimed_at: Timestamp | null;
};

/** A redeem code: single-use (cap 1) or shared (a cap in all, once per member). */
export type RedeemCodesTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  kind: 'single' | 'shared';
  batch: string;
  cap: number;
  redeemed: ColumnType<number, number | undefined, number>;
  reward: Json<RewardSpec>;
  audience: Json<{ vipLevels?: number[] | undefined; newMemberDays?: number | undefined }>;
  state: 'active' | 'disabled';
  starts_at: Timestamp;
  expires_at: Timestamp;
  created_by: number | null;
  created_at: Timestamp;
};

export type RedeemCodeUsesTable = {
  code_id: number;
  member_id: number;
  redeemed_at: Timestamp;
};

export type RewardsTables = {
  pending_rewards: PendingRewardsTable;
  redeem_codes: RedeemCodesTable;
  redeem_code_uses: RedeemCodeUsesTable;
};
