import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Bet, type BetKind, type Leg, SYSTEMS, settleBet } from './bets.ts';
import { BookError, SportsBook } from './book.ts';
import type { FeedMessage } from './feed/messages.ts';
import { simulateFeed } from './feed/simulated.ts';
import { foldFeed, selectionOutcome } from './feed/state.ts';
import type { MarketSpec, SportEvent } from './model.ts';
import type { Outcome } from './settle-market.ts';

const match = (id: string): SportEvent => ({
  kind: 'match',
  id,
  sportId: 'football',
  competitionId: 'c',
  startsAt: 0,
  home: 'A',
  away: 'B',
  bestOf: null,
});
const X12: MarketSpec = { type: '1x2', period: 'ft' };
const AH: MarketSpec = { type: 'ah', period: 'ft', line: -1 };
const W: Outcome = { kind: 'win' };
const L: Outcome = { kind: 'lose' };
const HL: Outcome = { kind: 'half-lose' };

const fixture = (seq: number, eventId: string): FeedMessage => ({
  seq,
  at: seq,
  type: 'fixture',
  eventId,
  event: match(eventId),
  phase: 'prematch',
});
const odds = (seq: number, eventId: string, key: string, spec: MarketSpec, prices: Record<string, number>): FeedMessage => ({
  seq,
  at: seq,
  type: 'odds',
  eventId,
  marketId: `${eventId}/${key}`,
  spec,
  status: 'open',
  prices,
});
const settle = (seq: number, marketId: string, outcomes: Record<string, Outcome>): FeedMessage => ({
  seq,
  at: seq,
  type: 'settle',
  eventId: marketId.split('/')[0] as string,
  marketId,
  outcomes,
});
const rollback = (seq: number, marketId: string): FeedMessage => ({
  seq,
  at: seq,
  type: 'rollback',
  eventId: marketId.split('/')[0] as string,
  marketId,
});
const cancel = (seq: number, eventId: string, marketIds: string[] | null): FeedMessage => ({
  seq,
  at: seq,
  type: 'cancel',
  eventId,
  marketIds,
  reason: 'test',
});

const OPEN = [
  fixture(1, 'e1'),
  fixture(2, 'e2'),
  odds(3, 'e1', '1x2:ft', X12, { home: 1900, draw: 3400, away: 4000 }),
  odds(4, 'e1', 'ah:ft:-0.25', AH, { home: 1900, away: 1950 }),
  odds(5, 'e2', '1x2:ft', X12, { home: 1500, draw: 4000, away: 6000 }),
];
const homeX12 = (s: number, o: Outcome): FeedMessage => settle(s, 'e1/1x2:ft', { home: o, draw: L, away: L });
const leg = (marketId: string, selectionId: string, o: number): Leg => ({
  eventId: marketId.split('/')[0] as string,
  marketId,
  selectionId,
  odds: o,
});
const single = (l: Leg, id = 'b1'): Bet => ({ id, memberId: 'm', kind: { type: 'single' }, legs: [l], unitStake: 1000 });

