import { vendorDebitSchema } from '@platform/contracts/vendor-protocol';
import { describe, expect, it } from 'vitest';
import type { PlatformClient } from '../platform-client.ts';
import { fakeWallet } from '../wallet.test-support.ts';
import { harness, openEvent, player } from './sportsbook.test-support.ts';
import { SportsbookRefused } from './sportsbook.ts';
import { refusalMessage } from './sportsbook-text.ts';

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

describe('sportsbook server: stake limits summed per member', () => {
  const single = (eventId: string, marketId: string, selectionId: string, odds: number, unitStake: number) => ({
    kind: { type: 'single' as const },
    legs: [{ eventId, marketId, selectionId, odds }],
    unitStake,
  });

  it("counts a member's open stakes per market and per event, says what is left, and frees it once the bets are decided", async () => {
    const { book, wallet } = harness({ limits: { maxStake: 5000, maxStakePerEvent: 8000 } });
    await book.start();
    const m = await openEvent(book, 'op-e1');
    const ou = (await book.manualEntry({
      op: 'odds',
      eventId: 'op-e1',
      spec: { type: 'ou', period: 'ft', line: 10 },
      prices: { over: 1900, under: 1900 },
      status: 'open',
    })) as string;
    await book.place(player(), { ...single('op-e1', m, 'home', 2000, 3000), requestId: 'lim-0000001' });
    // 3,000 open on the market: 2,000 left on it, whatever the selection.
    await expect(book.place(player(), { ...single('op-e1', m, 'draw', 3400, 2500), requestId: 'lim-0000002' })).rejects.toMatchObject({
      code: 'MARKET_STAKE_LIMIT',
      detail: { left: 2000 },
    });
    await book.place(player(), { ...single('op-e1', m, 'draw', 3400, 2000), requestId: 'lim-0000003' });
    // 5,000 open on the event: 3,000 left on it, on any of its markets.
    await expect(book.place(player(), { ...single('op-e1', ou, 'over', 1900, 3500), requestId: 'lim-0000004' })).rejects.toMatchObject({
      code: 'EVENT_STAKE_LIMIT',
      detail: { left: 3000 },
    });
    const quote = book.quote(player(), single('op-e1', ou, 'over', 1900, 3500));
    expect(quote.maxStake).toBe(3000);
    expect(quote.problems).toEqual([refusalMessage('EVENT_STAKE_LIMIT', 'en', { left: 3000 }, 'VND')]);
    // Another member has room of their own.
    expect((await book.place(player(2), { ...single('op-e1', m, 'home', 2000, 5000), requestId: 'lim-0000005' })).state).toBe('open');
    // Refused bets took nothing and hold nothing.
    expect(wallet.balances.t1).toBe(1_000_000 - 5000);
    // Decided bets no longer count: after the settlement, a new market of the match has the event's whole room.
    await book.manualEntry({ op: 'settle', eventId: 'op-e1', result: { ft: { home: 2, away: 1 } } });
    await book.idle();
    const dnb = (await book.manualEntry({
      op: 'odds',
      eventId: 'op-e1',
      spec: { type: 'oddEven', period: 'h1' },
      prices: { odd: 1900, even: 1900 },
      status: 'open',
    })) as string;
    expect(book.quote(player(), single('op-e1', dnb, 'odd', 1900, 5000)).maxStake).toBe(5000);
    await book.stop();
  });

  it('says what is left in a whole sentence, in the amounts of the currency, in Vietnamese and English', () => {
    expect(refusalMessage('MARKET_STAKE_LIMIT', 'en', { left: 2_500_000 }, 'VND')).toMatch(
      /^With your open bets on this market you can stake at most .*2,500,000.* more on it\. Lower the stake and try again\.$/,
    );
    expect(refusalMessage('EVENT_STAKE_LIMIT', 'vi', { left: 2_500_000 }, 'VND')).toMatch(/tối đa .*2\.500\.000.*Hãy giảm tiền cược/);
    expect(refusalMessage('MARKET_STAKE_LIMIT', 'en', { left: 1234 }, 'USD')).toContain('12.34');
  });

  it('two placements by one member at the same time: the second sees the first stake held and is refused', async () => {
    const wallet = fakeWallet({ t1: 1_000_000, t2: 1_000_000 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The platform answers the debits only when the test says so: both placements are in flight at once.
    const slow: PlatformClient = {
      call: async (call, body) => {
        if (call === 'debit') await gate;
        return wallet.client.call(call, body);
      },
      callRaw: wallet.client.callRaw,
    };
    const { book } = harness({ limits: { maxStake: 5000 }, client: slow });
    await book.start();
    const m = await openEvent(book, 'op-e1');
    const first = book.place(player(), { ...single('op-e1', m, 'home', 2000, 4000), requestId: 'con-0000001' });
    const second = book.place(player(), { ...single('op-e1', m, 'away', 4000, 4000), requestId: 'con-0000002' });
    const outcomes = Promise.allSettled([first, second]);
    release();
    const [a, b] = await outcomes;
    expect(a).toMatchObject({ status: 'fulfilled', value: { state: 'open' } });
    expect(b).toMatchObject({ status: 'rejected', reason: { code: 'MARKET_STAKE_LIMIT', detail: { left: 1000 } } });
    expect(wallet.balances.t1).toBe(996_000);
    expect(wallet.calls.filter((c) => c.call === 'debit')).toHaveLength(1);
    await book.stop();
  });
});

describe('sportsbook server: an open bet shows its legs', () => {
  it("sends the slip (legs, odds, open) with the placement's debit, as the contract takes it", async () => {
    const { book, wallet } = harness();
    await book.start();
    const m = await openEvent(book, 'op-e1');
    const bet = await book.place(player(), {
      kind: { type: 'single' },
      legs: [{ eventId: 'op-e1', marketId: m, selectionId: 'home', odds: 2000 }],
      unitStake: 1000,
      requestId: 'open-0000001',
    });
    const debit = wallet.calls.find((c) => c.call === 'debit');
    expect(vendorDebitSchema.parse(debit?.body)).toMatchObject({ roundId: bet.id, amount: 1000 });
    expect(debit?.body.outcome).toEqual({
      kind: 'slip',
      bet: 'single',
      legs: [{ event: 'op-e1-H – op-e1-A', market: expect.any(String), selection: 'op-e1-H', odds: 2000 }],
      summary: 'Open',
    });
    await book.stop();
  });
});
