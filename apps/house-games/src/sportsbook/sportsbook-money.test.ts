import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type PlatformClient, PlatformUnreachable } from '../platform-client.ts';
import { harness, openEvent, player } from './sportsbook.test-support.ts';

const txOf = (calls: Array<{ call: string; body: Record<string, unknown> }>) =>
  calls.filter((c) => c.call !== 'balance').map((c) => `${c.call} ${String(c.body.transactionId)} ${String(c.body.amount ?? '')}`.trim());

describe('sportsbook server: in-play delay', () => {
  async function liveBet(policy: 'none' | 'higher', newPrice: number | null) {
    const h = harness({ limits: { inPlayDelayMs: 5_000 } });
    await h.book.start();
    const m = await openEvent(h.book, 'op-live');
    await h.book.manualEntry({ op: 'phase', eventId: 'op-live', phase: 'live' });
    const legs = [{ eventId: 'op-live', marketId: m, selectionId: 'home', odds: 2000 }];
    const bet = await h.book.place(player(), { kind: { type: 'single' }, legs, unitStake: 1000, requestId: 'live-0000001', policy });
    expect(bet.state).toBe('pending');
    expect(h.wallet.balances.t1).toBe(999_000);
    if (newPrice !== null)
      await h.book.manualEntry({
        op: 'odds',
        eventId: 'op-live',
        spec: { type: '1x2', period: 'ft' },
        prices: { home: newPrice, draw: 3400, away: 4000 },
        status: 'open',
      });
    h.clock.t += 4_999;
    await h.book.tick();
    expect(h.book.bet(bet.id)?.state).toBe('pending');
    h.clock.t += 1;
    await h.book.tick();
    return { h, bet: h.book.bet(bet.id) };
  }

  it('accepts at the end of the delay when the price held', async () => {
    const { h, bet } = await liveBet('none', null);
    expect(bet?.state).toBe('open');
    expect(h.wallet.balances.t1).toBe(999_000);
  });

  it('rejects and refunds when the price moved against the policy during the delay', async () => {
    const { h, bet } = await liveBet('none', 1800);
    expect(bet?.state).toBe('rejected');
    expect(bet?.rejectReason).toBe('ODDS_CHANGED');
    expect(h.wallet.balances.t1).toBe(1_000_000);
    expect(txOf(h.wallet.calls)).toContain(`rollback ${bet?.id}-rb`);
  });

  it('takes the better price under the policy higher', async () => {
    const { bet } = await liveBet('higher', 2200);
    expect(bet?.state).toBe('open');
    expect(bet?.legs[0]?.odds).toBe(2200);
  });

  it('rejects and refunds when the market was stopped during the delay', async () => {
    const h = harness({ limits: { inPlayDelayMs: 5_000 } });
    await h.book.start();
    const m = await openEvent(h.book, 'op-live');
    await h.book.manualEntry({ op: 'phase', eventId: 'op-live', phase: 'live' });
    const legs = [{ eventId: 'op-live', marketId: m, selectionId: 'home', odds: 2000 }];
    const bet = await h.book.place(player(), { kind: { type: 'single' }, legs, unitStake: 1000, requestId: 'live-0000002' });
    await h.book.manualEntry({ op: 'stop', eventId: 'op-live', marketIds: null });
    h.clock.t += 5_000;
    await h.book.tick();
    expect(h.book.bet(bet.id)?.rejectReason).toBe('MARKET_SUSPENDED');
    expect(h.wallet.balances.t1).toBe(1_000_000);
  });
});

