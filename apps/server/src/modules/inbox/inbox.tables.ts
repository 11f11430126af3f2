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
  /** `members`: the rows of inbox_message_recipients; `label`: whoever holds label_id when they look. */
  audience: 'all' | 'members' | 'label';
  label_id: number | null;
  created_by: number;
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
