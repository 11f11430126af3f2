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
  audience: 'all' | 'members' | 'label' | 'agents' | 'team' | 'direct';
  label_id: number | null;
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
