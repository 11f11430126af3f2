import type { MissionEvent, MissionInput, MissionPeriod, MissionState } from '@platform/contracts/missions';
import type { RewardSpec } from '@platform/contracts/rewards';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T extends object> = JSONColumnType<T, string, string>;

/** A mission: the operator's definition, with the columns lists filter on. */
export type MissionsTable = {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  state: MissionState;
  period: MissionPeriod;
  event: MissionEvent;
  definition: Json<MissionInput>;
  sort: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

/** A mission met by a member in one occurrence (a day, a week's Monday, or `once`). */
export type MissionCompletionsTable = {
  mission_id: number;
  member_id: number;
  merchant_id: number;
  occurrence: string;
  progress: number;
  completed_at: Timestamp;
};

/** A day a member signed in, with the streak it made. */
export type SignInDaysTable = {
  member_id: number;
  merchant_id: number;
  day: ColumnType<string, string, string>;
  streak: number;
  created_at: Timestamp;
};

/** The merchant's streak rewards, day 1..n of a streak. */
export type SignInCalendarsTable = {
  merchant_id: number;
  rewards: Json<RewardSpec[]>;
  updated_at: Timestamp;
};

export type MissionsTables = {
  missions: MissionsTable;
  mission_completions: MissionCompletionsTable;
  sign_in_days: SignInDaysTable;
  sign_in_calendars: SignInCalendarsTable;
};
