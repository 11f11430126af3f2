import { z } from 'zod';
import { RG_REFUSAL_REASONS } from './responsible-gaming.ts';

/**
 * The back office's reports (`/admin-api/reports/...`, docs/reports.md). Amounts are minor units;
 * days are `YYYY-MM-DD` of the merchant's time zone, both ends included.
 */

/** The CSV exports, each at `/admin-api/reports/<name>.csv`. */
export const REPORT_EXPORTS = ['ggr', 'money', 'deposit-channels', 'players', 'top', 'bets', 'transactions', 'rg-triggers'] as const;
export type ReportExport = (typeof REPORT_EXPORTS)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const reportDayRangeSchema = z.object({ from: day, to: day });

const int = z.number().int();

const ggrRowSchema = z.object({
  key: z.string(),
  players: int.nullable(),
  rounds: int,
  stake: int,
  validBet: int,
  payout: int,
  ggr: int,
  bonus: int.nullable(),
  rebate: int.nullable(),
  ngr: int.nullable(),
});
export type ReportGgrRow = z.infer<typeof ggrRowSchema>;

export const reportGgrSchema = z.object({
  timeZone: z.string(),
  currency: z.string(),
  by: z.enum(['day', 'vendor', 'category']),
  rows: z.array(ggrRowSchema),
  total: ggrRowSchema,
});
export type ReportGgr = z.infer<typeof reportGgrSchema>;

const moneyRowSchema = z.object({
  day: z.string(),
  deposits: int,
  depositCount: int,
  depositors: int,
  withdrawals: int,
  withdrawalCount: int,
  net: int,
});
export const reportMoneySchema = z.object({
  timeZone: z.string(),
  currency: z.string(),
  rows: z.array(moneyRowSchema),
  total: moneyRowSchema.omit({ day: true }),
  channels: z.array(z.object({ channelId: int, channel: z.string(), type: z.string(), count: int, amount: int })),
  channelDays: z.array(z.object({ day: z.string(), channelId: int, channel: z.string(), type: z.string(), count: int, amount: int })),
});
export type ReportMoney = z.infer<typeof reportMoneySchema>;

export const reportPlayersSchema = z.object({
  timeZone: z.string(),
  rows: z.array(z.object({ day: z.string(), registered: int, active: int, depositing: int })),
  total: z.object({ registered: int, active: int, depositing: int }),
});
export type ReportPlayers = z.infer<typeof reportPlayersSchema>;

export const reportLiabilitySchema = z.object({
  at: z.string(),
  balances: z.array(z.object({ kind: z.string(), currency: z.string(), accounts: int, balance: int })),
  reservations: z.array(z.object({ code: z.string(), count: int, amount: int })),
  openRounds: z.object({ rounds: int, stake: int, players: int }),
});
export type ReportLiability = z.infer<typeof reportLiabilitySchema>;

const memberResultSchema = z.object({
  memberId: int,
  username: z.string(),
  betCount: int,
  stake: int,
  validBet: int,
  payout: int,
  winLoss: int,
});
export const reportTopSchema = z.object({
  timeZone: z.string(),
  currency: z.string(),
  winners: z.array(memberResultSchema),
  losers: z.array(memberResultSchema),
});
export type ReportTop = z.infer<typeof reportTopSchema>;

export const reportRgSchema = z.object({
  at: z.string(),
  selfExcluded: z.array(z.object({ memberId: int, username: z.string(), permanent: z.boolean(), until: z.string().nullable() })),
  onBreak: z.array(z.object({ memberId: int, username: z.string(), until: z.string() })),
  limits: z.array(
    z.object({
      memberId: int,
      username: z.string(),
      kind: z.enum(['deposit', 'loss', 'wager']),
      period: z.enum(['daily', 'weekly', 'monthly']),
      amount: int,
      used: int,
      reached: z.boolean(),
    }),
  ),
});
export type ReportRg = z.infer<typeof reportRgSchema>;

/**
 * The responsible-gaming triggers per day: for each day and reason (a limit: deposit, loss, wager;
 * or the member's break or self-exclusion), how many members were refused and how many times; `totals` per kind over the range (a member
 * refused on several days counts once).
 */
export const reportRgTriggersSchema = z.object({
  timeZone: z.string(),
  rows: z.array(z.object({ day: z.string(), kind: z.enum(RG_REFUSAL_REASONS), members: int, refusals: int })),
  totals: z.array(z.object({ kind: z.enum(RG_REFUSAL_REASONS), members: int, refusals: int })),
});
export type ReportRgTriggers = z.infer<typeof reportRgTriggersSchema>;

export const reportDownloadSchema = z.object({ url: z.string(), expiresAt: z.string() });