describe('sportsbook server: settlement moves only differences', () => {
  it('pays once per result version; a correction takes back the difference in a round of its own', async () => {
    const h = harness();
    await h.book.start();
    const m = await openEvent(h.book, 'op-e1');
    const legs = [{ eventId: 'op-e1', marketId: m, selectionId: 'home', odds: 2000 }];
    const bet = await h.book.place(player(), { kind: { type: 'single' }, legs, unitStake: 1000, requestId: 'res-0000001' });
    const id = bet.id;
    await h.book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 1, away: 0 } } });
    // The same settlement delivered again moves nothing.
    const settle = h.book.feed.markets[m]?.settlement;
    const seq = settle?.seq as number;
    h.book.sink.apply({ seq, at: 0, type: 'settle', eventId: 'op-e1', marketId: m, outcomes: settle?.value as never });
    await h.book.idle();
    expect(h.wallet.balances.t1).toBe(1_001_000);
    // Corrected to a draw: rollback then a new settlement. The 2000 paid comes back as a debit of its own round.
    await h.book.manualEntry({ op: 'rollback', marketId: m });
    await h.book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 1, away: 1 } } });
    expect(h.wallet.balances.t1).toBe(999_000);
    // Back to the home win: the return is paid again on the bet's own round.
    await h.book.manualEntry({ op: 'rollback', marketId: m });
    await h.book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 2, away: 1 } } });
    expect(h.wallet.balances.t1).toBe(1_001_000);
    expect(txOf(h.wallet.calls)).toEqual([
      `debit ${id}-bet 1000`,
      `credit ${id}-p1 2000`,
      `debit ${id}-c2 2000`,
      `credit ${id}-c2-x 0`,
      `credit ${id}-p2 0`,
      // The draw's result reaches the bet's record: its leg now lost (nothing to pay).
      `credit ${id}-p3 0`,
      `credit ${id}-p4 2000`,
    ]);
    expect(h.book.bet(id)).toMatchObject({ state: 'settled', paid: 2000, moves: 4 });
  });

  it('a correction the member cannot pay is owed, and taken when the money is there again', async () => {
    const h = harness();
    await h.book.start();
    const m = await openEvent(h.book, 'op-e1');
    const legs = [{ eventId: 'op-e1', marketId: m, selectionId: 'home', odds: 2000 }];
    const bet = await h.book.place(player(), { kind: { type: 'single' }, legs, unitStake: 1000, requestId: 'owe-0000001' });
    await h.book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 1, away: 0 } } });
    // The member spends everything; then the result is corrected to a draw.
    h.wallet.balances.t1 = 500;
    await h.book.manualEntry({ op: 'rollback', marketId: m });
    await h.book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 0, away: 0 } } });
    expect(h.book.owed()).toEqual([{ betId: bet.id, username: 'm1', gameCode: 'sportsbook', amount: 2000 }]);
    expect(h.book.bet(bet.id)?.paid).toBe(2000);
    await h.book.retry();
    expect(h.book.owed()).toHaveLength(1);
    h.wallet.balances.t1 = 10_000;
    await h.book.retry();
    expect(h.book.owed()).toEqual([]);
    expect(h.book.bet(bet.id)?.paid).toBe(0);
    expect(h.wallet.balances.t1).toBe(8_000);
    // Each attempt its own correction round: refused ones move nothing.
    expect(txOf(h.wallet.calls).filter((t) => t.startsWith('debit') && t.includes('-c'))).toEqual([
      `debit ${bet.id}-c2 2000`,
      `debit ${bet.id}-c3 2000`,
      `debit ${bet.id}-c4 2000`,
    ]);
  });

  it('a lost bet closes its round with a credit of 0; a void event refunds the stake', async () => {
    const h = harness();
    await h.book.start();
    const m = await openEvent(h.book, 'op-e1');
    const lost = await h.book.place(player(), {
      kind: { type: 'single' },
      legs: [{ eventId: 'op-e1', marketId: m, selectionId: 'away', odds: 4000 }],
      unitStake: 1000,
      requestId: 'res-0000002',
    });
    await h.book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 1, away: 0 } } });
    expect(txOf(h.wallet.calls)).toContain(`credit ${lost.id}-p1 0`);
    const m2 = await openEvent(h.book, 'op-e2');
    const voided = await h.book.place(player(), {
      kind: { type: 'single' },
      legs: [{ eventId: 'op-e2', marketId: m2, selectionId: 'draw', odds: 3400 }],
      unitStake: 1000,
      requestId: 'res-0000003',
    });
    await h.book.manualEntry({ op: 'cancel', eventId: 'op-e2', marketIds: null, reason: 'Postponed' });
    expect(h.book.bet(voided.id)).toMatchObject({ state: 'settled', paid: 1000 });
    expect(h.wallet.balances.t1).toBe(999_000);
  });

  it('cash-out pays the stated value once and refuses a value that changed', async () => {
    const h = harness({ limits: { cashOutMarginBp: 500 } });
    await h.book.start();
    const m = await openEvent(h.book, 'op-e1');
    const bet = await h.book.place(player(), {
      kind: { type: 'single' },
      legs: [{ eventId: 'op-e1', marketId: m, selectionId: 'home', odds: 2000 }],
      unitStake: 1000,
      requestId: 'co-00000001',
    });
    await h.book.manualEntry({
      op: 'odds',
      eventId: 'op-e1',
      spec: { type: '1x2', period: 'ft' },
      prices: { home: 1600, draw: 3400, away: 5000 },
      status: 'open',
    });
    // 1000 × 2.00/1.60 × 0.95 = 1187.5 → 1187.
    expect(h.book.cashOutOffer(h.book.bet(bet.id) as never)).toBe(1187);
    await expect(h.book.cashOut(player(), bet.id, 1250)).rejects.toMatchObject({ code: 'CASHOUT_CHANGED', detail: { value: 1187 } });
    await h.book.cashOut(player(), bet.id, 1187);
    expect(h.wallet.balances.t1).toBe(1_000_187);
    // The match result no longer moves the cashed-out bet.
    await h.book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 1, away: 0 } } });
    expect(h.wallet.balances.t1).toBe(1_000_187);
    expect(h.book.bet(bet.id)?.state).toBe('cashed-out');
  });
});

