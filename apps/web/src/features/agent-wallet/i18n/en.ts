import type { AgentWalletTranslation } from './vi.ts';

export const agentWalletEn: AgentWalletTranslation = {
  balances: 'Balances',
  main: 'Main wallet',
  agent: 'Agent wallet',
  refresh: 'Refresh',
  mainHint: 'Deposits, withdrawals and games use the main wallet.',
  agentHint: 'Transfers to your downline are paid from the agent wallet; transfers from your downline arrive in it.',
  moveTitle: 'Move between the two wallets',
  amount: 'Amount ({{currency}})',
  amountInvalid: 'Please enter a valid amount',
  overMain: 'The amount is more than the main wallet holds',
  overAgent: 'The amount is more than the agent wallet holds',
  toAgent: 'Move to agent wallet',
  toMain: 'Move to main wallet',
  working: 'Working…',
};
