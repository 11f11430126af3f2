import type {
  MemberMission,
  MissionInput,
  MissionLeaderboard,
  MissionMemberStatus,
  MissionState,
  MissionSummary,
  SignInCalendar,
  SignInCalendarInput,
} from '@platform/contracts/missions';
import type { RewardSpec } from '@platform/contracts/rewards';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { localised } from '../../lib/localised-text.ts';
import { addDays, localDateOf, periodStartOf, startOfLocalDate } from '../../lib/time-zone.ts';
import { findMember, lockMember, type MemberSummary } from '../accounts/member-directory.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { maskName } from '../bet-records/bet-records.presenter.ts';
import type { RewardsService } from '../rewards/rewards.service.ts';
import * as repo from './missions.repository.ts';

type Trx = Transaction<DB>;
type Principal = { memberId: number; merchantId: number };
type Operator = { adminId: number; merchantId: number; ip: string | null };
type DayFilter = { memberIds: readonly number[]; from: string; to: string };

export type MissionsDeps = {
  db: Kysely<DB>;
  now: () => Date;
  rewards: Pick<RewardsService, 'addPending' | 'ofSource'>;
  timeZoneOf: (merchantId: number) => Promise<string>;
  /** The daily rollups (daily-stats): settled real-money rounds per category and deposits, per day of the merchant's zone. */
  rollups: {
    refresh: () => Promise<unknown>;
    gameDays: (filter: DayFilter) => Promise<{ day: string; category: string; betCount: number; validBet: number }[]>;
    moneyDays: (filter: DayFilter) => Promise<{ day: string; depositAmount: number }[]>;
    /** Members with settled rounds on the days (the evaluation job's candidates). */
    validBetByMemberAndCategory: (filter: { merchantId: number; from: string; to: string }) => Promise<{ memberId: number }[]>;
  };
  /**
   * Friends who registered with the member's referral code over the days (the referral module);
   * missing while no module serves it, and then an invite mission cannot be created.
   */
  invitesBetween?: (memberId: number, from: Date, to: Date) => Promise<number>;
  /** The points module's earning rules: a day signed in and a mission met are events they may pay for, in the same transaction. */
  pointsEvents: (
    trx: Trx,
    event:
      | { type: 'sign_in'; merchantId: number; memberId: number; localDate: string; streakDays: number }
      | { type: 'mission_completed'; merchantId: number; memberId: number; occurrenceKey: string },
  ) => Promise<unknown>;
};

/** The leaderboard shows this many members. */
export const LEADERBOARD_SIZE = 20;
/** Each run of the evaluation job looks at most at this many members per merchant. */
const EVALUATE_BATCH_MEMBERS_MAX = 2000;

/** One occurrence of a mission: its key, the local days it spans, and when it ends. */
export type Occurrence = { key: string; from: string; to: string; endsAt: Date | null };

/** The occurrence of a mission at an instant, in the merchant's zone: the day, the week (from Monday), or once ever. */
export function occurrenceOf(period: MissionInput['period'], at: Date, timeZone: string, createdAt: Date): Occurrence {
  const today = localDateOf(at, timeZone);
  if (period === 'daily') return { key: today, from: today, to: today, endsAt: startOfLocalDate(addDays(today, 1), timeZone) };
  if (period === 'weekly') {
    const monday = localDateOf(periodStartOf(at, timeZone, 'weekly'), timeZone);
    return { key: monday, from: monday, to: addDays(monday, 6), endsAt: startOfLocalDate(addDays(monday, 7), timeZone) };
  }
  return { key: 'once', from: localDateOf(createdAt, timeZone), to: today, endsAt: null };
}

