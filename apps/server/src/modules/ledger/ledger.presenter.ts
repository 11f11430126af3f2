import type { AmountMinor } from '@platform/contracts/money';
import type { WalletBalanceValue } from '@platform/contracts/wallet';
import type { MemberBalances } from './ledger.service.ts';

/** The wallet balance as the client sees it: only these fields leave the server. */
export function presentWalletBalance(balances: MemberBalances): WalletBalanceValue {
  return {
    currency: balances.currency,
    sumBalance: balances.sum as AmountMinor,
    mainBalance: balances.main as AmountMinor,
    bonusBalance: balances.bonus as AmountMinor,
    lockedBalance: balances.locked as AmountMinor,
  };
}
