import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A member's support conversation with the operators; at most one open per member. */
export type SupportConversationsTable = {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  /** Opened by a member who had the VIP customer service. */
  is_vip: ColumnType<boolean, boolean | undefined, boolean>;
  member_last_read_id: ColumnType<number, number | undefined, number>;
  operator_last_read_id: ColumnType<number, number | undefined, number>;
  last_message_at: NullableTimestamp;
  created_at: Timestamp;
  closed_at: NullableTimestamp;
  closed_by: ColumnType<number | null, number | null | undefined, number | null>;
};

export type SupportMessagesTable = {
  id: Generated<number>;
  conversation_id: number;
  author: 'member' | 'operator';
  admin_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Plain text, 1 to 1000 characters. */
  body: string;
  created_at: Timestamp;
};

export type SupportChatTables = {
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
};