describe('sportsbook server: restart', () => {
  it('a kill mid-settlement: the restarted book sends the journaled moves again under the same ids, once', async () => {
    const first = harness({ balances: { t1: 1_000_000, t2: 1_000_000 } });
    let lose = false;
    // A platform whose answers are lost once settlement starts: the money moves, the book never hears.
    const flaky: PlatformClient = {
      call: async (call, body) => {
        const answer = await first.wallet.client.call(call, body);
        if (lose && call === 'credit') throw new PlatformUnreachable('answer lost');
        return answer;
      },
      callRaw: first.wallet.client.callRaw,
    };
    const a = harness({ dir: first.dir, client: flaky });
    await a.book.start();
    const m = await openEvent(a.book, 'op-e1');
    const ids: string[] = [];
    for (const [i, sel] of (['home', 'draw', 'away', 'home'] as const).entries()) {
      const odds = { home: 2000, draw: 3400, away: 4000 }[sel];
      const b = await a.book.place(player(i % 2 === 0 ? 1 : 2), {
        kind: { type: 'single' },
        legs: [{ eventId: 'op-e1', marketId: m, selectionId: sel, odds }],
        unitStake: 1000,
        requestId: `kill-000000${i}`,
      });
      ids.push(b.id);
    }
    lose = true;
    await a.book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 3, away: 1 } } });
    expect(a.book.bet(ids[0] as string)?.pending).not.toBeNull();
    // Killed here: no stop, and a torn last line as a kill mid-write leaves it.
    appendFileSync(join(first.dir, 'sportsbook.jsonl'), '{"t":"moved","list":[{"betI');
    const moneyBefore = { ...first.wallet.balances };
    const b = harness({ dir: first.dir, client: first.wallet.client });
    await b.book.start();
    await b.book.idle();
    // Home won: bets 0 and 3 return 2000 each; the same credit ids were sent again and taken once.
    expect(first.wallet.balances).toEqual(moneyBefore);
    expect(first.wallet.balances.t1).toBe(1_000_000 - 2000 + 2000);
    expect(first.wallet.balances.t2).toBe(1_000_000 - 2000 + 2000);
    for (const id of ids) expect(b.book.bet(id)).toMatchObject({ state: 'settled', pending: null });
    expect(ids.map((id) => b.book.bet(id)?.paid)).toEqual([2000, 0, 0, 2000]);
    const credits = first.wallet.calls.filter((c) => c.call === 'credit').map((c) => c.body.transactionId);
    expect(new Set(credits).size).toBe(4);
    // And the feed state came back from the journal: the market is settled, a new bet is refused.
    expect(b.book.market(m)?.status).toBe('settled');
    await b.book.stop();
  });

  it('a bet journaled whose debit never answered is refunded at the next start', async () => {
    const first = harness();
    let hang = false;
    const stuck: PlatformClient = {
      call: (call, body) => (hang && call === 'debit' ? new Promise(() => undefined) : first.wallet.client.call(call, body)),
      callRaw: first.wallet.client.callRaw,
    };
    const a = harness({ dir: first.dir, client: stuck });
    await a.book.start();
    const m = await openEvent(a.book, 'op-e1');
    hang = true;
    void a.book.place(player(), {
      kind: { type: 'single' },
      legs: [{ eventId: 'op-e1', marketId: m, selectionId: 'home', odds: 2000 }],
      unitStake: 1000,
      requestId: 'lost-0000001',
    });
    // The debit reached the wallet in another life: take it there by hand, as the platform would have.
    await first.wallet.client.call('debit', {
      token: 't1',
      roundId: 'x',
      gameCode: 'sportsbook',
      transactionId: `${[...a.book.allBets()][0]?.id}-bet`,
      amount: 1000,
    });
    expect(first.wallet.balances.t1).toBe(999_000);
    const b = harness({ dir: first.dir, client: first.wallet.client });
    await b.book.start();
    const bet = [...b.book.allBets()][0];
    expect(bet).toMatchObject({ state: 'rejected', rejectReason: 'PLATFORM_UNREACHABLE', refunded: true });
    expect(first.wallet.balances.t1).toBe(1_000_000);
    await b.book.stop();
  });
});