/** Resettlement and rollback move only the difference: every figure below is worked out by hand. */
type ResettleCase = { name: string; bet: Bet; messages: FeedMessage[]; ledger: Array<[string, number]>; balance: number };
const CASES: ResettleCase[] = [
  {
    name: 'win 1900, rollback takes it back, resettled as a loss',
    bet: single(leg('e1/1x2:ft', 'home', 1900)),
    messages: [homeX12(10, W), rollback(11, 'e1/1x2:ft'), homeX12(12, L)],
    ledger: [
      ['stake', -1000],
      ['settle', 1900],
      ['rollback', -1900],
    ],
    balance: 9000,
  },
  {
    name: 'loss corrected to a win: the whole return once',
    bet: single(leg('e1/1x2:ft', 'home', 1900)),
    messages: [homeX12(10, L), homeX12(11, W)],
    ledger: [
      ['stake', -1000],
      ['resettle', 1900],
    ],
    balance: 10_900,
  },
  {
    name: 'AH -0.25 won (1900) corrected to a half loss (500): −1400',
    bet: single(leg('e1/ah:ft:-0.25', 'home', 1900)),
    messages: [settle(10, 'e1/ah:ft:-0.25', { home: W, away: L }), settle(11, 'e1/ah:ft:-0.25', { home: HL, away: { kind: 'half-win' } })],
    ledger: [
      ['stake', -1000],
      ['settle', 1900],
      ['resettle', -1400],
    ],
    balance: 9500,
  },
  {
    name: 'the same settlement twice pays once',
    bet: single(leg('e1/1x2:ft', 'home', 1900)),
    messages: [homeX12(10, W), homeX12(10, W)],
    ledger: [
      ['stake', -1000],
      ['settle', 1900],
    ],
    balance: 10_900,
  },
  {
    name: 'a win, then the event void: −900 to a refund',
    bet: single(leg('e1/1x2:ft', 'home', 1900)),
    messages: [homeX12(10, W), cancel(11, 'e1', null)],
    ledger: [
      ['stake', -1000],
      ['settle', 1900],
      ['resettle', -900],
    ],
    balance: 10_000,
  },
  {
    name: 'parlay 2.00 × 1.50 won (3000), one leg rolled back (−3000), then void (2000)',
    bet: {
      id: 'p',
      memberId: 'm',
      kind: { type: 'parlay' },
      unitStake: 1000,
      legs: [leg('e1/1x2:ft', 'home', 2000), leg('e2/1x2:ft', 'home', 1500)],
    },
    messages: [
      homeX12(10, W),
      settle(11, 'e2/1x2:ft', { home: W, draw: L, away: L }),
      rollback(12, 'e2/1x2:ft'),
      cancel(13, 'e2', ['e2/1x2:ft']),
    ],
    ledger: [
      ['stake', -1000],
      ['settle', 3000],
      ['rollback', -3000],
      ['settle', 2000],
    ],
    balance: 11_000,
  },
  {
    name: 'a rollback that arrives before the older settlement: nothing paid',
    bet: single(leg('e1/1x2:ft', 'home', 1900)),
    messages: [rollback(12, 'e1/1x2:ft'), homeX12(10, W)],
    ledger: [['stake', -1000]],
    balance: 9000,
  },
  {
    name: 'a market void (refund), then its cancellation rolled back',
    bet: single(leg('e1/1x2:ft', 'home', 1900)),
    messages: [cancel(10, 'e1', ['e1/1x2:ft']), rollback(11, 'e1/1x2:ft')],
    ledger: [
      ['stake', -1000],
      ['settle', 1000],
      ['rollback', -1000],
    ],
    balance: 9000,
  },
  {
    name: 'a parlay lost on its first leg is settled at 0 before the other leg',
    bet: {
      id: 'p',
      memberId: 'm',
      kind: { type: 'parlay' },
      unitStake: 1000,
      legs: [leg('e1/1x2:ft', 'home', 2000), leg('e2/1x2:ft', 'home', 1500)],
    },
    messages: [homeX12(10, L)],
    ledger: [['stake', -1000]],
    balance: 9000,
  },
];

describe('golden table: resettlement and rollback move the difference only', () => {
  it.each(CASES)('$name', ({ bet, messages, ledger, balance }) => {
    const book = new SportsBook({ m: 10_000 });
    for (const m of OPEN) book.apply(m);
    book.place(bet);
    for (const m of messages) book.apply(m);
    expect(book.ledger.map((e) => [e.kind, e.amount])).toEqual(ledger);
    expect(book.balanceOf('m')).toBe(balance);
    expect(book.balanceOf('m') + book.houseBalance).toBe(10_000);
    // The same end state from a snapshot instead of the messages.
    const fromSnapshot = new SportsBook({ m: 10_000 });
    fromSnapshot.place(bet);
    fromSnapshot.applySnapshot(foldFeed([...OPEN, ...messages]));
    expect(fromSnapshot.balanceOf('m')).toBe(balance);
  });
});

describe('placing against the current market', () => {
  it('takes the current price by the member’s policy and refuses a closed market or a short balance, changing nothing', () => {
    const book = new SportsBook({ m: 1500 });
    for (const m of OPEN) book.apply(m);
    const wanted = single(leg('e1/1x2:ft', 'home', 1850));
    expect(() => book.placeAtCurrentOdds(wanted, 'none')).toThrow(BookError);
    expect(book.placeAtCurrentOdds(wanted, 'higher').legs[0]?.odds).toBe(1900);
    expect(book.balanceOf('m')).toBe(500);
    expect(() => book.placeAtCurrentOdds(single(leg('e1/1x2:ft', 'draw', 3400), 'b2'), 'any')).toThrow(
      'The balance is too low for this stake.',
    );
    book.apply({ seq: 20, at: 20, type: 'betStop', eventId: 'e1', marketIds: null });
    expect(() => book.placeAtCurrentOdds({ ...single(leg('e1/1x2:ft', 'draw', 3400), 'b3'), unitStake: 100 }, 'any')).toThrow(
      'This market is not taking bets now.',
    );
    expect(() => book.place({ ...single(leg('e1/1x2:ft', 'draw', 3400), 'b4'), kind: { type: 'parlay' } })).toThrow(
      'A parlay has 2 to 10 selections.',
    );
    expect(book.balanceOf('m')).toBe(500);
    expect(book.ledger).toHaveLength(1);
  });
});

