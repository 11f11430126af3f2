import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client.ts';
import {
  newRequestId,
  useConsolidatedFunds,
  useRecallAll,
  useVendorBalances,
  useWalletMode,
  useWalletTransfer,
} from '../api/records-api.ts';
import { ErrorState, LoadingState } from '../components/load-states.tsx';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';
import { parseAmount, useMoney } from '../records/format.ts';
import { SectionCard } from '../security/section-card.tsx';
import '../records/records.css';

/**
 * My wallet: the balance of each wallet (main, bonus, agent, locked). In transfer mode each game
 * vendor keeps its own wallet: its balance, moves in and out of it, and "return all to main wallet".
 */
/** What the last move did: a refusal by the vendor reads as an error. */
type Outcome = { text: string; isRefused: boolean };

export function TransferFundPage() {
  const mode = useWalletMode();
  return (
    <div className="mc-sections">
      <BalanceBreakdown />
      {mode.error && <ErrorState error={mode.error} onRetry={() => void mode.refetch()} />}
      {mode.data && !mode.data.isSingle && <VendorWallets />}
    </div>
  );
}

function BalanceBreakdown() {
  const { t } = useTranslation(MC_RECORDS_NS);
  const funds = useConsolidatedFunds();
  const money = useMoney();
  let body = <LoadingState />;
  if (funds.error) body = <ErrorState error={funds.error} onRetry={() => void funds.refetch()} />;
  else if (funds.data) {
    const f = funds.data;
    const rows: [string, number][] = [
      ['main', f.mainBalance],
      ['bonus', f.bonusBalance],
      ['locked', f.lockedBalance],
    ];
    if (f.agentBalance !== 0) rows.push(['agent', f.agentBalance]);
    body = (
      <>
        <p className="rc-total">
          <span className="rc-total__label">{t('wallet.total')}</span>
          <strong className="rc-total__value" data-testid="wallet-total">
            {money(f.sumBalance, f.currency)}
          </strong>
        </p>
        <dl className="rc-balances">
          {rows.map(([key, amount]) => (
            <div key={key} className="rc-balances__item" data-wallet={key}>
              <dt>{t(`wallet.${key}`)}</dt>
              <dd>{money(amount, f.currency)}</dd>
            </div>
          ))}
        </dl>
        <p className="mc-note">{t('wallet.lockedHint')}</p>
      </>
    );
  }
  return (
    <SectionCard
      title={t('wallet.title')}
      aside={
        <button type="button" className="button" disabled={funds.isFetching} onClick={() => void funds.refetch()}>
          {t('refresh')}
        </button>
      }
    >
      {body}
    </SectionCard>
  );
}

function VendorWallets() {
  const { t } = useTranslation(MC_RECORDS_NS);
  const balances = useVendorBalances(true);
  const recall = useRecallAll();
  const money = useMoney();
  const [done, setDone] = useState<Outcome | null>(null);
  let body = <LoadingState />;
  if (balances.error) body = <ErrorState error={balances.error} onRetry={() => void balances.refetch()} />;
  else if (balances.data && balances.data.list.length === 0) body = <p className="mc-note">{t('wallet.noVendors')}</p>;
  else if (balances.data) {
    const { currency, list } = balances.data;
    body = (
      <ul className="rc-vendors">
        {list.map((vendor) => (
          <VendorRow key={vendor.vendorCode} vendorCode={vendor.vendorCode} balance={vendor.balance} currency={currency} onDone={setDone} />
        ))}
      </ul>
    );
  }
  return (
    <SectionCard title={t('wallet.vendorsTitle')}>
      <p className="mc-note">{t('wallet.vendorsText')}</p>
      {balances.data && (
        <p className="rc-total">
          <span className="rc-total__label">{t('wallet.main')}</span>
          <strong className="rc-total__value">{money(balances.data.mainBalance, balances.data.currency)}</strong>
        </p>
      )}
      {body}
      {recall.error && (
        <p className="form__error" role="alert">
          {errorText(recall.error)}
        </p>
      )}
      {done &&
        (done.isRefused ? (
          <p className="form__error" role="alert">
            {done.text}
          </p>
        ) : (
          <p className="mc-success" role="status">
            {done.text}
          </p>
        ))}
      <div className="mc-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={recall.isPending || !balances.data}
          onClick={() => {
            setDone(null);
            recall.mutate(undefined, { onSuccess: () => setDone({ text: t('wallet.recalled'), isRefused: false }) });
          }}
        >
          {recall.isPending ? t('working') : t('wallet.recallAll')}
        </button>
      </div>
    </SectionCard>
  );
}

function VendorRow({
  vendorCode,
  balance,
  currency,
  onDone,
}: {
  vendorCode: string;
  balance: number | null;
  currency: string;
  onDone: (outcome: Outcome | null) => void;
}) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const money = useMoney();
  const transfer = useWalletTransfer();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);

  function move(direction: 'in' | 'out') {
    onDone(null);
    const minor = parseAmount(amount, currency);
    if (minor === null || minor <= 0) {
      setProblem(t('amountInvalid'));
      return;
    }
    setProblem(null);
    const body =
      direction === 'in'
        ? { fromWallet: 'MAIN', toWallet: vendorCode, amount: minor, requestId }
        : { fromWallet: vendorCode, toWallet: 'MAIN', amount: minor, requestId };
    transfer.mutate(body, {
      onSuccess: (result) => {
        setRequestId(newRequestId());
        setAmount('');
        onDone({
          text: t(`wallet.status.${result.status}`, { vendor: vendorCode, amount: money(result.amount, result.currency) }),
          isRefused: result.status === 'FAILED',
        });
      },
      onError: () => setRequestId(newRequestId()),
    });
  }

  return (
    <li className="rc-vendor" data-vendor={vendorCode}>
      <div className="rc-vendor__head">
        <strong>{vendorCode}</strong>
        <span>{balance === null ? t('wallet.vendorUnavailable') : money(balance, currency)}</span>
      </div>
      <form
        className="rc-vendor__form"
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          move('in');
        }}
      >
        <label className="visually-hidden" htmlFor={`rc-amount-${vendorCode}`}>
          {t('wallet.amountFor', { vendor: vendorCode })}
        </label>
        <input
          id={`rc-amount-${vendorCode}`}
          className="form-field__input"
          inputMode="decimal"
          placeholder={t('amount')}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <button type="submit" className="button" disabled={transfer.isPending}>
          {t('wallet.transferIn')}
        </button>
        <button type="button" className="button" disabled={transfer.isPending || balance === null} onClick={() => move('out')}>
          {t('wallet.transferOut')}
        </button>
      </form>
      {(problem || transfer.error) && (
        <p className="form__error" role="alert">
          {problem ?? errorText(transfer.error)}
        </p>
      )}
    </li>
  );
}
