import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type BankCardsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  bank_code: string;
  bank_name: string;
  account_name: string;
  account_number: string;
  status: ColumnType<'active' | 'removed', 'active' | 'removed' | undefined, 'active' | 'removed'>;
  /** Set by the first withdrawal to the card, once the member re-entered the login password. */
  verified_at: Date | null;
  created_at: Timestamp;
  removed_at: Date | null;
};

/** Wrong payment passwords in a row; a member without a row has none. */
export type PaymentPasswordGuardsTable = {
  member_id: number;
  failed_attempts: ColumnType<number, number | undefined, number>;
  locked_until: Date | null;
  updated_at: Timestamp;
};

export type BankCardsTables = {
  bank_cards: BankCardsTable;
  payment_password_guards: PaymentPasswordGuardsTable;
};
