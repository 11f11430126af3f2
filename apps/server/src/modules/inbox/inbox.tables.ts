import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A message an operator sends to members' inboxes. */
export type InboxMessagesTable = {
  id: Generated<number>;
  merchant_id: number;
  category: 'system' | 'promotion' | 'account';
  title: string;
  /** Cleaned with the content module's sanitiser before it is stored. */
  body_html: string;
  /**
   * `members`: the rows of inbox_message_recipients; `label`: whoever holds label_id when they look;
   * `agents`: every agent account; `team` / `direct`: an agent's notice to its whole downline or its
   * direct downline (sender_member_id), found from the reader's upline when they look.
   */
  audience: 'all' | 'members' | 'label' | 'agents' | 'team' | 'direct' | 'vip';
  label_id: number | null;
  /** `vip`: the members whose VIP level is from min to max (no level: 0) when they look. */
  vip_min_level: ColumnType<number | null, number | null | undefined, number | null>;
  vip_max_level: ColumnType<number | null, number | null | undefined, number | null>;
  /** When a scheduled message reaches the inboxes; null: at once (created_at). */
  send_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A scheduled message: when the job told the members' open tabs it went out (null: not yet). */
  announced_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The operator's request id and the fingerprint of what it sent (a repeated send makes one message). */
  request_id: ColumnType<string | null, string | null | undefined, never>;
  request_hash: ColumnType<string | null, string | null | undefined, never>;
  /** The operator who sent it; null for an agent's notice. */
  created_by: number | null;
  /** The agent who sent a `team` or `direct` notice; null for an operator's message. */
  sender_member_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  withdrawn_at: Date | null;
  withdrawn_by: number | null;
};

export type InboxMessageRecipientsTable = {
  message_id: number;
  member_id: number;
};

/** A member's read or deleted mark on a message; no row means unread and kept. */
export type InboxMessageStatesTable = {
  member_id: number;
  message_id: number;
  read_at: Date | null;
  deleted_at: Date | null;
};

export type InboxTables = {
  inbox_messages: InboxMessagesTable;
  inbox_message_recipients: InboxMessageRecipientsTable;
  inbox_message_states: InboxMessageStatesTable;
};
