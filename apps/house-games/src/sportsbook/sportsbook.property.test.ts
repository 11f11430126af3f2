import { type Bet, type BetKind, SYSTEMS } from '@platform/sportsbook/bets';
import { SportsBook } from '@platform/sportsbook/book';
import type { FeedMessage } from '@platform/sportsbook/feed/messages';
import { simulateFeed } from '@platform/sportsbook/feed/simulated';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { harness, player } from './sportsbook.test-support.ts';
import type { SlipInput } from './sportsbook.ts';

/**
 * The server's book against the pure one (`@platform/sportsbook/book`), through the seamless wallet:
 * a simulated day, bets placed at the opening prices, then the day's messages in order or shuffled
 * with duplicates. Both leave the same payments per bet, the same balances and balanced books.
 */
const START = Date.UTC(2026, 10, 27, 6);
const day = simulateFeed({ seed: 'server-replay', start: START, days: 1 });
const opening = day.messages.filter((m) => m.at <= START);
const openMarkets = (() => {
  const last = new Map<string, FeedMessage & { type: 'odds' }>();
  for (const m of opening) if (m.type === 'odds' && Object.keys(m.prices).length > 0) last.set(m.marketId, m);
  return [...last.values()];
})();
const rolledBack = new Set(day.messages.flatMap((m) => (m.type === 'rollback' ? [m.marketId] : [])));
const MEMBERS = [1, 2] as const;
const OPENING_BALANCE = 500_000_000;

type Drawn = { member: 1 | 2; kind: BetKind; picks: Array<[number, number]>; stake: number };

function slipOf(d: Drawn): SlipInput | null {
  const n = d.kind.type === 'single' ? 1 : d.kind.type === 'system' ? SYSTEMS[d.kind.system].legs : Math.max(2, (d.picks[0]?.[0] ?? 2) % 6);
  const legs: SlipInput['legs'] = [];
  for (const [pick, sel] of d.picks) {
    const m = openMarkets[pick % openMarkets.length] as FeedMessage & { type: 'odds' };
    if (legs.some((l) => l.eventId === m.eventId)) continue;
    const selections = Object.keys(m.prices);
    const selectionId = selections[sel % selections.length] as string;
    legs.push({ eventId: m.eventId, marketId: m.marketId, selectionId, odds: m.prices[selectionId] as number });
    if (legs.length === n) break;
  }
  return legs.length === n ? { kind: d.kind, legs, unitStake: d.stake } : null;
}

/** Bets on the markets a correction rolls back, on every selection: the resettlement path for sure. */
const fixedSlips: SlipInput[] = openMarkets
  .filter((m) => rolledBack.has(m.marketId))
  .slice(0, 6)
  .flatMap((m) =>
    Object.entries(m.prices).map(([selectionId, odds]) => ({
      kind: { type: 'single' as const },
      legs: [{ eventId: m.eventId, marketId: m.marketId, selectionId, odds }],
      unitStake: 10_000,
    })),
  );

async function runServer(slips: Array<{ member: 1 | 2; slip: SlipInput }>, stream: FeedMessage[]) {
  const h = harness({
    balances: { t1: OPENING_BALANCE, t2: OPENING_BALANCE },
    limits: { minStake: 1, maxStake: 1e12, maxPayout: 1e12, liabilityLimit: 1e15, inPlayDelayMs: 0 },
  });
  await h.book.start();
  for (const m of opening) h.book.sink.apply(m);
  await h.book.idle();
  const placed: Bet[] = [];
  for (const [i, s] of slips.entries()) {
    const b = await h.book.place(player(s.member), { ...s.slip, requestId: `prop-${String(i).padStart(6, '0')}`, policy: 'none' });
    placed.push({ id: b.id, memberId: b.username, kind: b.kind, legs: b.legs, unitStake: b.unitStake });
  }
  for (const [i, m] of stream.entries()) {
    h.book.sink.apply(m);
    // Settled as they come: every settlement, rollback and cancellation, and now and then the rest.
    if (m.type === 'settle' || m.type === 'rollback' || m.type === 'cancel' || i % 97 === 0) await h.book.idle();
  }
  await h.book.idle();
  await h.book.stop();
  return { h, placed };
}

const kinds: BetKind[] = [
  { type: 'single' },
  { type: 'parlay' },
  { type: 'system', system: '2/3' },
  { type: 'system', system: 'trixie' },
  { type: 'system', system: 'yankee' },
];
const drawnArb = fc.record({
  member: fc.constantFrom(...MEMBERS),
  kind: fc.constantFrom(...kinds),
  picks: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 12, maxLength: 12 }),
  stake: fc.integer({ min: 1, max: 50_000 }),
});

describe('sportsbook server: a simulated day replayed', () => {
  it('has bets on the markets the day corrects', () => {
    expect(fixedSlips.length).toBeGreaterThan(3);
  });

  it('in order and shuffled with duplicates: the same payments as the pure book, balances equal, books balanced', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(drawnArb, { minLength: 10, maxLength: 25 }),
        fc
          .array(fc.constantFrom(...day.messages), { maxLength: 300 })
          .chain((dups) => fc.shuffledSubarray([...day.messages, ...dups], { minLength: day.messages.length + dups.length })),
        async (drawn, shuffled) => {
          const slips = [
            ...fixedSlips.map((slip, i) => ({ member: ((i % 2) + 1) as 1 | 2, slip })),
            ...drawn.flatMap((d) => {
              const slip = slipOf(d);
              return slip ? [{ member: d.member, slip }] : [];
            }),
          ];
          const ordered = await runServer(slips, day.messages);
          const mixed = await runServer(slips, shuffled);
          const pure = new SportsBook({ m1: OPENING_BALANCE, m2: OPENING_BALANCE });
          for (const m of opening) pure.apply(m);
          for (const b of ordered.placed) pure.place(b);
          for (const m of day.messages) pure.apply(m);

          // The day's correction went through the server's correction rounds (a debit of the difference).
          expect(ordered.h.wallet.calls.some((c) => c.call === 'debit' && /-c\d+$/.test(String(c.body.transactionId)))).toBe(true);
          expect(mixed.h.wallet.balances).toEqual(ordered.h.wallet.balances);
          for (const n of MEMBERS) expect(ordered.h.wallet.balances[`t${n}`]).toBe(pure.balanceOf(`m${n}`));
          for (const [i, b] of ordered.placed.entries()) {
            const expected = pure.betRecord(b.id);
            const a = ordered.h.book.bet(b.id);
            const c = mixed.h.book.bet(mixed.placed[i]?.id as string);
            expect(a?.paid).toBe(expected?.paid);
            expect(c?.paid).toBe(expected?.paid);
            expect(c?.state).toBe(a?.state);
            expect(c?.outcomes).toEqual(a?.outcomes);
            expect(a?.pending).toBeNull();
            expect(c?.pending).toBeNull();
          }
          // Books balance: what the members hold plus what the house kept is what they came with.
          for (const run of [ordered, mixed]) {
            const bets = [...run.h.book.allBets()];
            const houseKept = bets.reduce((s, b) => s + b.stake - b.paid, 0);
            const held = MEMBERS.reduce((s, n) => s + (run.h.wallet.balances[`t${n}`] as number), 0);
            expect(held + houseKept).toBe(2 * OPENING_BALANCE);
            expect(run.h.wallet.held.size).toBe(0);
          }
        },
      ),
      { numRuns: 3, endOnFailure: true },
    );
    // Six replays of a day with their journals' fsyncs: minutes on a loaded machine.
  }, 300_000);
});
