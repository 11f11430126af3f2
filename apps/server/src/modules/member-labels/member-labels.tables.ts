import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A label an operator gives members (a VIP tier when it has a rank level, or a plain tag). */
export type MemberLabelsTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  rank_level: number | null;
  sort: ColumnType<number, number | undefined, number>;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type MemberLabelAssignmentsTable = {
  member_id: number;
  label_id: number;
  assigned_by: number;
  assigned_at: Timestamp;
};

export type MemberLabelsTables = {
  member_labels: MemberLabelsTable;
  member_label_assignments: MemberLabelAssignmentsTable;
};
