import { describe, expect, it } from 'vitest';
import { checkPublishedRaffle, drawRaffle } from './raffle.ts';
import { commitmentOf, newServerSeed } from './rng.ts';

describe('a raffle checked from its public list', () => {
  const seed = newServerSeed();
  const members = [
    { memberId: 40, tickets: 2 },
    { memberId: 7, tickets: 5 },
    { memberId: 19, tickets: 1 },
    { memberId: 23, tickets: 0 },
  ];
  // The list numbers the entries with tickets in member order: 7 → 1, 19 → 2, 40 → 3.
  const entryOf = new Map([
    [7, 1],
    [19, 2],
    [40, 3],
  ]);
  const winners = drawRaffle(seed, 12, members, 2);
  const list = {
    promotionId: 12,
    commitment: commitmentOf(seed),
    seed,
    prizes: [500, 100],
    entries: [
      { entry: 1, tickets: 5 },
      { entry: 2, tickets: 1 },
      { entry: 3, tickets: 2 },
    ],
    winners: winners.map((memberId, i) => ({ rank: i + 1, entry: entryOf.get(memberId) ?? 0 })),
  };

  it('gives the same winners from the entry numbers as the server from the member ids', () => {
    expect(checkPublishedRaffle(list)).toEqual({ commitmentMatches: true, winners: list.winners.map((w) => w.entry), winnersMatch: true });
  });

  it('finds a changed seed, changed tickets or changed winners; says nothing before the draw', () => {
    expect(checkPublishedRaffle({ ...list, seed: newServerSeed() })?.commitmentMatches).toBe(false);
    const swapped = list.winners.map((w, i) => ({ ...w, entry: list.winners[1 - i]?.entry ?? 0 }));
    expect(checkPublishedRaffle({ ...list, winners: swapped })?.winnersMatch).toBe(false);
    expect(checkPublishedRaffle({ ...list, winners: list.winners.slice(0, 1) })?.winnersMatch).toBe(false);
    expect(checkPublishedRaffle({ ...list, seed: null })).toBeUndefined();
  });
});
