import type { MissionInput, MissionState } from '@platform/contracts/missions';
import type { RewardSpec } from '@platform/contracts/rewards';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { publicMembers } from '../accounts/member-directory.ts';

type Executor = Kysely<DB> | Transaction<DB>;

export type MissionRow = {
  id: number;
  merchant_id: number;
  code: string;
  state: MissionState;
  definition: MissionInput;
  sort: number;
  created_at: Date;
  updated_at: Date;
};

const missionRow = (r: Record<string, unknown>) => ({ ...r, id: Number(r.id), merchant_id: Number(r.merchant_id) }) as MissionRow;

export async function findMissions(db: Executor, merchantId: number, states: readonly MissionState[]): Promise<MissionRow[]> {
  const rows = await db
    .selectFrom('missions')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('state', 'in', states)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(missionRow);
}

export async function findMission(db: Executor, merchantId: number, id: number) {
  const row = await db.selectFrom('missions').selectAll().where('merchant_id', '=', merchantId).where('id', '=', id).executeTakeFirst();
  return row ? missionRow(row) : undefined;
}

export async function insertMission(db: Executor, merchantId: number, input: MissionInput, at: Date): Promise<MissionRow | undefined> {
  const row = await db
    .insertInto('missions')
    .values({
      merchant_id: merchantId,
      code: input.code,
      state: 'active',
      period: input.period,
      event: input.event,
      definition: JSON.stringify(input),
      sort: input.sort ?? 0,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row ? missionRow(row) : undefined;
}

export async function updateMission(db: Executor, merchantId: number, id: number, input: MissionInput, at: Date) {
  const row = await db
    .updateTable('missions')
    .set({
      code: input.code,
      period: input.period,
      event: input.event,
      definition: JSON.stringify(input),
      sort: input.sort ?? 0,
      updated_at: at,
    })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? missionRow(row) : undefined;
}

export async function setMissionState(db: Executor, merchantId: number, id: number, state: MissionState, at: Date) {
  const row = await db
    .updateTable('missions')
    .set({ state, updated_at: at })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? missionRow(row) : undefined;
}

export async function countCompletions(db: Executor, missionIds: readonly number[]): Promise<Map<number, number>> {
  if (missionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('mission_completions')
    .select(['mission_id', sql<string>`count(*)::text`.as('n')])
    .where('mission_id', 'in', missionIds)
    .groupBy('mission_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.mission_id), Number(r.n)]));
}

/** Records a mission met in an occurrence; false when it already was (the key is the guarantee). */
export async function insertCompletion(
  trx: Transaction<DB>,
  row: { missionId: number; memberId: number; merchantId: number; occurrence: string; progress: number; at: Date },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('mission_completions')
    .values({
      mission_id: row.missionId,
      member_id: row.memberId,
      merchant_id: row.merchantId,
      occurrence: row.occurrence,
      progress: row.progress,
      completed_at: row.at,
    })
    .onConflict((oc) => oc.columns(['mission_id', 'member_id', 'occurrence']).doNothing())
    .returning('mission_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findCompletionsOfMember(db: Executor, memberId: number, missionIds: readonly number[]) {
  if (missionIds.length === 0) return [];
  const rows = await db
    .selectFrom('mission_completions')
    .select(['mission_id', 'occurrence'])
    .where('member_id', '=', memberId)
    .where('mission_id', 'in', missionIds)
    .execute();
  return rows.map((r) => ({ missionId: Number(r.mission_id), occurrence: r.occurrence }));
}

/** Members ranked by missions completed over [from, to): ties go to who finished first. */
export async function rankCompletions(db: Executor, filter: { merchantId: number; from: Date; to: Date; limit: number }) {
  const rows = await db
    .selectFrom('mission_completions as c')
    .innerJoin(publicMembers(db).as('m'), 'm.id', 'c.member_id')
    .select([
      'c.member_id as memberId',
      sql<string>`max(m.username)`.as('username'),
      sql<string>`count(*)::text`.as('completed'),
      sql<Date>`max(c.completed_at)`.as('last'),
    ])
    .where('c.merchant_id', '=', filter.merchantId)
    .where('c.completed_at', '>=', filter.from)
    .where('c.completed_at', '<', filter.to)
    .groupBy('c.member_id')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`max(c.completed_at)`)
    .orderBy('c.member_id')
    .limit(filter.limit)
    .execute();
  return rows.map((r) => ({ memberId: Number(r.memberId), username: String(r.username), completed: Number(r.completed) }));
}

export async function countCompletionsOfMember(db: Executor, memberId: number, from: Date, to: Date): Promise<number> {
  const row = await db
    .selectFrom('mission_completions')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('member_id', '=', memberId)
    .where('completed_at', '>=', from)
    .where('completed_at', '<', to)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Sign-in.

export async function findSignInDays(db: Executor, memberId: number, from: string, to: string) {
  const rows = await db
    .selectFrom('sign_in_days')
    .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'streak'])
    .where('member_id', '=', memberId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, streak: Number(r.streak) }));
}

/** Signs the member in for a day; false when it already was. */
export async function insertSignInDay(
  trx: Transaction<DB>,
  row: { memberId: number; merchantId: number; day: string; streak: number; at: Date },
) {
  const inserted = await trx
    .insertInto('sign_in_days')
    .values({ member_id: row.memberId, merchant_id: row.merchantId, day: row.day, streak: row.streak, created_at: row.at })
    .onConflict((oc) => oc.columns(['member_id', 'day']).doNothing())
    .returning('member_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findCalendar(db: Executor, merchantId: number): Promise<RewardSpec[] | undefined> {
  const row = await db.selectFrom('sign_in_calendars').select('rewards').where('merchant_id', '=', merchantId).executeTakeFirst();
  return row?.rewards;
}

export async function upsertCalendar(db: Executor, merchantId: number, rewards: RewardSpec[], at: Date) {
  await db
    .insertInto('sign_in_calendars')
    .values({ merchant_id: merchantId, rewards: JSON.stringify(rewards), updated_at: at })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ rewards: JSON.stringify(rewards), updated_at: at }))
    .execute();
}
