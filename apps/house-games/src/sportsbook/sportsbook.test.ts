import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SportEvent } from '@platform/sportsbook/model';
import { afterEach, describe, expect, it } from 'vitest';
import { openJournal } from '../journal.ts';
import type { PlatformClient } from '../platform-client.ts';
import { fakeWallet } from '../wallet.test-support.ts';
import { createSportsbook, type SportsbookEntry, type SportsbookLimits, type SportsbookPlayer, SportsbookRefused } from './sportsbook.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

export function harness(
  options: { balances?: Record<string, number>; limits?: Partial<SportsbookLimits>; dir?: string; client?: PlatformClient } = {},
) {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'sb-'));
  if (!options.dir) dirs.push(dir);
  const wallet = fakeWallet(options.balances ?? { t1: 1_000_000, t2: 1_000_000 });
  const clock = { t: 1_000_000 };
  const journal = openJournal<SportsbookEntry>(join(dir, 'sportsbook.jsonl'));
  const client = options.client ?? wallet.client;
  const book = createSportsbook({
    journal,
    platformOf: () => client,
    now: () => clock.t,
    simulation: null,
    tickMs: 0,
    limits: { inPlayDelayMs: 0, minStake: 100, ...options.limits },
  });
  return { dir, wallet, clock, journal, book };
}

export const player = (n: 1 | 2 = 1): SportsbookPlayer => ({
  username: `m${n}`,
  token: `t${n}`,
  currency: 'VND',
  gameCode: 'sportsbook',
  language: 'en',
});

const match = (home: string, away: string): SportEvent => ({
  kind: 'match',
  id: '',
  sportId: 'football',
  competitionId: 'fb-premier',
  startsAt: 2_000_000,
  home,
  away,
  bestOf: null,
});

/** An event with a 1X2 market (home 2.00, draw 3.40, away 4.00) entered by the operator. */
export async function openEvent(book: ReturnType<typeof harness>['book'], id: string) {
  await book.manualEntry({ op: 'event', event: { ...match(`${id}-H`, `${id}-A`), id }, phase: 'prematch' });
  const marketId = (await book.manualEntry({
    op: 'odds',
    eventId: id,
    spec: { type: '1x2', period: 'ft' },
    prices: { home: 2000, draw: 3400, away: 4000 },
    status: 'open',
  })) as string;
  return marketId;
}

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
