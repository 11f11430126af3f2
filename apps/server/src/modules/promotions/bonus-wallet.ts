import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

// The promotions module's face to the game wallets (ADR 0032), one rule for each that lets a stake
// draw on bonus money: the seamless vendor wallet and the lottery take it, promotions keep the money.

/**
 * Bonus money a stake may draw on once the cash is spent (ADR 0032), kept by the promotions module.
 * `take` reserves on the member's `player_bonus` account; `settle` and `void` close such a
 * reservation (the win of a bonus-funded stake comes back to `player_bonus`). All run in the
 * caller's transaction; `take` throws `insufficient_funds` when the grants do not hold enough.
 */
export type BonusWallet = {
  available: (memberId: number, trx: Transaction<DB>) => Promise<number>;
  take: (
    trx: Transaction<DB>,
    input: {
      memberId: number;
      merchantId: number;
      currency: string;
      amount: number;
      idempotencyKey: string;
      reference: { type: string; id: string };
    },
  ) => Promise<{ reservationId: number }>;
  settle: (
    trx: Transaction<DB>,
    input: { reservationId: number; toAccountId: number; payout: number; idempotencyKey: string },
  ) => Promise<void>;
  void: (trx: Transaction<DB>, input: { reservationId: number; idempotencyKey: string }) => Promise<void>;
  /** A further win of a settled round a bonus stake played in: its bonus share, paid from `fromAccountId` to that stake's grants. */
  payLateWin: (
    trx: Transaction<DB>,
    input: {
      reservationId: number;
      fromAccountId: number;
      amount: number;
      idempotencyKey: string;
      reference: { type: string; id: string };
    },
  ) => Promise<void>;
};

/**
 * The part of a round's win that goes back to bonus money: the win in proportion to the stake the
 * bonus paid (rounded down, so the cash never gets less than its own share). The rest is cash.
 */
export function bonusShareOfWin(payout: number, bonusStake: number, totalStake: number): number {
  if (bonusStake <= 0 || totalStake <= 0 || payout <= 0) return 0;
  return Number((BigInt(payout) * BigInt(bonusStake)) / BigInt(totalStake));
}

/** Cash first: the part of a stake the bonus pays is what the cash cannot cover (at most the bonus there is). */
export function bonusPartOfStake(stake: { amount: number; cash: number; bonus: number }): number {
  const cash = Math.max(0, stake.cash);
  return cash >= stake.amount ? 0 : Math.min(stake.bonus, stake.amount - cash);
}
