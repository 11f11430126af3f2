import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A chat room of one merchant; every merchant has the `public` room. */
export type ChatRoomsTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  /** The language the room is for; null for every language. */
  language: string | null;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
};

export type ChatMessagesTable = {
  id: Generated<number>;
  room_id: number;
  member_id: number;
  /** The author's name as it was shown when the message was posted. */
  display_name: string;
  /** Plain text, 1 to 200 characters. */
  body: string;
  created_at: Timestamp;
  /** Set when an operator hid the message; hidden messages are not listed to members. */
  hidden_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  hidden_by: ColumnType<number | null, number | null | undefined, number | null>;
};

/** Each member's last read message per room, for the unread count. */
export type ChatReadsTable = {
  member_id: number;
  room_id: number;
  last_read_message_id: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
};

/** A member an operator muted (no posting until `muted_until`) or banned (`is_ban`: no reading either). */
export type ChatMutesTable = {
  member_id: number;
  merchant_id: number;
  is_ban: ColumnType<boolean, boolean | undefined, boolean>;
  muted_until: Timestamp;
  reason: string;
  muted_by: number;
  created_at: Timestamp;
};

export type ChatTables = {
  chat_rooms: ChatRoomsTable;
  chat_messages: ChatMessagesTable;
  chat_reads: ChatReadsTable;
  chat_mutes: ChatMutesTable;
};
