import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One row per funded envelope, keyed by the sender's request id. */
export type RedEnvelopesTable = {
  id: Generated<number>;
  merchant_id: number;
  sender_id: number;
  currency: string;
  total_amount: number;
  share_count: number;
  split: 'equal' | 'random';
  audience: 'team' | 'direct' | 'members';
  message: string;
  request_id: string;
  request_hash: string;
  fund_transfer_id: number | null;
  sender_balance_after: number | null;
  /** `open` until the expiry job closes it (returning what is left). */
  status: 'open' | 'closed';
  returned_amount: number | null;
  return_transfer_id: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  closed_at: Timestamp | null;
};

/** The shares, decided at funding; a claim fills claimed_by once. */
export type RedEnvelopeSharesTable = {
  envelope_id: number;
  share_no: number;
  amount: number;
  claimed_by: number | null;
  claimed_at: Timestamp | null;
  claim_transfer_id: number | null;
};

/** The chosen members of an envelope whose audience is `members`. */
export type RedEnvelopeRecipientsTable = {
  envelope_id: number;
  member_id: number;
};

export type RedEnvelopesTables = {
  red_envelopes: RedEnvelopesTable;
  red_envelope_shares: RedEnvelopeSharesTable;
  red_envelope_recipients: RedEnvelopeRecipientsTable;
};
