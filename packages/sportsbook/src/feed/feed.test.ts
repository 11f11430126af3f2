import { describe, expect, it } from 'vitest';
import type { SportEvent } from '../model.ts';
import { FeedConsumer } from './adapter.ts';
import { describeFeedConformance } from './conformance.test-support.ts';
import { ManualFeed } from './manual.ts';
import { SimulatedFeed, simulateFeed } from './simulated.ts';
import { applyFeedMessage, emptyFeedState, foldFeed, marketView, mergeFeedState } from './state.ts';

const START = Date.UTC(2026, 10, 27, 6);

describeFeedConformance('simulated feed (one day, full replay)', () => {
  const feed = new SimulatedFeed(simulateFeed({ seed: 'conformance', start: START, days: 1 }));
  return { adapter: feed, run: async () => void feed.advanceTo(feed.simulation.end) };
});

describeFeedConformance('simulated feed (short replay window: snapshot recovery)', () => {
  const feed = new SimulatedFeed(simulateFeed({ seed: 'conformance-2', start: START, days: 1 }), 3);
  return { adapter: feed, run: async () => void feed.advanceTo(feed.simulation.end) };
});

describeFeedConformance('operator manual entry', () => {
  let now = START;
  const feed = new ManualFeed(() => now++);
  const match: SportEvent = {
    kind: 'match',
    id: 'm1',
    sportId: 'football',
    competitionId: 'fb-premier',
    startsAt: START + 3_600_000,
    home: 'Hanoi Lotus',
    away: 'Hue Imperial',
    bestOf: null,
  };
  const other: SportEvent = { ...match, id: 'm2', home: 'Saigon Stars', away: 'Vinh Phoenix' };
  return {
    adapter: feed,
    run: async () => {
      feed.putEvent(match);
      feed.putEvent(other);
      const x12 = feed.setOdds('m1', { type: '1x2', period: 'ft' }, { home: 2100, draw: 3300, away: 3500 });
      feed.setOdds('m1', { type: 'ah', period: 'ft', line: -1 }, { home: 2050, away: 1850 });
      feed.setOdds('m2', { type: 'ou', period: 'ft', line: 10 }, { over: 1900, under: 1900 });
      feed.setPhase('m1', 'live');
      feed.suspend('m1');
      feed.enterResult('m1', {}, { home: 1, away: 0 });
      feed.setOdds('m1', { type: '1x2', period: 'ft' }, { home: 1400, draw: 4200, away: 8000 });
      feed.setPhase('m1', 'ended');
      feed.enterResult('m1', { ft: { home: 1, away: 0 }, h1: { home: 1, away: 0 } }, { home: 1, away: 0 });
      feed.settleFromResult('m1', { ft: { home: 1, away: 0 }, h1: { home: 1, away: 0 } });
      feed.enterResult('m1', { ft: { home: 1, away: 1 }, h1: { home: 1, away: 0 } }, { home: 1, away: 1 });
      feed.rollback(x12);
      feed.settleFromResult('m1', { ft: { home: 1, away: 1 }, h1: { home: 1, away: 0 } });
      feed.cancel('m2', null, 'Match abandoned');
    },
  };
});

// Simulating a day takes about a second on a quiet machine; the time-outs allow for a busy one.
const SLOW = { timeout: 120_000 };

describe('simulated feed', SLOW, () => {
  const sim = simulateFeed({ seed: 'day', start: START, days: 2 });

  it('is the same script for the same seed and another for another seed', () => {
    const again = simulateFeed({ seed: 'day', start: START, days: 2 });
    expect(again.messages).toEqual(sim.messages);
    const other = simulateFeed({ seed: 'other', start: START, days: 1 });
    expect(other.messages).not.toEqual(sim.messages.slice(0, other.messages.length));
  });

  it('covers football, basketball and the five e-sports titles over the coming days', () => {
    const sports = new Set(sim.events.map((e) => e.sportId));
    expect(sports).toEqual(new Set(['football', 'basketball', 'lol', 'dota2', 'cs2', 'mlbb', 'valorant']));
    expect(sim.events.filter((e) => e.sportId === 'football' && e.startsAt > START + 86_400_000).length).toBeGreaterThan(0);
    for (const e of sim.events)
      if (e.kind === 'match' && e.sportId !== 'football' && e.sportId !== 'basketball') expect([1, 3, 5]).toContain(e.bestOf);
  });

  it('moves the prices when a goal is scored', () => {
    const goal = sim.messages.find(
      (m) => m.type === 'result' && m.eventId.startsWith('fb-') && m.live && m.live.home + m.live.away === 1 && !m.result.ft,
    );
    expect(goal).toBeDefined();
    const before = sim.messages
      .filter((m) => m.type === 'odds' && m.eventId === goal?.eventId && m.seq < (goal?.seq ?? 0) && m.marketId.endsWith('/1x2:ft'))
      .at(-1);
    const after = sim.messages.find(
      (m) => m.type === 'odds' && m.eventId === goal?.eventId && m.seq > (goal?.seq ?? 0) && m.marketId.endsWith('/1x2:ft'),
    );
    expect(before?.type === 'odds' && after?.type === 'odds' && before.prices.home !== after.prices.home).toBe(true);
  });

  it('ends with every market settled or void, and a bet stop suspends the market until it is repriced', () => {
    const state = foldFeed(sim.messages);
    for (const id of Object.keys(state.markets)) expect(['settled', 'void']).toContain(marketView(state, id)?.status);
    const stop = sim.messages.find((m) => m.type === 'betStop');
    const upTo = foldFeed(sim.messages.filter((m) => m.seq <= (stop?.seq ?? 0)));
    const stopped = Object.keys(upTo.markets).filter((id) => upTo.markets[id]?.eventId === stop?.eventId);
    expect(stopped.some((id) => marketView(upTo, id)?.status === 'suspended')).toBe(true);
  });
});

describe('feed consumer', SLOW, () => {
  it('starts from a snapshot mid-day, follows the live messages and ends where the whole day does', async () => {
    const sim = simulateFeed({ seed: 'consumer', start: START, days: 1 });
    const feed = new SimulatedFeed(sim);
    feed.advanceTo(sim.messages[Math.floor(sim.messages.length / 2)]?.at ?? START);
    const state = emptyFeedState();
    const consumer = new FeedConsumer(feed, { apply: (m) => applyFeedMessage(state, m), applySnapshot: (s) => mergeFeedState(state, s) });
    await consumer.start();
    expect(consumer.seq).toBeGreaterThan(0);
    feed.advanceTo(sim.end);
    await consumer.idle();
    consumer.stop();
    expect(consumer.recoveries).toBe(0);
    expect(consumer.seq).toBe(sim.messages.length);
    expect(state).toEqual(foldFeed(sim.messages));
  });
});
