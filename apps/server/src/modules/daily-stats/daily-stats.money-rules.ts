/**
 * Which ledger movements make up a member's money figures of the day, seen from the member. One
 * place, used by the rollups' consumer and by their reconciliation alike:
 *
 * | code | member credited (`in`) | member debited (`out`) |
 * |---|---|---|
 * | `deposit` | deposit amount, +1 deposit | — |
 * | `withdrawal` (the payout of a withdrawal request, posted from its reservation) | — | withdrawal amount, +1 withdrawal |
 * | `withdrawal_fee` (posted with it) | — | withdrawal amount |
 * | `withdrawal_returned` (a paid withdrawal that came back) | withdrawal amount −, −1 withdrawal | — |
 * | `promotion`, `rebate` | bonus amount | — |
 * | `downline_transfer`, `upline_transfer` | transfer in | transfer out |
 * | `reversal` | the opposite of what the reversed transfer counted, on the day of the reversal | |
 *
 * A move between two wallets of the same member counts nothing; every other code (admin corrections,
 * play money, holds and releases of a withdrawal) counts nothing. Stakes and wins are not money
 * figures: they come from bet records. A new ledger code that should count is added here.
 */

export type MoneyFigures = {
  depositAmount: number;
  depositCount: number;
  withdrawalAmount: number;
  withdrawalCount: number;
  bonusAmount: number;
  transferInAmount: number;
  transferOutAmount: number;
};

export const MONEY_FIELDS: readonly (keyof MoneyFigures)[] = [
  'depositAmount',
  'depositCount',
  'withdrawalAmount',
  'withdrawalCount',
  'bonusAmount',
  'transferInAmount',
  'transferOutAmount',
];

export function emptyMoneyFigures(): MoneyFigures {
  return {
    depositAmount: 0,
    depositCount: 0,
    withdrawalAmount: 0,
    withdrawalCount: 0,
    bonusAmount: 0,
    transferInAmount: 0,
    transferOutAmount: 0,
  };
}

type Effect = (amount: number, count: number) => Partial<MoneyFigures>;

const RULES: Readonly<Record<string, { in?: Effect; out?: Effect }>> = {
  deposit: { in: (amount, count) => ({ depositAmount: amount, depositCount: count }) },
  withdrawal: { out: (amount, count) => ({ withdrawalAmount: amount, withdrawalCount: count }) },
  withdrawal_fee: { out: (amount) => ({ withdrawalAmount: amount }) },
  withdrawal_returned: { in: (amount, count) => ({ withdrawalAmount: -amount, withdrawalCount: -count }) },
  promotion: { in: (amount) => ({ bonusAmount: amount }) },
  rebate: { in: (amount) => ({ bonusAmount: amount }) },
  downline_transfer: { in: (amount) => ({ transferInAmount: amount }), out: (amount) => ({ transferOutAmount: amount }) },
  upline_transfer: { in: (amount) => ({ transferInAmount: amount }), out: (amount) => ({ transferOutAmount: amount }) },
};

export type Movement = {
  code: string;
  reversedCode: string | null;
  direction: 'in' | 'out';
  isOwn: boolean;
  amount: number;
  count: number;
};

/** What one group of movements adds to the member's figures; undefined when it counts nothing. */
export function moneyEffectOf(movement: Movement): Partial<MoneyFigures> | undefined {
  if (movement.isOwn) return undefined;
  if (movement.code === 'reversal') {
    // A reversal moves the money back the other way: it undoes what the original counted.
    const rule = movement.reversedCode === null ? undefined : RULES[movement.reversedCode];
    const effect = rule?.[movement.direction === 'in' ? 'out' : 'in']?.(movement.amount, movement.count);
    if (!effect) return undefined;
    return Object.fromEntries(Object.entries(effect).map(([field, value]) => [field, -value]));
  }
  return RULES[movement.code]?.[movement.direction]?.(movement.amount, movement.count);
}

/** Adds an effect into figures. */
export function addInto(target: MoneyFigures, effect: Partial<MoneyFigures>): void {
  for (const field of MONEY_FIELDS) target[field] += effect[field] ?? 0;
}