describe('property: a day of the simulated feed, replayed twice, shuffled, with duplicates', { timeout: 300_000 }, () => {
  const sim = simulateFeed({ seed: 'replay-day', start: Date.UTC(2026, 10, 27, 6), days: 1 });
  const messages = sim.messages;
  // The first prices of every market: what the bets are placed at.
  const firstPrices = new Map<string, FeedMessage & { type: 'odds' }>();
  for (const m of messages) if (m.type === 'odds' && !firstPrices.has(m.marketId)) firstPrices.set(m.marketId, m);
  const markets = [...firstPrices.values()].filter((m) => Object.keys(m.prices).length > 0);
  const legOf = (pick: number, sel: number): Leg => {
    const m = markets[pick % markets.length] as FeedMessage & { type: 'odds' };
    const selections = Object.keys(m.prices);
    const selectionId = selections[sel % selections.length] as string;
    return { eventId: m.eventId, marketId: m.marketId, selectionId, odds: m.prices[selectionId] as number };
  };
  const members = ['m1', 'm2', 'm3', 'm4'];
  const opening = Object.fromEntries(members.map((m) => [m, 50_000_000]));
  // Bets on every market the feed rolls back and resettles, so the property always meets a correction.
  const rolledBack = [...new Set(messages.flatMap((m) => (m.type === 'rollback' ? [m.marketId] : [])))];
  const fixedBets: Bet[] = rolledBack.flatMap((marketId, i) => {
    const m = firstPrices.get(marketId);
    if (!m) return [];
    const selectionId = Object.keys(m.prices)[0] as string;
    return [
      {
        id: `rb-${i}`,
        memberId: 'm1',
        kind: { type: 'single' },
        unitStake: 1000 + i,
        legs: [{ eventId: m.eventId, marketId, selectionId, odds: m.prices[selectionId] as number }],
      },
    ];
  });

  const kinds: BetKind[] = [
    { type: 'single' },
    { type: 'parlay' },
    ...Object.keys(SYSTEMS).map((s) => ({ type: 'system', system: s }) as BetKind),
  ];
  const betArb = fc.record({
    member: fc.constantFrom(...members),
    kind: fc.constantFrom(...kinds),
    legs: fc.integer({ min: 2, max: 10 }),
    picks: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 10, maxLength: 10 }),
    stake: fc.integer({ min: 1, max: 5000 }),
  });
  const toBet = (
    b: { member: string; kind: BetKind; legs: number; picks: Array<[number, number]>; stake: number },
    i: number,
  ): Bet | null => {
    const n = b.kind.type === 'single' ? 1 : b.kind.type === 'system' ? SYSTEMS[b.kind.system].legs : b.legs;
    const legs: Leg[] = [];
    for (const [pick, sel] of b.picks) {
      const l = legOf(pick, sel);
      if (!legs.some((x) => x.eventId === l.eventId)) legs.push(l);
      if (legs.length === n) break;
    }
    if (legs.length < n) return null;
    return { id: `bet-${i}`, memberId: b.member, kind: b.kind, legs, unitStake: b.stake };
  };

  const run = (bets: Bet[], stream: FeedMessage[]): SportsBook => {
    const book = new SportsBook(opening);
    for (const b of bets) book.place(b);
    for (const m of stream) book.apply(m);
    return book;
  };

  it('leaves identical balances and bet records, every bet settled as the final state says, and books that balance', () => {
    fc.assert(
      fc.property(
        fc.array(betArb, { minLength: 20, maxLength: 60 }),
        fc
          .subarray(messages, { maxLength: 400 })
          .chain((dups) => fc.shuffledSubarray([...messages, ...dups], { minLength: messages.length + dups.length })),
        (drawn, shuffled) => {
          const bets = [...fixedBets, ...drawn.map(toBet).filter((b): b is Bet => b !== null)];
          const ordered = run(bets, [...messages, ...messages]);
          const mixed = run(bets, shuffled);
          const final = foldFeed(messages);
          expect(mixed.feed).toEqual(ordered.feed);
          for (const member of members) expect(mixed.balanceOf(member)).toBe(ordered.balanceOf(member));
          for (const book of [ordered, mixed]) {
            const total = members.reduce((s, m) => s + book.balanceOf(m), 0);
            expect(total + book.houseBalance).toBe(members.length * 50_000_000);
            for (const member of members) {
              const moved = book.ledger.filter((e) => e.memberId === member).reduce((s, e) => s + e.amount, 0);
              expect(moved).toBe(book.balanceOf(member) - 50_000_000);
            }
          }
          for (const bet of bets) {
            const a = ordered.betRecord(bet.id);
            const b = mixed.betRecord(bet.id);
            expect(b).toEqual(a);
            const expected = settleBet(
              bet,
              bet.legs.map((l) => selectionOutcome(final, l.marketId, l.selectionId)),
            );
            expect(expected.state).toBe('settled');
            expect(a?.paid).toBe(expected.state === 'settled' ? expected.returnMinor : -1);
            const paidInLedger = ordered.ledger.filter((e) => e.betId === bet.id && e.kind !== 'stake').reduce((s, e) => s + e.amount, 0);
            expect(paidInLedger).toBe(a?.paid);
          }
          expect(ordered.ledger.some((e) => e.kind === 'rollback' || e.kind === 'resettle')).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  });
});
