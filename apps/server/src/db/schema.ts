import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { AccountsTables } from '../modules/accounts/accounts.tables.ts';
import type { AdminTables } from '../modules/admin/admin.tables.ts';
import type { AdminMoneyTables } from '../modules/admin-money/admin-money.tables.ts';
import type { AgentApplicationsTables } from '../modules/agent-applications/agent-applications.tables.ts';
import type { AgentContractsTables } from '../modules/agent-contracts/agent-contracts.tables.ts';
import type { AgentsTables } from '../modules/agents/agents.tables.ts';
import type { BankCardsTables } from '../modules/bank-cards/bank-cards.tables.ts';
import type { BetRecordsTables } from '../modules/bet-records/bet-records.tables.ts';
import type { ChatTables } from '../modules/chat/chat.tables.ts';
import type { ContentTables } from '../modules/content/content.tables.ts';
import type { DailyStatsTables } from '../modules/daily-stats/daily-stats.tables.ts';
import type { DepositsTables } from '../modules/deposits/deposits.tables.ts';
import type { GameSessionTables } from '../modules/game-session/game-session.tables.ts';
import type { GamesTables } from '../modules/games/games.tables.ts';
import type { HelpTables } from '../modules/help/help.tables.ts';
import type { InboxTables } from '../modules/inbox/inbox.tables.ts';
import type { KycTables } from '../modules/kyc/kyc.tables.ts';
import type { LotteryTables } from '../modules/lottery/lottery.tables.ts';
import type { MediaTables } from '../modules/media/media.tables.ts';
import type { MemberLabelsTables } from '../modules/member-labels/member-labels.tables.ts';
import type { MissionsTables } from '../modules/missions/missions.tables.ts';
import type { PointsTables } from '../modules/points/points.tables.ts';
import type { PromotionsTables } from '../modules/promotions/promotions.tables.ts';
import type { RedEnvelopesTables } from '../modules/red-envelopes/red-envelopes.tables.ts';
import type { ReferralsTables } from '../modules/referrals/referrals.tables.ts';
import type { ReportsTables } from '../modules/reports/reports.tables.ts';
import type { ResponsibleGamingTables } from '../modules/responsible-gaming/responsible-gaming.tables.ts';
import type { RewardsTables } from '../modules/rewards/rewards.tables.ts';
import type { SocialSignInTables } from '../modules/social-sign-in/social-sign-in.tables.ts';
import type { SupportChatTables } from '../modules/support-chat/support-chat.tables.ts';
import type { TransfersTables } from '../modules/transfers/transfers.tables.ts';
import type { VendorWalletTables } from '../modules/vendor-wallet/vendor-wallet.tables.ts';
import type { VipTables } from '../modules/vip/vip.tables.ts';
import type { WithdrawalsTables } from '../modules/withdrawals/withdrawals.tables.ts';

/**
 * The database as Kysely sees it. Each module declares its tables beside its repository and they
 * are joined here, so the shape of every table is written once.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;

export type MerchantsTable = {
  id: Id;
  code: string;
  name: string;
  currency: string;
  created_at: Timestamp;
};

export type MembersTable = {
  id: Id;
  merchant_id: number;
  username: string;
  account_type: number;
  parent_id: number | null;
  upline_path: string;
  nickname: string | null;
  payee_name: string | null;
  mobile_num: string | null;
  email: string | null;
  currency: string;
  password_hash: string | null;
  payment_password_hash: string | null;
  status: ColumnType<'active' | 'locked' | 'closed', 'active' | 'locked' | 'closed' | undefined>;
  created_at: Timestamp;
};

export type AdminUsersTable = {
  id: Id;
  merchant_id: number;
  username: string;
  password_hash: string;
  role: string;
  created_at: Timestamp;
  status: ColumnType<'active' | 'disabled', 'active' | 'disabled' | undefined>;
  failed_logins: ColumnType<number, number | undefined, number>;
  locked_until: Date | null;
  last_login_at: Date | null;
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enrolled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  totp_last_counter: ColumnType<number | null, number | null | undefined, number | null>;
};

export type SessionsTable = {
  id: Id;
  token_hash: string;
  member_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  /** A login that answered cpw: the session may only change the password (docs/accounts.md). */
  is_password_change_only: ColumnType<boolean, boolean | undefined, boolean>;
};

