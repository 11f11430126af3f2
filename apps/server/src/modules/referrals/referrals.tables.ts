import type { ReferralRefusal, ReferralRules, ReferralStatus } from '@platform/contracts/referrals';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type BigintColumn = ColumnType<number | string, number, number>;

/** Each player's referral code, made on its first request. */
export type ReferralCodesTable = {
  member_id: number;
  merchant_id: number;
  code: string;
  created_at: Timestamp;
};

/** One row per member who registered with a player's code. */
export type ReferralsTable = {
  invitee_id: number;
  merchant_id: number;
  referrer_id: number;
  code: string;
  registered_at: Timestamp;
  /** The last moment to qualify (registration day plus the rule's days, in the merchant's zone). */
  deadline: Timestamp;
  status: ReferralStatus;
  refusal: ReferralRefusal | null;
  first_deposit: BigintColumn | null;
  first_deposit_at: Timestamp | null;
  decided_at: Timestamp | null;
};

/** What a qualification pays: one row per (invitee, role), claimed once. */
export type ReferralRewardsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  invitee_id: number;
  role: 'referrer' | 'invitee';
  currency: string;
  amount: BigintColumn;
  wagering_multiple: ColumnType<number | string, string, string>;
  status: 'pending' | 'claimed';
  transfer_id: number | null;
  created_at: Timestamp;
  claimed_at: Timestamp | null;
};

/** The merchant's referral rules (defaults while it has no row). */
export type ReferralRulesTable = {
  merchant_id: number;
  rules: JSONColumnType<ReferralRules, string, string>;
  updated_at: Timestamp;
  updated_by: number | null;
};

export type ReferralsTables = {
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  referral_rewards: ReferralRewardsTable;
  referral_rules: ReferralRulesTable;
};
