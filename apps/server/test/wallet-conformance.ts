import { describe, expect, it } from 'vitest';

/**
 * The wallet conformance kit: the behaviour every game wallet must show, whichever side runs it —
 * our seamless callback API (the vendor calls us) or a transfer-style vendor's wallet reached
 * through its adapter (we call them). A target maps its own protocol onto these few operations:
 *
 * - debit: money out of the wallet under test, by a caller-chosen id; credit: money in;
 * - cancel: closes an id whether or not its call has arrived (a rollback; a transfer query);
 * - callWithBadSignature / callWithStaleTimestamp: a debit the wallet must refuse unread;
 * - debitLosingAnswer: a debit that arrives and is applied, but whose answer never comes back;
 * - debitLostOnTheWay: a debit that never arrives (or arrives too late to count).
 */
type ConformanceStatus = 'OK' | 'INSUFFICIENT_FUNDS' | 'CONFLICT' | 'REFUSED' | 'REJECTED';
export type ConformanceOutcome = { status: ConformanceStatus };

type ConformancePlayer = {
  debit: (id: string, amount: number) => Promise<ConformanceOutcome>;
  credit: (id: string, amount: number) => Promise<ConformanceOutcome>;
  cancel: (id: string) => Promise<void>;
  balance: () => Promise<number>;
  callWithBadSignature: (id: string, amount: number) => Promise<ConformanceOutcome>;
  callWithStaleTimestamp: (id: string, amount: number) => Promise<ConformanceOutcome>;
  debitLosingAnswer: (id: string, amount: number) => Promise<void>;
  debitLostOnTheWay: (id: string, amount: number) => Promise<void>;
};

export type ConformanceTarget = {
  /** A fresh player whose wallet holds `balance`. */
  newPlayer: (balance: number) => Promise<ConformancePlayer>;
  /** Ids must be unique per test run. */
  newId: () => string;
};

export function describeWalletConformance(name: string, target: () => ConformanceTarget): void {
  describe(`wallet conformance: ${name}`, () => {
    it('applies a repeated call once and answers it the same', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const id = t.newId();
      expect(await p.debit(id, 300)).toEqual({ status: 'OK' });
      expect(await p.debit(id, 300)).toEqual({ status: 'OK' });
      expect(await p.balance()).toBe(700);
      const credit = t.newId();
      expect(await p.credit(credit, 50)).toEqual({ status: 'OK' });
      expect(await p.credit(credit, 50)).toEqual({ status: 'OK' });
      expect(await p.balance()).toBe(750);
    });

    it('refuses the same id with other content and moves nothing', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const id = t.newId();
      await p.debit(id, 300);
      expect(await p.debit(id, 301)).toEqual({ status: 'CONFLICT' });
      expect(await p.balance()).toBe(700);
    });

    it('refuses a debit that cannot be covered, and keeps refusing a retry of it', async () => {
      const t = target();
      const p = await t.newPlayer(100);
      const id = t.newId();
      expect(await p.debit(id, 101)).toEqual({ status: 'INSUFFICIENT_FUNDS' });
      expect(await p.balance()).toBe(100);
      expect((await p.debit(id, 101)).status).not.toBe('OK');
      expect(await p.balance()).toBe(100);
    });

    it('reordering: a cancel that arrives before its call closes the id, and the late call moves nothing', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const id = t.newId();
      await p.cancel(id);
      expect(await p.debit(id, 400)).toEqual({ status: 'REFUSED' });
      expect(await p.balance()).toBe(1_000);
    });

    it('concurrency: parallel debits never overdraw', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const outcomes = await Promise.all(Array.from({ length: 16 }, () => p.debit(t.newId(), 100)));
      expect(outcomes.filter((o) => o.status === 'OK')).toHaveLength(10);
      expect(outcomes.filter((o) => o.status === 'INSUFFICIENT_FUNDS')).toHaveLength(6);
      expect(await p.balance()).toBe(0);
    });

    it('concurrency: parallel duplicates of one call apply once', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const id = t.newId();
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => p.debit(id, 250)));
      expect(outcomes.every((o) => o.status === 'OK')).toBe(true);
      expect(await p.balance()).toBe(750);
    });

    it('refuses a bad signature and a stale timestamp without reading the call', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      expect(await p.callWithBadSignature(t.newId(), 100)).toEqual({ status: 'REJECTED' });
      expect(await p.callWithStaleTimestamp(t.newId(), 100)).toEqual({ status: 'REJECTED' });
      expect(await p.balance()).toBe(1_000);
    });

    it('timeouts: an answer lost on the way back; the retry gets the outcome and nothing moves twice', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const id = t.newId();
      await p.debitLosingAnswer(id, 200);
      expect(await p.debit(id, 200)).toEqual({ status: 'OK' });
      expect(await p.balance()).toBe(800);
    });

    it('timeouts: a call lost on the way out is closed by a cancel, and never applies afterwards', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const id = t.newId();
      await p.debitLostOnTheWay(id, 200);
      await p.cancel(id);
      expect(await p.debit(id, 200)).toEqual({ status: 'REFUSED' });
      expect(await p.balance()).toBe(1_000);
    });
  });
}

