import '../../../styles/money.css';
import { useWithdrawalRules } from '../api/withdrawals.ts';
import { KycSection } from './kyc-section.tsx';
import { WithdrawForm } from './withdraw-form.tsx';
import { WithdrawalHistory } from './withdrawal-history.tsx';

/**
 * Withdraw: the rules, a bound card, the amount and the payment password, a confirmation, the
 * identity check when the server asks for it, and the history with the receipt confirmation.
 */
export function WithdrawPage() {
  const rules = useWithdrawalRules();
  return (
    <div className="mc-sections mm-page">
      <WithdrawForm />
      <KycSection />
      <WithdrawalHistory autoConfirmMinutes={rules.data?.autoConfirmMinutes ?? null} />
    </div>
  );
}
