import type { VendorBetFeedRequest, VendorFeedRound } from '@platform/contracts/vendor-protocol';
import { describe, expect, it } from 'vitest';

/**
 * The bet feed conformance kit: what a transfer-style vendor's bet feed must do for the platform to
 * pull its rounds by time window (docs/vendor-wallet.md, "The bet feed"). A target maps its vendor
 * onto a few operations:
 *
 * - playRound: one round of a player, settled at the instant `at` (unix ms) on the vendor's clock;
 * - betHistory: one page of the feed through our adapter;
 * - betHistoryWithBadSignature / betHistoryWithStaleTimestamp: the same call the vendor must refuse.
 */
type BetFeedPlayer = {
  playerId: string;
  /** Plays one round settling at `at`; answers its round id. */
  playRound: (at: number) => Promise<string>;
  /** The player's wallet at the vendor. */
  balance: () => Promise<number>;
};

export type BetFeedTarget = {
  /** A fresh player whose vendor wallet holds `balance`. */
  newPlayer: (balance: number) => Promise<BetFeedPlayer>;
  betHistory: (window: VendorBetFeedRequest) => Promise<{ rounds: VendorFeedRound[]; hasMore: boolean }>;
  betHistoryWithBadSignature: (window: VendorBetFeedRequest) => Promise<unknown>;
  betHistoryWithStaleTimestamp: (window: VendorBetFeedRequest) => Promise<unknown>;
  /** A time no earlier round of any test reached: each test plays after it, an hour apart. */
  freshTime: () => number;
};

/** Every page of a window, in order. */
async function wholeWindow(target: BetFeedTarget, from: number, to: number, pageSize: number) {
  const pages: { rounds: VendorFeedRound[]; hasMore: boolean }[] = [];
  for (let page = 1; page <= 1_000; page++) {
    const answer = await target.betHistory({ from, to, page, pageSize });
    pages.push(answer);
    if (!answer.hasMore) break;
  }
  return pages;
}

export function describeBetFeedConformance(name: string, target: () => BetFeedTarget): void {
  describe(`bet feed conformance: ${name}`, () => {
    it('lists each settled round in the window of its settle time, the window half-open [from, to)', async () => {
      const t = target();
      const p = await t.newPlayer(10_000);
      const at = t.freshTime();
      const a = await p.playRound(at);
      const b = await p.playRound(at + 10);
      const c = await p.playRound(at + 20);
      const ids = async (from: number, to: number) =>
        (await wholeWindow(t, from, to, 500))
          .flatMap((page) => page.rounds)
          .filter((r) => r.playerId === p.playerId)
          .map((r) => r.roundId);
      expect(await ids(at, at + 20)).toEqual([a, b]);
      expect(await ids(at + 10, at + 21)).toEqual([b, c]);
      expect(await ids(at + 21, at + 3_600_000)).toEqual([]);
      expect(await ids(at - 3_600_000, at)).toEqual([]);
    });

    it("reports each round's player, currency, stake and payout as its wallet moved", async () => {
      const t = target();
      const p = await t.newPlayer(10_000);
      const at = t.freshTime();
      for (let i = 0; i < 5; i++) await p.playRound(at + i);
      const rounds = (await wholeWindow(t, at, at + 5, 500)).flatMap((page) => page.rounds).filter((r) => r.playerId === p.playerId);
      expect(rounds).toHaveLength(5);
      for (const round of rounds) {
        expect(round.currency).toMatch(/^[A-Z]{3}$/);
        expect(round.stake).toBeGreaterThan(0);
        expect(round.payout).toBeGreaterThanOrEqual(0);
      }
      expect(10_000 + rounds.reduce((sum, r) => sum + r.payout - r.stake, 0)).toBe(await p.balance());
    });

    it('answers a window asked again with the same rounds', async () => {
      const t = target();
      const p = await t.newPlayer(10_000);
      const at = t.freshTime();
      for (let i = 0; i < 4; i++) await p.playRound(at + i * 5);
      const first = await wholeWindow(t, at, at + 100, 500);
      const again = await wholeWindow(t, at, at + 100, 500);
      expect(again).toEqual(first);
    });

    it('pages a window in settle-time order without gaps or repeats', async () => {
      const t = target();
      const p = await t.newPlayer(10_000);
      const at = t.freshTime();
      // Two rounds share an instant: the round id orders them.
      for (const offset of [0, 3, 3, 7, 9, 12, 15]) await p.playRound(at + offset);
      const whole = (await wholeWindow(t, at, at + 100, 500)).flatMap((page) => page.rounds);
      expect(whole).toHaveLength(7);
      const ordered = [...whole].sort((x, y) => x.settledAt - y.settledAt || (x.roundId < y.roundId ? -1 : 1));
      expect(whole).toEqual(ordered);
      const pages = await wholeWindow(t, at, at + 100, 3);
      expect(pages.map((page) => [page.rounds.length, page.hasMore])).toEqual([
        [3, true],
        [3, true],
        [1, false],
      ]);
      expect(pages.flatMap((page) => page.rounds)).toEqual(whole);
    });

    it('refuses a call with a bad signature or a stale timestamp, and a window that ends before it starts', async () => {
      const t = target();
      const at = t.freshTime();
      const window = { from: at, to: at + 1_000, page: 1, pageSize: 10 };
      await expect(t.betHistoryWithBadSignature(window)).rejects.toThrow();
      await expect(t.betHistoryWithStaleTimestamp(window)).rejects.toThrow();
      await expect(t.betHistory({ ...window, from: at + 1_000, to: at })).rejects.toThrow();
    });
  });
}
