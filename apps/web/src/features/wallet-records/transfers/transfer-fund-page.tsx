import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useVendorLanes } from '../../../api/get-vendor-lanes.ts';
import { useRecallAll, useVendorWalletBalances, useWalletMode } from '../../../api/vendor-wallets.ts';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useConsolidatedFunds, useWalletTransfer } from '../api/records-api.ts';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';
import { positiveAmountSchema, useMoney } from '../records/format.ts';
import '../records/records.css';

/**
 * My wallet: the balance of each wallet (main, bonus, agent, locked). In transfer mode each game
 * vendor keeps its own wallet: its balance, moves in and out of it, and "return all to main wallet".
 */
/** What the last move did: a refusal by the vendor reads as an error. */
type Outcome = { text: string; isRefused: boolean };

export function TransferFundPage() {
  const mode = useWalletMode();
  const hasVendorWallets = mode.data ? !mode.data.isSingle : false;
  return (
    <div className="mc-sections">
      <BalanceBreakdown hasVendorWallets={hasVendorWallets} />
      {mode.error && <ErrorState error={mode.error} onRetry={() => void mode.refetch()} />}
      {hasVendorWallets && <VendorWallets />}
    </div>
  );
}

/**
 * The total (main, bonus and the money in game wallets), each wallet, and what may be withdrawn now:
 * the main wallet only, so money in a game wallet is returned first.
 */
function BalanceBreakdown({ hasVendorWallets }: { hasVendorWallets: boolean }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const funds = useConsolidatedFunds();
  const money = useMoney();
  let body = <LoadingState />;
  if (funds.error) body = <ErrorState error={funds.error} onRetry={() => void funds.refetch()} />;
  else if (funds.data) {
    const f = funds.data;
    const rows: [string, number][] = [['main', f.mainBalance]];
    if (hasVendorWallets || f.vendorBalance !== 0) rows.push(['vendors', f.vendorBalance]);
    rows.push(['bonus', f.bonusBalance], ['locked', f.lockedBalance]);
    if (f.agentBalance !== 0) rows.push(['agent', f.agentBalance]);
    body = (
      <>
        <p className="rc-total">
          <span className="rc-total__label">{t('wallet.total')}</span>
          <strong className="rc-total__value" data-testid="wallet-total">
            {money(f.sumBalance, f.currency)}
          </strong>
        </p>
        {!f.isVendorBalanceComplete && (
          <p className="mc-note" role="status">
            {t('wallet.vendorsIncomplete')}
          </p>
        )}
        <dl className="rc-balances">
          {rows.map(([key, amount]) => (
            <div key={key} className="rc-balances__item" data-wallet={key}>
              <dt>{t(`wallet.${key}`)}</dt>
              <dd>{money(amount, f.currency)}</dd>
            </div>
          ))}
        </dl>
        <p className="rc-total rc-total--minor">
          <span className="rc-total__label">{t('wallet.withdrawable')}</span>
          <strong className="rc-total__value" data-testid="wallet-withdrawable">
            {money(f.withdrawableBalance, f.currency)}
          </strong>
        </p>
        {f.vendorBalance > 0 && <p className="mc-note">{t('wallet.withdrawableHint')}</p>}
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
  const { t, i18n } = useTranslation(MC_RECORDS_NS);
  const balances = useVendorWalletBalances();
  const recall = useRecallAll();
  const money = useMoney();
  const lanes = useVendorLanes(i18n.language);
  // Providers by name, as the lobby shows them; a code the catalogue does not list stays a code.
  const names = new Map((lanes.data ?? []).flatMap((lane) => lane.cards.map((card) => [card.vassalage, card.displayName] as const)));
  const [done, setDone] = useState<Outcome | null>(null);
  let body = <LoadingState />;
  if (balances.error) body = <ErrorState error={balances.error} onRetry={() => void balances.refetch()} />;
  else if (balances.data && balances.data.list.length === 0) body = <p className="mc-note">{t('wallet.noVendors')}</p>;
  else if (balances.data) {
    const { currency, list } = balances.data;
    body = (
      <ul className="rc-vendors">
        {list.map((vendor) => (
          <VendorRow
            key={vendor.vendorCode}
            vendorCode={vendor.vendorCode}
            vendorName={names.get(vendor.vendorCode) ?? vendor.vendorCode}
            balance={vendor.balance}
            currency={currency}
            onDone={setDone}
          />
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
            recall.mutate(undefined, {
              onSuccess: (result) => {
                const returned = result.list.filter((move) => move.status === 'SUCCEEDED').reduce((sum, move) => sum + move.amount, 0);
                const isRefused = result.list.some((move) => move.status === 'FAILED');
                let text = t('wallet.recallNothing');
                if (isRefused) text = t('wallet.recallRefused');
                else if (result.list.some((move) => move.status === 'PENDING')) text = t('wallet.recallPending');
                else if (result.list.length > 0) text = t('wallet.recalled', { amount: money(returned, balances.data?.currency ?? 'VND') });
                setDone({ text, isRefused });
              },
            });
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
  vendorName,
  balance,
  currency,
  onDone,
}: {
  vendorCode: string;
  vendorName: string;
  balance: number | null;
  currency: string;
  onDone: (outcome: Outcome | null) => void;
}) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const money = useMoney();
  const transfer = useWalletTransfer();
  const { requestId, settle } = useRequestId();
  const schema = z.object({ amount: positiveAmountSchema(currency, t('amountInvalid')) });
  const form = useZodForm(schema, { defaultValues: { amount: '' } });
  const problem = form.formState.errors.amount?.message;

  /** Into the vendor's wallet (the form's submit) or back out of it: the same amount field, checked the same way. */
  function move(direction: 'in' | 'out') {
    onDone(null);
    return form.handleSubmit(({ amount: minor }) => {
      const body =
        direction === 'in'
          ? { fromWallet: 'MAIN', toWallet: vendorCode, amount: minor, requestId }
          : { fromWallet: vendorCode, toWallet: 'MAIN', amount: minor, requestId };
      transfer.mutate(body, {
        onSuccess: (result) => {
          settle();
          form.reset();
          onDone({
            text: t(`wallet.status.${result.status}`, { vendor: vendorName, amount: money(result.amount, result.currency) }),
            isRefused: result.status === 'FAILED',
          });
        },
        onError: settle,
      });
    });
  }

  return (
    <li className="rc-vendor" data-vendor={vendorCode}>
      <div className="rc-vendor__head">
        <strong>{vendorName}</strong>
        <span>{balance === null ? t('wallet.vendorUnavailable') : money(balance, currency)}</span>
      </div>
      <form className="rc-vendor__form" noValidate onSubmit={(event) => void move('in')(event)}>
        <label className="visually-hidden" htmlFor={`rc-amount-${vendorCode}`}>
          {t('wallet.amountFor', { vendor: vendorName })}
        </label>
        <input
          id={`rc-amount-${vendorCode}`}
          className="form-field__input"
          inputMode="decimal"
          placeholder={t('amount')}
          {...form.register('amount')}
        />
        <button type="submit" className="button" disabled={transfer.isPending}>
          {t('wallet.transferIn')}
        </button>
        <button type="button" className="button" disabled={transfer.isPending || balance === null} onClick={() => void move('out')()}>
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
