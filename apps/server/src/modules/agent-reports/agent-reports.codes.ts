import type { AgentIncomeKind, TeamTransactionKind } from '@platform/contracts/agents/agent-reports';
import type { TransferCode } from '../ledger/ledger.codes.ts';

/**
 * Which ledger entries each report line is. An agent's income is money credited to its own accounts
 * with these codes; a new kind (a contract payout) is one more entry here and in AGENT_INCOME_KINDS.
 * - downline_transfer: a member of the downline sent money up (`upline_transfer` credits the agent);
 * - red_envelope_return: the unclaimed rest of an expired red envelope came back.
 */
export const INCOME_CODES: Readonly<Record<AgentIncomeKind, readonly string[]>> = {
  downline_transfer: ['upline_transfer'] satisfies TransferCode[],
  // The red-envelopes module adds this code to the ledger's vocabulary (ledger.codes.ts); the reports
  // only read by it, so they name it here as text and need nothing else from that module.
  red_envelope_return: ['red_envelope_return'],
};

export function incomeKindOf(code: string): AgentIncomeKind | undefined {
  for (const [kind, codes] of Object.entries(INCOME_CODES) as [AgentIncomeKind, readonly string[]][]) if (codes.includes(code)) return kind;
  return undefined;
}

/**
 * The team members' money lines by kind, read from the members' own accounts: deposits;
 * withdrawals as the member's wallet sees them (the money held when it is asked for, released when
 * it is refused, returned when a paid one comes back); transfers along the downline split by
 * direction; bonuses (promotions and rebates). The totals beside them are the daily rollups', whose
 * rules are in daily-stats.money-rules.ts (a withdrawal counts there once it is paid).
 */
export const TEAM_TRANSACTION_SOURCES: Readonly<
  Record<TeamTransactionKind, { codes: readonly TransferCode[]; direction?: 'in' | 'out' | undefined }>
> = {
  deposit: { codes: ['deposit'] },
  withdrawal: { codes: ['withdrawal_hold', 'withdrawal_release', 'withdrawal_returned'] },
  transfer_in: { codes: ['upline_transfer', 'downline_transfer'], direction: 'in' },
  transfer_out: { codes: ['upline_transfer', 'downline_transfer'], direction: 'out' },
  bonus: { codes: ['promotion', 'rebate'] },
};

export function teamTransactionKindOf(code: string, amount: number): TeamTransactionKind | undefined {
  for (const [kind, source] of Object.entries(TEAM_TRANSACTION_SOURCES) as [
    TeamTransactionKind,
    (typeof TEAM_TRANSACTION_SOURCES)[TeamTransactionKind],
  ][]) {
    if (!(source.codes as readonly string[]).includes(code)) continue;
    if (source.direction === 'in' && amount < 0) continue;
    if (source.direction === 'out' && amount > 0) continue;
    return kind;
  }
  return undefined;
}