/**
 * The round-outcome part of the kit, for a wallet whose calls carry what a round showed (our
 * seamless callback API): a bet may carry its outcome (an open sportsbook bet's legs), which the
 * betting record shows while the round is open; the win's outcome replaces it; a bet or a win
 * without one keeps what is stored.
 */
type OutcomePlayer = {
  /** A bet opening the round of `id`, carrying `outcome` when given. */
  debit: (id: string, amount: number, outcome?: unknown) => Promise<ConformanceOutcome>;
  /** The win closing the round `debit(id)` opened. */
  credit: (id: string, amount: number, outcome?: unknown) => Promise<ConformanceOutcome>;
  /** The round's record as the member's betting record reads it. */
  round: (id: string) => Promise<{ status: string; outcome: unknown }>;
  balance: () => Promise<number>;
};

export function describeRoundOutcomeConformance(
  name: string,
  target: () => { newPlayer: (balance: number) => Promise<OutcomePlayer>; newId: () => string },
): void {
  const slip = (result?: 'win' | 'lose') => ({
    kind: 'slip',
    bet: 'parlay',
    legs: [
      {
        event: 'Hà Nội FC – Hải Phòng',
        market: 'Kèo chấp 0.5',
        selection: 'Hà Nội FC',
        odds: 1_950,
        ...(result ? { outcome: result } : {}),
      },
      { event: 'Arsenal – Chelsea', market: 'Tài xỉu 2.5', selection: 'Tài', odds: 1_870, ...(result ? { outcome: result } : {}) },
    ],
  });

  describe(`wallet conformance, round outcomes: ${name}`, () => {
    it('shows an open round the outcome its bet carried, and the win’s outcome once settled', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const id = t.newId();
      expect(await p.debit(id, 300, slip())).toEqual({ status: 'OK' });
      expect(await p.round(id)).toEqual({ status: 'open', outcome: slip() });
      expect(await p.balance()).toBe(700);
      expect(await p.credit(id, 1_000, slip('win'))).toEqual({ status: 'OK' });
      expect(await p.round(id)).toEqual({ status: 'settled', outcome: slip('win') });
      expect(await p.balance()).toBe(1_700);
    });

    it('replaces a bet’s outcome with its win’s, and keeps it when the win carries none', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const withOutcome = t.newId();
      expect(await p.debit(withOutcome, 100, slip())).toEqual({ status: 'OK' });
      expect(await p.credit(withOutcome, 385, slip('win'))).toEqual({ status: 'OK' });
      expect(await p.round(withOutcome)).toEqual({ status: 'settled', outcome: slip('win') });
      const kept = t.newId();
      expect(await p.debit(kept, 100, slip())).toEqual({ status: 'OK' });
      expect(await p.credit(kept, 0)).toEqual({ status: 'OK' });
      expect(await p.round(kept)).toEqual({ status: 'settled', outcome: slip() });
      const none = t.newId();
      expect(await p.debit(none, 100)).toEqual({ status: 'OK' });
      expect(await p.round(none)).toEqual({ status: 'open', outcome: null });
      expect(await p.balance()).toBe(1_000 - 100 + 385 - 100 - 100);
    });

    it('applies a repeated bet with an outcome once, and its retry without one is the same call', async () => {
      const t = target();
      const p = await t.newPlayer(1_000);
      const id = t.newId();
      expect(await p.debit(id, 200, slip())).toEqual({ status: 'OK' });
      expect(await p.debit(id, 200, slip())).toEqual({ status: 'OK' });
      expect(await p.debit(id, 200)).toEqual({ status: 'OK' });
      expect(await p.balance()).toBe(800);
      expect(await p.round(id)).toEqual({ status: 'open', outcome: slip() });
    });
  });
}