export type AuditLogTable = {
  id: Id;
  created_at: Timestamp;
  actor_type: string;
  actor_id: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  data: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  ip: string | null;
  prev_hash: string | null;
  hash: string | null;
  /** The merchant the row belongs to (from its member or operator); null for the platform's own rows. Not hashed. */
  merchant_id: ColumnType<number | null, number | null | undefined, number | null>;
};

export type LedgerAccountsTable = {
  id: Id;
  merchant_id: number;
  kind: string;
  member_id: number | null;
  currency: string;
  balance: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  is_system: boolean;
  may_go_negative: boolean;
  created_at: Timestamp;
};

export type LedgerTransfersTable = {
  id: Id;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  currency: string;
  code: string;
  idempotency_key: string;
  request_hash: string;
  reference_type: string | null;
  reference_id: string | null;
  reverses_transfer_id: number | null;
  note: string | null;
  created_at: Timestamp;
};

export type LedgerEntriesTable = {
  id: Id;
  transfer_id: number;
  account_id: number;
  amount: number;
  balance_before: number | null;
  balance_after: number | null;
  code: string;
  created_at: Timestamp;
};

export type LedgerReservationsTable = {
  id: Id;
  account_id: number;
  amount: number;
  currency: string;
  code: string;
  status: 'held' | 'posted' | 'voided';
  idempotency_key: string;
  request_hash: string;
  reserve_transfer_id: number;
  settle_transfer_id: number | null;
  reference_type: string | null;
  reference_id: string | null;
  created_at: Timestamp;
  settled_at: Date | null;
};

export type MerchantSettingsTable = {
  merchant_id: number;
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
  updated_by: string | null;
};

export type CoreTables = {
  merchant_settings: MerchantSettingsTable;
  merchants: MerchantsTable;
  members: MembersTable;
  admin_users: AdminUsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  ledger_reservations: LedgerReservationsTable;
};

export type JobSlotsTable = {
  name: string;
  slot_at: Date;
  status: 'running' | 'completed';
  node: string;
  started_at: Timestamp;
  finished_at: Date | null;
};

export type JobsTables = {
  job_slots: JobSlotsTable;
};

export type ReconciliationDifferenceKind = 'member_balance' | 'system_negative' | 'entries_not_conserved' | 'balances_not_conserved';

/** Sums per currency as the reconciliation saw them; both are zero when money is conserved. */
export type CurrencyConservation = { currency: string; entriesSum: number; balancesSum: number };

export type LedgerReconciliationRunsTable = {
  id: Id;
  started_at: Timestamp;
  finished_at: Date | null;
  status: 'running' | 'clean' | 'differences' | 'failed';
  accounts_checked: ColumnType<number, number | undefined, number>;
  system_accounts_rolled_up: ColumnType<number, number | undefined, number>;
  difference_count: ColumnType<number, number | undefined, number>;
  conservation: JSONColumnType<CurrencyConservation[], string | undefined, string>;
  node: string | null;
};

export type LedgerReconciliationDifferencesTable = {
  id: Id;
  run_id: number;
  kind: ReconciliationDifferenceKind;
  account_id: number | null;
  currency: string;
  expected: number;
  actual: number;
  created_at: Timestamp;
};

export type ReconciliationTables = {
  ledger_reconciliation_runs: LedgerReconciliationRunsTable;
  ledger_reconciliation_differences: LedgerReconciliationDifferencesTable;
};

export type DB = CoreTables &
  JobsTables &
  ReconciliationTables &
  AccountsTables &
  AdminTables &
  GameSessionTables &
  TransfersTables &
  AgentsTables &
  ResponsibleGamingTables &
  AdminMoneyTables &
  DepositsTables &
  BankCardsTables &
  WithdrawalsTables &
  RedEnvelopesTables &
  ReferralsTables &
  ReportsTables &
  AgentApplicationsTables &
  KycTables &
  MemberLabelsTables &
  InboxTables &
  ContentTables &
  MediaTables &
  VendorWalletTables &
  BetRecordsTables &
  GamesTables &
  LotteryTables &
  HelpTables &
  ChatTables &
  SupportChatTables &
  SocialSignInTables &
  DailyStatsTables &
  AgentContractsTables &
  VipTables &
  PromotionsTables &
  PointsTables &
  MissionsTables &
  RewardsTables;
