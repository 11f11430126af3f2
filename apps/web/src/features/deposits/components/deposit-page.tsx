import '../../../styles/money.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DepositOrder } from '../api/deposits.ts';
import { BankInstructions } from './bank-instructions.tsx';
import { DepositForm } from './deposit-form.tsx';
import { DepositHistory } from './deposit-history.tsx';
import { GatewayReturn } from './gateway-return.tsx';

/**
 * Deposit: the operator's channels with their limits, the request, bank-transfer instructions,
 * the state of a gateway payment the member comes back from (`ref` in the address), the history.
 */
export function DepositPage() {
  const [params, setParams] = useSearchParams();
  const returnedRef = params.get('ref');
  const [bankOrder, setBankOrder] = useState<DepositOrder | null>(null);

  function dismissReturn(): void {
    const next = new URLSearchParams(params);
    next.delete('ref');
    next.delete('status');
    setParams(next, { replace: true });
  }

  return (
    <div className="mc-sections mm-page">
      {returnedRef && <GatewayReturn orderNo={returnedRef} onClose={dismissReturn} />}
      {bankOrder ? <BankInstructions order={bankOrder} onClose={() => setBankOrder(null)} /> : <DepositForm onBankOrder={setBankOrder} />}
      <DepositHistory onShowBankOrder={setBankOrder} />
    </div>
  );
}
