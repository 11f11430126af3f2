import { describe, expect, it } from 'vitest';
import { ESPORTS_TITLES } from '../model.ts';
import { describeFeedConformance } from './conformance.test-support.ts';
import type { FeedMessage } from './messages.ts';
import { dayOf, type FeedPosition, RollingSimulatedFeed, simulateDay } from './simulated.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 10, 27, 6);

/** Moves a feed's clock in steps, collecting what it publishes. */
function play(feed: RollingSimulatedFeed, until: number, step: number, from = START): FeedMessage[] {
  const out: FeedMessage[] = [];
  const unsubscribe = feed.subscribe((m) => out.push(m));
  for (let t = from; t < until; t += step) feed.advanceTo(Math.min(t + step, until));
  unsubscribe();
  return out;
}

describeFeedConformance('rolling simulated feed (two days on, fixtures a day ahead)', () => {
  const feed = new RollingSimulatedFeed({ seed: 'rolling-conformance', start: START, lead: 1 });
  return { adapter: feed, run: async () => void feed.advanceTo(START + 2 * DAY) };
});

// Writing a day of play takes about a second on a quiet machine; the time-outs allow for a busy one.
describe('rolling simulated feed', { timeout: 300_000 }, () => {
  const lead = 2;
  const until = START + 3 * DAY;
  const whole = play(new RollingSimulatedFeed({ seed: 'roll', start: START, lead }), until, 7 * HOUR);

  it('keeps announcing the days ahead: fixtures for every day until the clock stops, in every sport and title', () => {
    const fixtures = whole.filter((m): m is FeedMessage & { type: 'fixture' } => m.type === 'fixture' && m.phase === 'prematch');
    const days = new Set(fixtures.map((m) => dayOf(m.event.startsAt)));
    // From the day after the start to `lead` days after the last one played.
    for (let day = dayOf(START) + 1; day <= dayOf(until) + lead; day++) expect(days.has(day), `fixtures of day ${day}`).toBe(true);
    expect(Math.max(...days)).toBe(dayOf(until) + lead);
    // A day is announced `lead` days ahead (the first days at the start).
    for (const m of fixtures) expect(m.at).toBe(Math.max(START, (dayOf(m.event.startsAt) - lead) * DAY));
    const lastDay = fixtures.filter((m) => dayOf(m.event.startsAt) === dayOf(until) + lead).map((m) => m.event.sportId);
    expect(new Set(lastDay)).toEqual(new Set(['football', 'basketball', ...ESPORTS_TITLES]));
  });

  it('is the same script whatever the steps of the clock, and another for another seed', () => {
    expect(play(new RollingSimulatedFeed({ seed: 'roll', start: START, lead }), until, 29 * HOUR)).toEqual(whole);
    const other = play(new RollingSimulatedFeed({ seed: 'roll-2', start: START, lead }), START + DAY, DAY);
    expect(other).not.toEqual(whole.slice(0, other.length));
  });

  it('resumed from a position, publishes exactly what a feed that never stopped did, under the same numbers', () => {
    for (const cut of [Math.floor((2 * whole.length) / 3)]) {
      const last = whole[cut] as FeedMessage;
      // The position as the feed gives it after a move of its clock to that message's time.
      const upTo = whole.filter((m) => m.at <= last.at);
      const from: FeedPosition = { at: last.at, seq: upTo.length };
      const resumed = new RollingSimulatedFeed({ seed: 'roll', start: START, lead, from });
      expect(resumed.position).toEqual(from);
      expect(play(resumed, until, 11 * HOUR, last.at)).toEqual(whole.slice(upTo.length));
      expect(resumed.position).toEqual({ at: until, seq: whole.length });
    }
  });

  it("writes every day's messages between its announcement and the end of the next day", () => {
    for (const day of [dayOf(START) + 3]) {
      const announceAt = (day - lead) * DAY;
      const { messages } = simulateDay('roll', day, announceAt);
      for (const m of messages) {
        expect(m.at).toBeGreaterThanOrEqual(announceAt);
        expect(m.at).toBeLessThan((day + 2) * DAY);
      }
    }
  });

  it('never has a team in two live events at once', () => {
    const live = new Map<string, { teams: string[]; from: number; to: number }>();
    for (const m of whole) {
      if (m.type !== 'fixture' || m.event.kind !== 'match') continue;
      const row = live.get(m.eventId) ?? { teams: [m.event.home, m.event.away], from: Number.NaN, to: Number.POSITIVE_INFINITY };
      if (m.phase === 'live') row.from = m.at;
      if (m.phase === 'ended') row.to = m.at;
      live.set(m.eventId, row);
    }
    const byTeam = new Map<string, Array<{ id: string; from: number; to: number }>>();
    for (const [id, row] of live) {
      if (Number.isNaN(row.from)) continue;
      for (const team of row.teams) byTeam.set(team, [...(byTeam.get(team) ?? []), { id, from: row.from, to: row.to }]);
    }
    expect(byTeam.size).toBeGreaterThan(30);
    for (const [team, spans] of byTeam) {
      spans.sort((a, b) => a.from - b.from);
      for (let i = 1; i < spans.length; i++) {
        const [a, b] = [spans[i - 1], spans[i]] as [{ id: string; to: number }, { id: string; from: number }];
        expect(b.from, `${team}: ${a.id} and ${b.id}`).toBeGreaterThanOrEqual(a.to);
      }
    }
  });

  it("keeps e-sports on their own clock (the map under way, the break after it) and basketball's on quarters", () => {
    const clocks = whole.flatMap((m) => (m.type === 'result' && m.clock ? [{ eventId: m.eventId, ...m.clock }] : []));
    const esports = clocks.filter((c) => ESPORTS_TITLES.some((t) => c.eventId.startsWith(`${t}-`)));
    expect(new Set(esports.map((c) => c.period))).toEqual(new Set(['map', 'break']));
    expect(esports.some((c) => c.period === 'map' && c.index >= 3)).toBe(true);
    const basketball = clocks.filter((c) => c.eventId.startsWith('bb-'));
    expect(basketball.some((c) => c.period === 'quarter' && c.index === 4)).toBe(true);
    expect(clocks.filter((c) => c.eventId.startsWith('fb-'))).toEqual([]);
  });
});
