import type {
  EntryStatus,
  GrantStatus,
  LossPeriod,
  PromotionInput,
  PromotionState,
  PromotionTrigger,
} from '@platform/contracts/promotions';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T extends object> = JSONColumnType<T, string, string>;

/** A promotion: the operator's definition, with the columns lists and checks filter on. */
export type PromotionsTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  state: PromotionState;
  category: string;
  trigger: PromotionTrigger;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  definition: Json<PromotionInput>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A member's entry: a joined deposit promotion, an application, a claim flagged for review. */
export type PromotionEntriesTable = {
  id: Generated<number>;
  merchant_id: number;
  promotion_id: number;
  member_id: number;
  status: EntryStatus;
  comment: string | null;
  flags: Json<string[]>;
  deposit_amount: number | null;
  deposit_reference: string | null;
  review_note: string | null;
  reviewed_by: number | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
};

/** A proof image of an application. */
export type PromotionProofsTable = {
  id: Generated<number>;
  entry_id: number;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
};

/** A bonus grant with its own bonus balance (ADR 0024). */
export type PromotionGrantsTable = {
  id: Generated<number>;
  merchant_id: number;
  promotion_id: number;
  member_id: number;
  currency: string;
  occurrence: number;
  entry_id: number | null;
  status: GrantStatus;
  amount: number;
  bonus_balance: number;
  required_turnover: number;
  progress: ColumnType<number, number | undefined, number>;
  weights: Json<Record<string, number>>;
  max_stake: number | null;
  max_conversion: number | null;
  on_withdrawal: 'block' | 'forfeit';
  stackable: boolean;
  converted: ColumnType<number, number | undefined, number>;
  removed: ColumnType<number, number | undefined, number>;
  /** Bonus this grant put into stakes, still held or lost (ADR 0032). */
  bonus_staked: ColumnType<number, number | undefined, number>;
  /** What bonus-funded stakes of this grant won back. */
  bonus_won: ColumnType<number, number | undefined, number>;
  deposit_reference: string | null;
  issued_at: Timestamp;
  expires_at: Timestamp;
  closed_at: Timestamp | null;
  close_reason: string | null;
};

/** One identity signal of a claim (hashed), for one claim per identity cluster per promotion. */
export type PromotionClaimSignalsTable = {
  promotion_id: number;
  member_id: number;
  kind: 'fingerprint' | 'ip_range' | 'payee_name' | 'phone' | 'bank_account';
  value_hash: string;
  created_at: Timestamp;
};

/** A stake (or the part of one) the cash could not cover, held on `player_bonus` (ADR 0032). */
export type PromotionBonusStakesTable = {
  id: Generated<number>;
  reservation_id: number;
  merchant_id: number;
  member_id: number;
  currency: string;
  amount: number;
  parts: Json<BonusStakePart[]>;
  status: 'held' | 'settled' | 'voided';
  payout: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  closed_at: Timestamp | null;
};

/** One (promotion, member, period, revision) of a loss-over-a-period promotion (docs/promotions.md). */
export type PromotionLossLinesTable = {
  id: Generated<number>;
  merchant_id: number;
  promotion_id: number;
  member_id: number;
  currency: string;
  period: LossPeriod;
  period_start: string;
  period_end: string;
  revision: number;
  /** The period's whole net loss when this revision was written. */
  net_loss: number;
  /** The net loss this revision adds (negative: a late round lowered it). */
  loss_change: number;
  amount: number;
  status: LossLineStatus;
  grant_id: number | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
};

/** A raffle's seed: the commitment is public from the start, the seed once drawn. */
export type PromotionRafflesTable = {
  promotion_id: number;
  merchant_id: number;
  seed: string;
  commitment: string;
  drawn_at: Timestamp | null;
  total_tickets: number | null;
};

/** A member's tickets in a raffle (taken with MCS2_claimRafflePromotion, topped up until the draw). */
export type PromotionRaffleEntriesTable = {
  promotion_id: number;
  member_id: number;
  tickets: number;
  updated_at: Timestamp;
};

/** A prize drawn: one per rank, one per member; paid by a grant, or withheld from an excluded member. */
export type PromotionRafflePrizesTable = {
  promotion_id: number;
  rank: number;
  member_id: number;
  amount: number;
  status: 'paid' | 'withheld';
  grant_id: number | null;
  created_at: Timestamp;
};

export type LossLineStatus = 'accrued' | 'granted' | 'withheld' | 'noted' | 'cancelled';

/** What one grant put into a bonus stake. */
export type BonusStakePart = { grantId: number; amount: number };

export type PromotionsTables = {
  promotion_bonus_stakes: PromotionBonusStakesTable;
  promotion_loss_lines: PromotionLossLinesTable;
  promotion_raffles: PromotionRafflesTable;
  promotion_raffle_entries: PromotionRaffleEntriesTable;
  promotion_raffle_prizes: PromotionRafflePrizesTable;
  promotions: PromotionsTable;
  promotion_entries: PromotionEntriesTable;
  promotion_proofs: PromotionProofsTable;
  promotion_grants: PromotionGrantsTable;
  promotion_claim_signals: PromotionClaimSignalsTable;
};
