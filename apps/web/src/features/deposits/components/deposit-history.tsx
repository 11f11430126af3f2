import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { MONEY_NS } from '../../../i18n/member-centre/register-translations.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatTableTime, withZoneLabel } from '../../../lib/time-format.ts';
import { type DepositOrder, useDepositHistory } from '../api/deposits.ts';

/** The member's deposits, newest first; a pending bank transfer can show its instructions again. */
export function DepositHistory({ onShowBankOrder }: { onShowBankOrder: (order: DepositOrder) => void }) {
  const { t } = useTranslation(MONEY_NS);
  const money = useMoneyFormat();
  const [pageNo, setPageNo] = useState(1);
  const history = useDepositHistory(pageNo);
  let body = <LoadingState />;
  if (history.error) body = <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data && history.data.list.length === 0) body = <p className="mc-note">{t('deposit.historyEmpty')}</p>;
  else if (history.data) {
    body = (
      <>
        <table className="mc-table" data-testid="deposit-history">
          <caption className="visually-hidden">{t('deposit.historyTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{withZoneLabel(t('history.time'))}</th>
              <th scope="col">{t('history.reference')}</th>
              <th scope="col">{t('history.method')}</th>
              <th scope="col">{t('history.amount')}</th>
              <th scope="col">{t('history.status')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.list.map((order) => (
              <tr key={order.orderNo}>
                <td className="mc-table__time" data-label={withZoneLabel(t('history.time'))}>
                  {formatTableTime(order.createdAt)}
                </td>
                <td data-label={t('history.reference')}>{order.referenceCode}</td>
                <td data-label={t('history.method')}>{t(`deposit.type.${order.type}`)}</td>
                <td data-label={t('history.amount')}>{money(order.creditedAmount ?? order.amount, order.currency)}</td>
                <td data-label={t('history.status')}>
                  <span className="mm-cell">
                    <StatusPill kind="deposit" status={order.status} />
                    {order.type === 'bank_transfer' && order.status === 'pending' && (
                      <button type="button" className="mm-link" onClick={() => onShowBankOrder(order)}>
                        {t('deposit.showInstructions')}
                      </button>
                    )}
                    {order.rejectReason && <span className="mc-note">{order.rejectReason}</span>}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager pageNo={pageNo} totalPages={history.data.totalPages} onPage={setPageNo} />
      </>
    );
  }
  return (
    <SectionCard
      title={t('deposit.historyTitle')}
      aside={
        <button type="button" className="button" disabled={history.isFetching} onClick={() => void history.refetch()}>
          {t('refresh')}
        </button>
      }
    >
      {body}
    </SectionCard>
  );
}
