import { MONEY_FIELDS } from './daily-stats.money-rules.ts';
import type { GameDayRow, MoneyDayRow } from './daily-stats.repository.ts';
import type { TeamActivityDelta, TeamGameDelta, TeamMoneyDelta } from './team-rollups.repository.ts';

/**
 * How member-row changes become team-row deltas (ADR 0018): a change of a member's day is added to
 * the team rows of every ancestor its upline path names (not the member itself). Sums are additive;
 * the count of members who played a day changes by one when the member's day goes from no rounds to
 * some (any category) or back.
 */

const GAME_FIGURES = ['betCount', 'stake', 'validBet', 'payout', 'winLoss'] as const;

/** The ancestors a path names, the member itself left out: `/1/5/23/` of 23 → [1, 5]. */
export function ancestorsOf(uplinePath: string, memberId: number): number[] {
  return uplinePath
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((id) => id !== memberId);
}

function pathOf(paths: ReadonlyMap<number, string>, memberId: number): string {
  const path = paths.get(memberId);
  if (path === undefined) throw new Error(`member ${memberId} has no upline path`);
  return path;
}

type GameRow = Omit<GameDayRow, 'merchantId'>;

/**
 * The team deltas of replacing member game days: `before` holds every row (all categories) of the
 * touched member-days as they were, `after` the recomputed figures of the touched categories
 * (`betCount` 0 where a day was emptied).
 */
export function teamGameDeltasOf(
  before: readonly GameRow[],
  after: readonly GameDayRow[],
  paths: ReadonlyMap<number, string>,
): { game: TeamGameDelta[]; activity: TeamActivityDelta[] } {
  const beforeOf = new Map(before.map((r) => [`${r.memberId}|${r.day}|${r.category}`, r]));
  const game = new Map<string, TeamGameDelta>();
  const memberDays = new Map<string, { merchantId: number; memberId: number; day: string; categories: Map<string, number> }>();
  for (const r of before) {
    const key = `${r.memberId}|${r.day}`;
    const entry = memberDays.get(key) ?? { merchantId: 0, memberId: r.memberId, day: r.day, categories: new Map() };
    entry.categories.set(r.category, r.betCount);
    memberDays.set(key, entry);
  }
  const activeBefore = new Map([...memberDays].map(([key, e]) => [key, [...e.categories.values()].some((n) => n > 0)]));
  for (const r of after) {
    const was = beforeOf.get(`${r.memberId}|${r.day}|${r.category}`);
    const key = `${r.memberId}|${r.day}`;
    const entry = memberDays.get(key) ?? { merchantId: r.merchantId, memberId: r.memberId, day: r.day, categories: new Map() };
    entry.merchantId = r.merchantId;
    entry.categories.set(r.category, r.betCount);
    memberDays.set(key, entry);
    const delta = GAME_FIGURES.map((f) => r[f] - (was?.[f] ?? 0));
    if (delta.every((d) => d === 0)) continue;
    for (const ancestorId of ancestorsOf(pathOf(paths, r.memberId), r.memberId)) {
      const k = `${ancestorId}|${r.day}|${r.category}`;
      const sum = game.get(k) ?? {
        merchantId: r.merchantId,
        ancestorId,
        day: r.day,
        category: r.category,
        betCount: 0,
        stake: 0,
        validBet: 0,
        payout: 0,
        winLoss: 0,
      };
      GAME_FIGURES.forEach((f, i) => {
        sum[f] += delta[i] as number;
      });
      game.set(k, sum);
    }
  }
  const activity = new Map<string, TeamActivityDelta>();
  for (const [key, e] of memberDays) {
    if (e.merchantId === 0) continue; // not touched
    const was = activeBefore.get(key) ?? false;
    const is = [...e.categories.values()].some((n) => n > 0);
    if (was === is) continue;
    for (const ancestorId of ancestorsOf(pathOf(paths, e.memberId), e.memberId)) {
      const k = `${ancestorId}|${e.day}`;
      const sum = activity.get(k) ?? { merchantId: e.merchantId, ancestorId, day: e.day, activeMembers: 0 };
      sum.activeMembers += is ? 1 : -1;
      activity.set(k, sum);
    }
  }
  return {
    game: [...game.values()].filter((g) => GAME_FIGURES.some((f) => g[f] !== 0)),
    activity: [...activity.values()].filter((a) => a.activeMembers !== 0),
  };
}

/** The team deltas of member money deltas: each added to every ancestor of its member. */
export function teamMoneyDeltasOf(deltas: readonly MoneyDayRow[], paths: ReadonlyMap<number, string>): TeamMoneyDelta[] {
  const byKey = new Map<string, TeamMoneyDelta>();
  for (const d of deltas) {
    for (const ancestorId of ancestorsOf(pathOf(paths, d.memberId), d.memberId)) {
      const k = `${ancestorId}|${d.day}`;
      const sum = byKey.get(k) ?? {
        merchantId: d.merchantId,
        ancestorId,
        day: d.day,
        depositAmount: 0,
        depositCount: 0,
        withdrawalAmount: 0,
        withdrawalCount: 0,
        bonusAmount: 0,
        transferInAmount: 0,
        transferOutAmount: 0,
      };
      for (const f of MONEY_FIELDS) sum[f] += d[f];
      byKey.set(k, sum);
    }
  }
  return [...byKey.values()];
}
