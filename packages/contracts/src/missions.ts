import { z } from 'zod';
import { okEnvelope } from './envelope.ts';
import { GAME_CATEGORIES } from './games.ts';
import { AMOUNT_MINOR_MAX } from './money.ts';
import { localisedTextsSchema, rewardSpecSchema } from './rewards.ts';

/**
 * Missions and the sign-in calendar (docs/loyalty.md). The member's calls live under
 * `/wps/member/missions` with the spec's names (`MCSFE_getMissionSummaryDetails`,
 * `MCSFE_getMissionLeaderboard`); the operator's under `/admin-api/missions`.
 */

/** How often a mission starts again: every day, every week (from Monday), or once ever. */
export const MISSION_PERIODS = ['daily', 'weekly', 'once'] as const;
export type MissionPeriod = (typeof MISSION_PERIODS)[number];
/**
 * What counts towards a mission: `rounds` settled real-money rounds (of a category, or any);
 * `valid_bet` the valid bet of those rounds (minor units); `deposit` paid deposits (minor units);
 * `sign_in` days signed in; `invite` friends who registered with the member's referral code.
 */
export const MISSION_EVENTS = ['rounds', 'valid_bet', 'deposit', 'sign_in', 'invite'] as const;
export type MissionEvent = (typeof MISSION_EVENTS)[number];
export const MISSION_STATES = ['active', 'paused', 'ended'] as const;
export type MissionState = (typeof MISSION_STATES)[number];

export const missionInputSchema = z.strictObject({
  code: z.string().regex(/^[A-Z0-9_-]{2,40}$/),
  titles: localisedTextsSchema,
  period: z.enum(MISSION_PERIODS),
  event: z.enum(MISSION_EVENTS),
  /** Rounds and valid bet: only this game category counts; missing: every category. */
  category: z.enum(GAME_CATEGORIES).optional(),
  /** How much of the event completes it (rounds, minor units, days, friends). */
  target: z.number().int().min(1).max(AMOUNT_MINOR_MAX),
  reward: rewardSpecSchema,
  sort: z.number().int().min(0).max(1000).optional(),
});
export type MissionInput = z.infer<typeof missionInputSchema>;

/** A mission for the member: `IN_PROGRESS`, `CLAIMABLE` (met, reward waiting), `CLAIMED`. */
export const MISSION_MEMBER_STATUSES = ['IN_PROGRESS', 'CLAIMABLE', 'CLAIMED'] as const;
export type MissionMemberStatus = (typeof MISSION_MEMBER_STATUSES)[number];

export const memberMissionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  period: z.enum(MISSION_PERIODS),
  event: z.enum(MISSION_EVENTS),
  category: z.string().nullable(),
  target: z.number().int(),
  progress: z.number().int(),
  status: z.enum(MISSION_MEMBER_STATUSES),
  rewardKind: z.enum(['cash', 'bonus', 'points']),
  rewardAmount: z.number().int().nullable(),
  /** The key to claim its reward with (rewards centre), once met. */
  rewardKey: z.string().nullable(),
  /** When the current occurrence ends; null for a one-off mission. */
  endsAt: z.string().nullable(),
});
export type MemberMission = z.infer<typeof memberMissionSchema>;

export const signInDaySchema = z.object({
  /** 1..cycle: the day of the streak this reward is for. */
  day: z.number().int(),
  rewardKind: z.enum(['cash', 'bonus', 'points']),
  rewardAmount: z.number().int().nullable(),
  /** `done` signed in for this streak day, `today` the day signing in now gives, `later` to come. */
  state: z.enum(['done', 'today', 'later']),
});

export const signInCalendarSchema = z.object({
  /** Today in the site's time zone (YYYY-MM-DD). */
  today: z.string(),
  signedToday: z.boolean(),
  /** Consecutive days signed in up to today (or yesterday when not yet today). */
  streak: z.number().int(),
  days: z.array(signInDaySchema),
});
export type SignInCalendar = z.infer<typeof signInCalendarSchema>;

export const missionSummarySchema = z.object({
  missions: z.array(memberMissionSchema),
  signIn: signInCalendarSchema,
  /** Missions whose reward waits to be claimed (the menu badge). */
  claimableCount: z.number().int(),
});
export type MissionSummary = z.infer<typeof missionSummarySchema>;
export const missionSummaryResponseSchema = okEnvelope(missionSummarySchema);

export const missionLeaderboardQuerySchema = z.object({ period: z.enum(['daily', 'weekly']).default('daily') });
export const missionLeaderboardSchema = z.object({
  period: z.enum(['daily', 'weekly']),
  from: z.string(),
  to: z.string(),
  /** Members ranked by missions completed in the period (ties: who got there first). */
  list: z.array(z.object({ rank: z.number().int(), username: z.string(), completed: z.number().int() })),
  mine: z.object({ rank: z.number().int().nullable(), completed: z.number().int() }),
});
export type MissionLeaderboard = z.infer<typeof missionLeaderboardSchema>;
export const missionLeaderboardResponseSchema = okEnvelope(missionLeaderboardSchema);

export const signInResponseSchema = okEnvelope(
  z.object({ day: z.string(), streak: z.number().int(), rewardKey: z.string().nullable(), isReplay: z.boolean() }),
);

// Operator.

export const SIGN_IN_CYCLE_MAX = 31;
export const signInCalendarInputSchema = z.strictObject({ rewards: z.array(rewardSpecSchema).min(1).max(SIGN_IN_CYCLE_MAX) });
export type SignInCalendarInput = z.infer<typeof signInCalendarInputSchema>;

export const adminMissionSchema = z.object({
  id: z.number().int(),
  state: z.enum(MISSION_STATES),
  input: missionInputSchema,
  completions: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const adminMissionResponseSchema = okEnvelope(adminMissionSchema);
export const adminMissionListResponseSchema = okEnvelope(z.object({ list: z.array(adminMissionSchema) }));
export const missionIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive() });
export const missionStateRequestSchema = z.strictObject({ state: z.enum(MISSION_STATES) });
/** The calendar as the console reads it: empty until an operator sets one. */
export const adminSignInCalendarResponseSchema = okEnvelope(z.strictObject({ rewards: z.array(rewardSpecSchema).max(SIGN_IN_CYCLE_MAX) }));
