import { describe, expect, it } from 'vitest';
import { harness, openEvent, player } from './sportsbook.test-support.ts';
import { SportsbookRefused } from './sportsbook.ts';

describe('sportsbook server: placement', () => {
  it('takes a single once per request id, pays it once when the market settles', async () => {
    const { book, wallet } = harness();
    await book.start();
    const m = await openEvent(book, 'op-e1');
    const slip = {
      kind: { type: 'single' as const },
      legs: [{ eventId: 'op-e1', marketId: m, selectionId: 'home', odds: 2000 }],
      unitStake: 1000,
    };
    const a = await book.place(player(), { ...slip, requestId: 'req-00000001' });
    const again = await book.place(player(), { ...slip, requestId: 'req-00000001' });
    expect(again.id).toBe(a.id);
    expect(wallet.balances.t1).toBe(999_000);
    expect(a.state).toBe('open');
    await book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 2, away: 1 } } });
    await book.idle();
    expect(wallet.balances.t1).toBe(1_001_000);
    expect(book.bet(a.id)?.state).toBe('settled');
    expect(book.bet(a.id)?.paid).toBe(2000);
    // The credit carried the legs for the betting record.
    const credit = wallet.calls.find((c) => c.call === 'credit');
    expect(credit?.body.outcome).toMatchObject({
      kind: 'slip',
      bet: 'single',
      legs: [{ selection: 'op-e1-H', odds: 2000, outcome: 'win' }],
    });
    await book.stop();
  });

  it('refuses a changed price under policy none, takes it under any at the current price', async () => {
    const { book } = harness();
    await book.start();
    const m = await openEvent(book, 'op-e1');
    const legs = [{ eventId: 'op-e1', marketId: m, selectionId: 'home', odds: 1900 }];
    await expect(
      book.place(player(), { kind: { type: 'single' }, legs, unitStake: 1000, requestId: 'req-00000002', policy: 'none' }),
    ).rejects.toMatchObject({
      code: 'ODDS_CHANGED',
    });
    const b = await book.place(player(), { kind: { type: 'single' }, legs, unitStake: 1000, requestId: 'req-00000003', policy: 'higher' });
    expect(b.legs[0]?.odds).toBe(2000);
    await book.stop();
  });

  it('refuses stakes outside the limits and a bet over the max payout', async () => {
    const { book } = harness({ limits: { maxStake: 5000, maxPayout: 8000 } });
    await book.start();
    const m = await openEvent(book, 'op-e1');
    const legs = [{ eventId: 'op-e1', marketId: m, selectionId: 'away', odds: 4000 }];
    const place = (unitStake: number, requestId: string) => book.place(player(), { kind: { type: 'single' }, legs, unitStake, requestId });
    await expect(place(50, 'req-00000004')).rejects.toMatchObject({ code: 'STAKE_LIMIT' });
    await expect(place(6000, 'req-00000005')).rejects.toMatchObject({ code: 'STAKE_LIMIT' });
    await expect(place(2500, 'req-00000006')).rejects.toMatchObject({ code: 'MAX_PAYOUT' });
    expect((await place(2000, 'req-00000007')).state).toBe('open');
    await book.stop();
  });

  it('suspends a market whose worst-case payout would pass the liability limit', async () => {
    const { book } = harness({ limits: { liabilityLimit: 10_000 } });
    await book.start();
    const m = await openEvent(book, 'op-e1');
    const legs = [{ eventId: 'op-e1', marketId: m, selectionId: 'home', odds: 2000 }];
    await book.place(player(), { kind: { type: 'single' }, legs, unitStake: 4000, requestId: 'req-00000008' });
    expect(book.marketLiability(m).home).toEqual({ stake: 4000, payout: 8000, bets: 1 });
    const over = book.place(player(2), { kind: { type: 'single' }, legs, unitStake: 2000, requestId: 'req-00000009' });
    await expect(over).rejects.toBeInstanceOf(SportsbookRefused);
    expect(book.market(m)?.status).toBe('suspended');
    book.setLimits({ ...book.limits(), liabilityLimit: 100_000 });
    expect(book.market(m)?.status).toBe('open');
    await book.stop();
  });
});
