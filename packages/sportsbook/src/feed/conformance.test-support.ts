import { beforeAll, describe, expect, it } from 'vitest';
import { settleMarket } from '../settle-market.ts';
import { type FeedAdapter, FeedConsumer } from './adapter.ts';
import { FEED_MESSAGE_TYPES, type FeedMessage, feedMessageProblems } from './messages.ts';
import { applyFeedMessage, emptyFeedState, type FeedState, foldFeed, marketSettlement, mergeFeedState } from './state.ts';

/**
 * The conformance suite every feed adapter passes. A harness gives the adapter and a way to run a
 * scenario through it (replaying a recorded session, moving a simulated clock, operator calls) that
 * uses every kind of message. The suite listens from the start and checks what was delivered.
 */
export type FeedHarness = { adapter: FeedAdapter; run(): Promise<void> };

export function describeFeedConformance(name: string, makeHarness: () => Promise<FeedHarness> | FeedHarness): void {
  // A harness may simulate a whole day first: the hook and the checks allow for a busy machine.
  describe(`feed conformance: ${name}`, { timeout: 120_000 }, () => {
    const delivered: FeedMessage[] = [];
    let adapter: FeedAdapter;

    beforeAll(async () => {
      const harness = await makeHarness();
      adapter = harness.adapter;
      adapter.subscribe((m) => delivered.push(m));
      await harness.run();
    }, 120_000);

    it('numbers messages 1, 2, 3… in delivery order, and time never goes back', () => {
      expect(delivered.length).toBeGreaterThan(0);
      delivered.forEach((m, i) => {
        expect(m.seq).toBe(i + 1);
        if (i > 0) expect(m.at).toBeGreaterThanOrEqual((delivered[i - 1] as FeedMessage).at);
      });
    });

    it('sends only well-formed messages', () => {
      const bad = delivered.map((m) => ({ seq: m.seq, problems: feedMessageProblems(m) })).filter((x) => x.problems.length > 0);
      expect(bad).toEqual([]);
    });

    it('uses every kind of message', () => {
      expect(new Set(delivered.map((m) => m.type))).toEqual(new Set(FEED_MESSAGE_TYPES));
    });

    it('settles announced markets only, every selection, by the rules for the result it sent; rolls back only what is settled', () => {
      const state = emptyFeedState();
      const lastResult = new Map<string, FeedMessage & { type: 'result' }>();
      for (const m of delivered) {
        if (m.type === 'settle' || m.type === 'rollback') {
          const market = state.markets[m.marketId];
          expect(market?.odds, `${m.type} ${m.marketId} before its market`).toBeTruthy();
          expect(market?.eventId).toBe(m.eventId);
          if (m.type === 'rollback') expect(marketSettlement(state, m.marketId), `rollback of unsettled ${m.marketId}`).not.toBeNull();
          if (m.type === 'settle' && market?.odds) {
            const spec = market.odds.value.spec;
            const result = lastResult.get(m.eventId);
            const byRules = result ? settleMarket(spec, result.result) : null;
            expect(byRules, `settle ${m.marketId} without a result deciding it`).not.toBeNull();
            expect(m.outcomes).toEqual(byRules);
          }
        }
        if (m.type === 'result') lastResult.set(m.eventId, m);
        applyFeedMessage(state, m);
      }
    });

    it('gives a snapshot equal to what its messages add up to', async () => {
      expect(await adapter.snapshot()).toEqual(foldFeed(delivered));
    });

    it('replays what a consumer missed, or says to take a snapshot', async () => {
      const n = delivered.length;
      for (const after of [0, 1, Math.floor(n / 3), Math.floor(n / 2), n - 1, n]) {
        const missed = await adapter.replay(after);
        if (missed !== null) expect(missed).toEqual(delivered.slice(after));
      }
    });

    it('brings a consumer that lost and repeated messages to the same state', async () => {
      const state: FeedState = emptyFeedState();
      const consumer = new FeedConsumer(adapter, {
        apply: (m) => applyFeedMessage(state, m),
        applySnapshot: (s) => mergeFeedState(state, s),
      });
      delivered.forEach((m, i) => {
        if (i % 7 === 3) return; // lost
        consumer.receive(m);
        if (i % 5 === 0) consumer.receive(m); // repeated
      });
      await consumer.idle();
      expect(consumer.recoveries).toBeGreaterThan(0);
      expect(consumer.seq).toBe(delivered.length);
      expect(state).toEqual(foldFeed(delivered));
    });
  });
}