describe("sportsbook server: a decided bet's record follows its legs", () => {
  it('a parlay lost on its first leg is closed at once, then a credit of 0 shows each later leg as it settles', async () => {
    const h = harness();
    await h.book.start();
    const m1 = await openEvent(h.book, 'op-p1');
    const m2 = await openEvent(h.book, 'op-p2');
    const bet = await h.book.place(player(), {
      kind: { type: 'parlay' },
      legs: [
        { eventId: 'op-p1', marketId: m1, selectionId: 'home', odds: 2000 },
        { eventId: 'op-p2', marketId: m2, selectionId: 'home', odds: 2000 },
      ],
      unitStake: 1000,
      requestId: 'legs-0000001',
    });
    await h.book.manualEntry({ op: 'settle', eventId: 'op-p1', result: { ft: { home: 0, away: 1 } } });
    await h.book.manualEntry({ op: 'settle', eventId: 'op-p2', result: { ft: { home: 1, away: 0 } } });
    await h.book.idle();
    const credits = h.wallet.calls.filter((c) => c.call === 'credit');
    expect(credits.map((c) => [c.body.transactionId, c.body.amount])).toEqual([
      [`${bet.id}-p1`, 0],
      [`${bet.id}-p2`, 0],
    ]);
    const legsOf = (c: (typeof credits)[number]) => (c.body.outcome as { legs: Array<{ outcome?: string }> }).legs.map((l) => l.outcome);
    expect(credits.map(legsOf)).toEqual([
      ['lose', undefined],
      ['lose', 'win'],
    ]);
    // Started again: nothing more to send.
    const again = harness({ dir: h.dir, client: h.wallet.client });
    await again.book.start();
    await again.book.idle();
    expect(h.wallet.calls.filter((c) => c.call === 'credit')).toHaveLength(2);
    await h.book.stop();
    await again.book.stop();
  });
});
