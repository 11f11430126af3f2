/**
 * The ledger's vocabulary: which accounts exist and why money moves. Both lists are stored as text
 * in the database, so a name, once used, is never renamed; new names are appended.
 */

/** Accounts a member owns; they can never go below zero. `player_points` holds loyalty points (currency POINTS_CURRENCY). */
export const MEMBER_ACCOUNT_KINDS = ['player_main', 'player_bonus', 'agent_main', 'player_points'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNT_KINDS)[number];

/**
 * Accounts the house owns, one per merchant and currency. They may go negative (payment_clearing is
 * negative by the sum of all deposits less withdrawals) and are never locked per transfer.
 */
export const SYSTEM_ACCOUNT_KINDS = [
  'house_revenue',
  'vendor_clearing',
  'payment_clearing',
  'bonus_pool',
  'stake_escrow',
  'play_money',
  'red_envelope_escrow',
  'points_pool',
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export type AccountKind = MemberAccountKind | SystemAccountKind;

/**
 * Loyalty points are a currency of their own: whole points (minor unit = one point), kept in
 * `player_points` accounts against the merchant's `points_pool` (negative by the points members
 * hold). They never mix with money: a transfer between two currencies is refused.
 */
export const POINTS_CURRENCY = 'PTS';

/** Holds reserved stakes between reserve and post or void; only reservations touch it. */
export const ESCROW_ACCOUNT_KIND: SystemAccountKind = 'stake_escrow';

/**
 * Why a transfer happened. The caller picks one for an ordinary transfer or a post; the ledger itself
 * writes `stake_reserve`, `stake_void` and `reversal`.
 *
 * - deposit: payment_clearing -> player (a confirmed deposit)
 * - withdrawal: player -> payment_clearing (a withdrawal paid out)
 * - withdrawal_returned: payment_clearing -> player (a rejected or failed withdrawal)
 * - withdrawal_fee: a withdrawal's fee, reserved with it and posted to house_revenue at payout
 * - vendor_transfer_out / vendor_transfer_in: player <-> vendor_clearing (transfer-style game wallets)
 * - upline_transfer / downline_transfer: agent <-> player within a downline
 * - promotion: bonus_pool -> player_bonus or player_main
 * - bet: a stake taken, or a reservation posted to house_revenue
 * - payout: house_revenue -> player (a win)
 * - rebate, agent_commission: house_revenue -> member; agent_commission also agent_main -> agent_main
 *   (an upline pays its downline's contract, docs/agent-contracts.md)
 * - cancelled: a settled round undone by the game (house_revenue -> player)
 * - admin_adjustment: a back-office correction with a note
 * - points_redemption: loyalty points turned into money
 * - trial_credit: play_money -> a trial (free-play) account; kept apart from real money's accounts
 * - stake_reserve: player -> stake_escrow (a reservation is made)
 * - stake_void: stake_escrow -> player (a reservation is released)
 * - withdrawal_hold / withdrawal_release: the same two steps for a withdrawal's reservation (codes
 *   withdrawal and withdrawal_fee), so money waiting for payout is never read as a stake
 * - reversal: the exact opposite of an earlier transfer
 * - agent_wallet_move: an agent's own money between its main wallet and its agent wallet
 * - red_envelope_fund: agent_main -> red_envelope_escrow (an agent funds a red envelope)
 * - red_envelope_claim: red_envelope_escrow -> player_main (a member claims one share)
 * - red_envelope_return: red_envelope_escrow -> agent_main (what was unclaimed at expiry goes back)
 * - points_earn: points_pool -> player_points (an earning rule or a reward paid points)
 * - points_spend: player_points -> points_pool (points spent in the points mall)
 * - points_refund: points_pool -> player_points (a rejected mall order gives its points back)
 */
export const TRANSFER_CODES = [
  'deposit',
  'withdrawal',
  'withdrawal_returned',
  'vendor_transfer_in',
  'vendor_transfer_out',
  'upline_transfer',
  'downline_transfer',
  'promotion',
  'bet',
  'payout',
  'rebate',
  'agent_commission',
  'cancelled',
  'admin_adjustment',
  'points_redemption',
  'stake_reserve',
  'stake_void',
  'reversal',
  'trial_credit',
  'withdrawal_fee',
  'withdrawal_hold',
  'withdrawal_release',
  'agent_wallet_move',
  'red_envelope_fund',
  'red_envelope_claim',
  'red_envelope_return',
  'points_earn',
  'points_spend',
  'points_refund',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

/** Codes the ledger writes itself; a caller cannot use them for a transfer or a post. */
export const LEDGER_OWN_CODES = ['stake_reserve', 'stake_void', 'withdrawal_hold', 'withdrawal_release', 'reversal'] as const;

/** Reservation codes whose reserve and release are written as withdrawal_hold and withdrawal_release. */
const WITHDRAWAL_RESERVATION_CODES: readonly string[] = ['withdrawal', 'withdrawal_fee'];

/** The ledger's own code for the transfer that makes a reservation of this code. */
export function reserveTransferCodeOf(reservationCode: string): 'stake_reserve' | 'withdrawal_hold' {
  return WITHDRAWAL_RESERVATION_CODES.includes(reservationCode) ? 'withdrawal_hold' : 'stake_reserve';
}

/** The ledger's own code for the transfer that releases (voids) a reservation of this code. */
export function voidTransferCodeOf(reservationCode: string): 'stake_void' | 'withdrawal_release' {
  return WITHDRAWAL_RESERVATION_CODES.includes(reservationCode) ? 'withdrawal_release' : 'stake_void';
}
export type LedgerOwnCode = (typeof LEDGER_OWN_CODES)[number];
export type CallerTransferCode = Exclude<TransferCode, LedgerOwnCode>;

export function isTransferCode(value: string): value is TransferCode {
  return (TRANSFER_CODES as readonly string[]).includes(value);
}

export function isCallerTransferCode(value: string): value is CallerTransferCode {
  return isTransferCode(value) && !(LEDGER_OWN_CODES as readonly string[]).includes(value);
}

export function isSystemAccountKind(value: string): value is SystemAccountKind {
  return (SYSTEM_ACCOUNT_KINDS as readonly string[]).includes(value);
}

export function isMemberAccountKind(value: string): value is MemberAccountKind {
  return (MEMBER_ACCOUNT_KINDS as readonly string[]).includes(value);
}