/** The day of the sign-in cycle a streak day gives (1-based): day n of the streak, the cycle repeating. */
export function cycleDayOf(streak: number, cycle: number): number {
  return ((streak - 1) % cycle) + 1;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const rewardAmount = (r: RewardSpec) => (r.kind === 'bonus' ? (r.amount ?? null) : r.amount);

export type MissionsService = ReturnType<typeof createMissionsService>;

/**
 * Missions and the sign-in calendar (docs/loyalty.md). Progress is read, never counted event by
 * event: the settled real-money rounds and deposits of the occurrence's days come from the daily
 * rollups (which have each round once, whatever its wallet calls repeated), sign-ins from this
 * module's own days. A mission met is recorded once per (mission, member, occurrence) by the
 * completion's key, and its reward is added to the rewards centre in the same transaction under the
 * same key, so duplicates, repeated reads and restarts pay once.
 */
export function createMissionsService(deps: MissionsDeps) {
  const { db, now, rewards } = deps;

  async function memberOf(principal: Principal): Promise<MemberSummary> {
    const member = await findMember(db, principal.memberId);
    if (!member || member.merchantId !== principal.merchantId) throw new DomainError('unauthorized');
    return member;
  }

  // Progress.

  type Facts = {
    games: { day: string; category: string; betCount: number; validBet: number }[];
    money: { day: string; depositAmount: number }[];
    signIns: { day: string; streak: number }[];
  };

  async function factsOf(memberId: number, from: string, to: string): Promise<Facts> {
    await deps.rollups.refresh();
    const filter = { memberIds: [memberId], from, to };
    const [games, money, signIns] = await Promise.all([
      deps.rollups.gameDays(filter),
      deps.rollups.moneyDays(filter),
      repo.findSignInDays(db, memberId, from, to),
    ]);
    return { games, money, signIns };
  }

  async function progressOf(mission: repo.MissionRow, occurrence: Occurrence, facts: Facts, memberId: number, timeZone: string) {
    const input = mission.definition;
    const inRange = (day: string) => day >= occurrence.from && day <= occurrence.to;
    const games = facts.games.filter((g) => inRange(g.day) && (input.category === undefined || g.category === input.category));
    switch (input.event) {
      case 'rounds':
        return games.reduce((n, g) => n + g.betCount, 0);
      case 'valid_bet':
        return games.reduce((n, g) => n + g.validBet, 0);
      case 'deposit':
        return facts.money.filter((m) => inRange(m.day)).reduce((n, m) => n + m.depositAmount, 0);
      case 'sign_in':
        return facts.signIns.filter((s) => inRange(s.day)).length;
      case 'invite': {
        if (!deps.invitesBetween) return 0;
        const end = occurrence.endsAt ?? startOfLocalDate(addDays(occurrence.to, 1), timeZone);
        return deps.invitesBetween(memberId, startOfLocalDate(occurrence.from, timeZone), end);
      }
    }
  }

  type Evaluated = { mission: repo.MissionRow; occurrence: Occurrence; progress: number };

  /**
   * Reads the member's progress on every active mission and records the ones met (once per
   * occurrence, the reward added with it). Safe to run any number of times, from any process.
   */
  async function evaluate(member: MemberSummary): Promise<Evaluated[]> {
    const missions = await repo.findMissions(db, member.merchantId, ['active']);
    if (missions.length === 0) return [];
    const timeZone = await deps.timeZoneOf(member.merchantId);
    const at = now();
    const occurrences = missions.map((m) => occurrenceOf(m.definition.period, at, timeZone, m.created_at));
    const from = occurrences.reduce((min, o) => (o.from < min ? o.from : min), occurrences[0]!.from);
    const facts = await factsOf(member.id, from, localDateOf(at, timeZone));
    const evaluated: Evaluated[] = [];
    for (const [i, mission] of missions.entries()) {
      const occurrence = occurrences[i]!;
      const progress = await progressOf(mission, occurrence, facts, member.id, timeZone);
      evaluated.push({ mission, occurrence, progress });
    }
    const met = evaluated.filter((e) => e.progress >= e.mission.definition.target);
    if (met.length > 0) {
      await db.transaction().execute(async (trx) => {
        for (const e of met) await complete(trx, member, e);
      });
    }
    return evaluated;
  }

  async function complete(trx: Trx, member: MemberSummary, e: Evaluated): Promise<void> {
    const isNew = await repo.insertCompletion(trx, {
      missionId: e.mission.id,
      memberId: member.id,
      merchantId: member.merchantId,
      occurrence: e.occurrence.key,
      progress: e.progress,
      at: now(),
    });
    if (!isNew) return;
    await deps.pointsEvents(trx, {
      type: 'mission_completed',
      merchantId: member.merchantId,
      memberId: member.id,
      occurrenceKey: `${e.mission.id}:${e.occurrence.key}`,
    });
    await rewards.addPending(
      {
        merchantId: member.merchantId,
        memberId: member.id,
        source: 'mission',
        sourceKey: `${e.mission.id}:${e.occurrence.key}`,
        titles: e.mission.definition.titles,
        reward: e.mission.definition.reward,
        expiresAt: null,
      },
      trx,
    );
  }

  // Member reads.

  /** MCSFE_getMissionSummaryDetails: the missions with live progress, the sign-in calendar, the badge count. */
  async function summary(principal: Principal, language: string): Promise<MissionSummary> {
    const member = await memberOf(principal);
    const evaluated = await evaluate(member);
    const own = await rewards.ofSource(member.id, 'mission', '');
    const missions: MemberMission[] = evaluated.map(({ mission, occurrence, progress }) => {
      const input = mission.definition;
      const reward = own.get(`${mission.id}:${occurrence.key}`);
      const status: MissionMemberStatus = !reward ? 'IN_PROGRESS' : reward.status === 'pending' ? 'CLAIMABLE' : 'CLAIMED';
      return {
        id: mission.id,
        code: input.code,
        title: localised(input.titles, language),
        period: input.period,
        event: input.event,
        category: input.category ?? null,
        target: input.target,
        progress: Math.min(progress, input.target),
        status,
        rewardKind: input.reward.kind,
        rewardAmount: rewardAmount(input.reward),
        rewardKey: reward?.status === 'pending' ? reward.key : null,
        endsAt: occurrence.endsAt ? iso(occurrence.endsAt) : null,
      };
    });
    const signIn = await calendarOf(member);
    const claimableCount = missions.filter((m) => m.status === 'CLAIMABLE').length;
    return { missions, signIn, claimableCount: claimableCount + (signIn.days.length > 0 && !signIn.signedToday ? 1 : 0) };
  }

  /** MCSFE_getMissionLeaderboard: members ranked by missions completed today or this week. */
  async function leaderboard(principal: Principal, period: 'daily' | 'weekly'): Promise<MissionLeaderboard> {
    const member = await memberOf(principal);
    await evaluate(member);
    const timeZone = await deps.timeZoneOf(member.merchantId);
    const occurrence = occurrenceOf(period, now(), timeZone, now());
    const from = startOfLocalDate(occurrence.from, timeZone);
    const to = occurrence.endsAt ?? now();
    const ranked = await repo.rankCompletions(db, { merchantId: member.merchantId, from, to, limit: LEADERBOARD_SIZE });
    const mineIndex = ranked.findIndex((r) => r.memberId === member.id);
    return {
      period,
      from: iso(from),
      to: iso(to),
      list: ranked.map((r, i) => ({
        rank: i + 1,
        username: r.memberId === member.id ? r.username : maskName(r.username),
        completed: r.completed,
      })),
      mine: {
        rank: mineIndex >= 0 ? mineIndex + 1 : null,
        completed: mineIndex >= 0 ? ranked[mineIndex]!.completed : await repo.countCompletionsOfMember(db, member.id, from, to),
      },
    };
  }

  // Sign-in.

  async function calendarOf(member: MemberSummary): Promise<SignInCalendar> {
    const timeZone = await deps.timeZoneOf(member.merchantId);
    const today = localDateOf(now(), timeZone);
    const rewardsOfCycle = (await repo.findCalendar(db, member.merchantId)) ?? [];
    const recent = await repo.findSignInDays(db, member.id, addDays(today, -1), today);
    const todayRow = recent.find((r) => r.day === today);
    const yesterdayRow = recent.find((r) => r.day !== today);
    const streak = todayRow?.streak ?? yesterdayRow?.streak ?? 0;
    const cycle = rewardsOfCycle.length;
    // Days of the current cycle already signed: today's included once signed.
    const done = cycle === 0 || streak === 0 ? 0 : todayRow ? cycleDayOf(streak, cycle) : streak % cycle;
    const days = rewardsOfCycle.map((reward, i) => {
      const day = i + 1;
      const state: 'done' | 'today' | 'later' = day <= done ? 'done' : !todayRow && day === done + 1 ? 'today' : 'later';
      return { day, rewardKind: reward.kind, rewardAmount: rewardAmount(reward), state };
    });
    return { today, signedToday: todayRow !== undefined, streak, days };
  }

  /**
   * Signs the member in for today (the daily sign-in task): the day's row with the streak it makes,
   * and the streak day's reward waiting in the rewards centre. Twice a day answers the first.
   */
  async function signIn(principal: Principal) {
    const member = await memberOf(principal);
    const cycle = (await repo.findCalendar(db, member.merchantId)) ?? [];
    if (cycle.length === 0) throw new DomainError('sign_in_unavailable');
    const timeZone = await deps.timeZoneOf(member.merchantId);
    const today = localDateOf(now(), timeZone);
    const result = await db.transaction().execute(async (trx) => {
      const locked = await lockMember(trx, member.id, { strength: 'no key update' });
      if (locked?.status !== 'active') throw new DomainError('sign_in_unavailable');
      const recent = await repo.findSignInDays(trx, member.id, addDays(today, -1), today);
      const todayRow = recent.find((r) => r.day === today);
      if (todayRow) return { streak: todayRow.streak, isReplay: true };
      const yesterdayRow = recent.find((r) => r.day !== today);
      const streak = (yesterdayRow?.streak ?? 0) + 1;
      await repo.insertSignInDay(trx, { memberId: member.id, merchantId: member.merchantId, day: today, streak, at: now() });
      await deps.pointsEvents(trx, {
        type: 'sign_in',
        merchantId: member.merchantId,
        memberId: member.id,
        localDate: today,
        streakDays: streak,
      });
      const day = cycleDayOf(streak, cycle.length);
      await rewards.addPending(
        {
          merchantId: member.merchantId,
          memberId: member.id,
          source: 'sign_in',
          sourceKey: today,
          titles: { vi: `Điểm danh ngày ${day}`, en: `Sign-in day ${day}` },
          reward: cycle[day - 1]!,
        },
        trx,
      );
      return { streak, isReplay: false };
    });
    // A sign-in mission may be met by this day.
    await evaluate(member);
    const own = await rewards.ofSource(member.id, 'sign_in', today);
    const reward = own.get(today);
    return { day: today, streak: result.streak, rewardKey: reward?.status === 'pending' ? reward.key : null, isReplay: result.isReplay };
  }

  // The evaluation job.

  /**
   * Records the missions met by members who played today, so the leaderboard counts them without
   * their opening the page. Returns how many members it looked at.
   */
  async function evaluateActive(merchantIds: readonly number[]): Promise<number> {
    let looked = 0;
    for (const merchantId of merchantIds) {
      if ((await repo.findMissions(db, merchantId, ['active'])).length === 0) continue;
      const today = localDateOf(now(), await deps.timeZoneOf(merchantId));
      await deps.rollups.refresh();
      const members = new Set(
        (await deps.rollups.validBetByMemberAndCategory({ merchantId, from: today, to: today })).map((r) => r.memberId),
      );
      for (const memberId of [...members].slice(0, EVALUATE_BATCH_MEMBERS_MAX)) {
        const member = await findMember(db, memberId);
        if (member?.status === 'active') await evaluate(member);
        looked += 1;
      }
    }
    return looked;
  }

  // Operator.

  async function audit(executor: Kysely<DB> | Trx, op: Operator, action: string, subjectId: number | null, data: Record<string, unknown>) {
    await recordAudit(executor, {
      actorType: 'admin',
      actorId: op.adminId,
      merchantId: op.merchantId,
      action,
      subjectType: 'mission',
      subjectId,
      data,
      ip: op.ip,
    });
  }

  function checkInput(input: MissionInput) {
    if (input.event === 'invite' && !deps.invitesBetween) throw new DomainError('bad_request', 'event');
  }

  async function presentAdmin(rows: repo.MissionRow[]) {
    const counts = await repo.countCompletions(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      state: row.state,
      input: row.definition,
      completions: counts.get(row.id) ?? 0,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    }));
  }

  async function list(merchantId: number) {
    return presentAdmin(await repo.findMissions(db, merchantId, ['active', 'paused', 'ended']));
  }

  async function create(op: Operator, input: MissionInput) {
    checkInput(input);
    const row = await repo.insertMission(db, op.merchantId, input, now());
    if (!row) throw new DomainError('conflict', 'code');
    await audit(db, op, 'mission.created', row.id, { code: input.code });
    return (await presentAdmin([row]))[0]!;
  }

  /** Changes the definition; occurrences already met keep their reward. */
  async function edit(op: Operator, id: number, input: MissionInput) {
    checkInput(input);
    const before = await repo.findMission(db, op.merchantId, id);
    if (!before) throw new DomainError('not_found', 'mission');
    const other = (await repo.findMissions(db, op.merchantId, ['active', 'paused', 'ended'])).find((m) => m.code === input.code);
    if (other && other.id !== id) throw new DomainError('conflict', 'code');
    const row = await repo.updateMission(db, op.merchantId, id, input, now());
    if (!row) throw new DomainError('not_found', 'mission');
    await audit(db, op, 'mission.edited', id, { before: before.definition, after: input });
    return (await presentAdmin([row]))[0]!;
  }

  async function setState(op: Operator, id: number, state: MissionState) {
    const before = await repo.findMission(db, op.merchantId, id);
    if (!before) throw new DomainError('not_found', 'mission');
    if (before.state === 'ended' && state !== 'ended') throw new DomainError('conflict', 'ended');
    const row = await repo.setMissionState(db, op.merchantId, id, state, now());
    if (!row) throw new DomainError('not_found', 'mission');
    await audit(db, op, 'mission.state', id, { from: before.state, to: state });
    return (await presentAdmin([row]))[0]!;
  }

  async function calendar(merchantId: number): Promise<SignInCalendarInput> {
    return { rewards: (await repo.findCalendar(db, merchantId)) ?? [] };
  }

  async function setCalendar(op: Operator, input: SignInCalendarInput) {
    await repo.upsertCalendar(db, op.merchantId, input.rewards, now());
    await audit(db, op, 'sign_in_calendar.set', null, { rewards: input.rewards });
    return input;
  }

  return {
    summary,
    leaderboard,
    signIn,
    evaluateActive,
    admin: { list, create, edit, setState, calendar, setCalendar },
  };
}
