import { useMemberInfo } from '../../../api/get-member-info.ts';
import { WageringPanel } from '../../../features/promotions/components/wagering-panel.tsx';
import { WithdrawPage as WithdrawForms } from '../../../features/withdrawals/components/withdraw-page.tsx';

/** Withdraw (`withdraw`): the promotion wagering still owed (why a withdrawal is blocked), then the withdrawal pages. */
export function WithdrawPage() {
  const currency = useMemberInfo().data?.currency ?? null;
  return (
    <>
      <WageringPanel currency={currency} />
      <WithdrawForms />
    </>
  );
}
