import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harness, openEvent, player } from './sportsbook.test-support.ts';
import type { BetRecord, SportsbookEntry } from './sportsbook.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const linesOf = (dir: string): SportsbookEntry[] =>
  readFileSync(join(dir, 'sportsbook.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as SportsbookEntry);

/** What a restart must give back of a bet. */
const kept = (b: BetRecord | null) =>
  b && {
    id: b.id,
    state: b.state,
    legs: b.legs,
    stake: b.stake,
    paid: b.paid,
    moves: b.moves,
    pending: b.pending,
    owed: b.owed,
    refunded: b.refunded,
    cashOut: b.cashOut,
  };

/** Two events, bets on both, the first settled and paid: a book with history to keep. */
async function history(book: ReturnType<typeof harness>['book']) {
  const m1 = await openEvent(book, 'op-e1');
  const m2 = await openEvent(book, 'op-e2');
  const ids: string[] = [];
  for (const [i, [eventId, marketId, sel, odds]] of (
    [
      ['op-e1', m1, 'home', 2000],
      ['op-e1', m1, 'away', 4000],
      ['op-e2', m2, 'draw', 3400],
    ] as const
  ).entries()) {
    const bet = await book.place(player(i === 1 ? 2 : 1), {
      kind: { type: 'single' },
      legs: [{ eventId, marketId, selectionId: sel, odds }],
      unitStake: 1000,
      requestId: `hist-000000${i}`,
    });
    ids.push(bet.id);
  }
  book.setSettings('m1', { oddsFormat: 'hongkong' });
  await book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 2, away: 0 } } });
  await book.idle();
  return { m1, m2, ids };
}

describe('sportsbook journal: compaction', () => {
  it('a restart reads the snapshot and the lines after it, and gives back the same book; nothing is paid twice', async () => {
    const a = harness();
    await a.book.start();
    const { m2, ids } = await history(a.book);
    await a.book.compact();
    const compacted = linesOf(a.dir);
    expect(compacted.map((e) => e.t)).toEqual([...compacted.filter((e) => e.t === 'op').map(() => 'op'), 'book']);
    // The tail: a bet after the snapshot. Then killed (no stop).
    const late = await a.book.place(player(), {
      kind: { type: 'single' },
      legs: [{ eventId: 'op-e2', marketId: m2, selectionId: 'home', odds: 2000 }],
      unitStake: 2000,
      requestId: 'tail-0000001',
    });
    ids.push(late.id);
    expect(
      linesOf(a.dir)
        .slice(compacted.length)
        .map((e) => e.t),
    ).toEqual(['bet', 'debit']);
    const money = { ...a.wallet.balances };
    const callsBefore = a.wallet.calls.length;

    const b = harness({ dir: a.dir, client: a.wallet.client });
    await b.book.start();
    await b.book.idle();
    for (const id of ids) expect(kept(b.book.bet(id))).toEqual(kept(a.book.bet(id)));
    expect(b.book.settingsOf('m1').oddsFormat).toBe('hongkong');
    expect(b.book.market(m2)?.status).toBe('open');
    expect(b.book.feed).toEqual(a.book.feed);
    // Nothing moved at the restart, and the stakes still count against the limits and the liability.
    expect(a.wallet.calls.slice(callsBefore).filter((c) => c.call !== 'balance')).toEqual([]);
    expect(a.wallet.balances).toEqual(money);
    expect(b.book.marketLiability(m2)).toEqual(a.book.marketLiability(m2));
    // And the book goes on: the second event settles, each of its bets paid once.
    await b.book.manualEntry({ op: 'settle', eventId: 'op-e2', result: { ft: { home: 1, away: 0 } } });
    await b.book.idle();
    expect(b.book.bet(late.id)).toMatchObject({ state: 'settled', paid: 4000 });
    expect(a.wallet.balances.t1).toBe((money.t1 ?? 0) + 4000);
    await b.book.stop();
  });

  it('a kill mid-compaction leaves the old journal whole: the restart is as if it had not begun', async () => {
    let killed = false;
    const a = harness({
      // The new file half written, then the process dies before the swap.
      wrapJournal: (journal) => ({
        ...journal,
        compact: (entries) => {
          if (!killed) return journal.compact(entries);
          const text = entries.map((e) => `${JSON.stringify(e)}\n`).join('');
          writeFileSync(join(a.dir, 'sportsbook.jsonl.next'), text.slice(0, Math.floor(text.length / 2)));
          throw new Error('killed mid-compaction');
        },
      }),
    });
    await a.book.start();
    const { ids } = await history(a.book);
    const before = readFileSync(join(a.dir, 'sportsbook.jsonl'), 'utf8');
    killed = true;
    await expect(a.book.compact()).rejects.toThrow('killed mid-compaction');
    expect(readFileSync(join(a.dir, 'sportsbook.jsonl'), 'utf8')).toBe(before);
    const money = { ...a.wallet.balances };

    const b = harness({ dir: a.dir, client: a.wallet.client });
    await b.book.start();
    await b.book.idle();
    for (const id of ids) expect(kept(b.book.bet(id))).toEqual(kept(a.book.bet(id)));
    expect(b.book.feed).toEqual(a.book.feed);
    expect(a.wallet.balances).toEqual(money);
    // The restart's own compaction went through, over the half-written file.
    expect(existsSync(join(a.dir, 'sportsbook.jsonl.next'))).toBe(false);
    expect(linesOf(a.dir).at(-1)?.t).toBe('book');
    const c = harness({ dir: a.dir, client: a.wallet.client });
    await c.book.start();
    for (const id of ids) expect(kept(c.book.bet(id))).toEqual(kept(a.book.bet(id)));
    await b.book.stop();
    await c.book.stop();
  });
});

describe('sportsbook journal: the simulated feed rolls on', { timeout: 600_000 }, () => {
  const START = Date.UTC(2026, 10, 27, 6);
  const run = async (h: ReturnType<typeof harness>, from: number, to: number) => {
    for (let t = from; t < to + 6 * HOUR; t += 6 * HOUR) {
      h.clock.t = Math.min(t, to);
      await h.book.tick();
    }
  };

  it('fixtures keep coming day after day, and a restart resumes the feed exactly where it was', async () => {
    const simulation = { seed: 'rolling-book', days: 1 };
    const steady = harness({ simulation, now: START });
    await steady.book.start();
    await run(steady, START, START + 3 * DAY);

    const first = harness({ simulation, now: START });
    await first.book.start();
    await run(first, START, START + DAY + 12 * HOUR);
    // Killed here (no stop); started again on the same journal two hours later.
    const second = harness({ simulation, now: START + DAY + 14 * HOUR, dir: first.dir });
    await second.book.start();
    await run(second, START + DAY + 14 * HOUR, START + 3 * DAY);

    // The same messages under the same numbers: every register the same.
    expect(second.book.feed).toEqual(steady.book.feed);
    expect(second.book.simulationPosition()).toEqual(steady.book.simulationPosition());
    // Fixtures for the days after the first ones, the days ahead announced.
    const days = new Set(
      Object.values(steady.book.feed.events).flatMap((e) => (e.fixture ? [Math.floor(e.fixture.value.startsAt / DAY)] : [])),
    );
    const today = Math.floor(steady.book.scriptNow() / DAY);
    expect(Math.max(...days)).toBe(today + 1);
    expect(days.size).toBeGreaterThanOrEqual(4);
    // The restart resumed from the journaled position: it did not publish the first days again.
    expect(linesOf(first.dir).filter((e) => e.t === 'sim').length).toBeGreaterThan(0);
    await steady.book.stop();
    await second.book.stop();
  });
});
