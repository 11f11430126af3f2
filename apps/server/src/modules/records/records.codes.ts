import type { RecordType, RecordWallet } from '@platform/contracts/records';
import type { MemberAccountKind, TransferCode } from '../ledger/ledger.codes.ts';

/**
 * The one place where ledger codes become the record types a member sees. Every ledger code has
 * exactly one type (the `Record<TransferCode, ...>` makes a new code a compile error until it is
 * mapped here):
 * - a reserved stake (`stake_reserve`) is a bet, as a direct `bet` debit is;
 * - a released stake (`stake_void`) and a correction (`reversal`) undo an earlier movement: cancelled;
 * - money held for a withdrawal (`withdrawal_hold`) is a withdrawal, and released on rejection
 *   (`withdrawal_release`) it is a returned withdrawal;
 * - play money credited to a trial account (`trial_credit`) is shown as a promotion;
 * - funding, claiming and the return of a red envelope are all `red_envelope`;
 * - loyalty points' own movements (`points_earn`, `points_spend`, `points_refund`) are in the points
 *   currency, which the records (listed in the member's money currency) never show; they belong to
 *   the loyalty family, `points_redemption`.
 */
export const RECORD_TYPE_OF_CODE: Readonly<Record<TransferCode, RecordType>> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  withdrawal_returned: 'withdrawal_returned',
  vendor_transfer_in: 'vendor_transfer_in',
  vendor_transfer_out: 'vendor_transfer_out',
  upline_transfer: 'upline_transfer',
  downline_transfer: 'downline_transfer',
  promotion: 'promotion',
  bet: 'bet',
  payout: 'payout',
  rebate: 'rebate',
  agent_commission: 'agent_commission',
  cancelled: 'cancelled',
  admin_adjustment: 'admin_adjustment',
  points_redemption: 'points_redemption',
  stake_reserve: 'bet',
  stake_void: 'cancelled',
  withdrawal_hold: 'withdrawal',
  withdrawal_release: 'withdrawal_returned',
  withdrawal_fee: 'withdrawal',
  reversal: 'cancelled',
  trial_credit: 'promotion',
  agent_wallet_move: 'agent_wallet_move',
  red_envelope_fund: 'red_envelope',
  red_envelope_claim: 'red_envelope',
  red_envelope_return: 'red_envelope',
  points_earn: 'points_redemption',
  points_spend: 'points_redemption',
  points_refund: 'points_redemption',
};

export function recordTypeOf(code: string): RecordType {
  return Object.hasOwn(RECORD_TYPE_OF_CODE, code) ? RECORD_TYPE_OF_CODE[code as TransferCode] : 'admin_adjustment';
}

/** Every ledger code shown under one of the given types. */
export function codesOfTypes(types: readonly RecordType[]): TransferCode[] {
  return (Object.keys(RECORD_TYPE_OF_CODE) as TransferCode[]).filter((code) => types.includes(RECORD_TYPE_OF_CODE[code]));
}

/** The money wallets; `player_points` holds points, in a currency the records do not list. */
export const WALLET_OF_ACCOUNT_KIND: Readonly<Record<Exclude<MemberAccountKind, 'player_points'>, RecordWallet>> = {
  player_main: 'main',
  player_bonus: 'bonus',
  agent_main: 'agent',
};

/**
 * Codes that make up profit and loss, each summed from the member's side (stakes negative):
 * stakes net of releases and refunds are the bet amount, payouts the win, rebates the rebate.
 */
export const PROFIT_STAKE_CODES: readonly TransferCode[] = ['stake_reserve', 'bet', 'stake_void', 'cancelled'];
export const PROFIT_WIN_CODES: readonly TransferCode[] = ['payout'];
export const PROFIT_REBATE_CODES: readonly TransferCode[] = ['rebate'];
