import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { MONEY_NS } from '../../../i18n/member-centre/register-translations.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useDepositOrder } from '../api/deposits.ts';

/**
 * Back from the gateway (`ref` in the address): the order as the server knows it. The gateway's
 * word arrives by its callback, so a pending order is asked again until it is paid or closed; the
 * balance refreshes then.
 */
export function GatewayReturn({ orderNo, onClose }: { orderNo: string; onClose: () => void }) {
  const { t } = useTranslation(MONEY_NS);
  const money = useMoneyFormat();
  const order = useDepositOrder(orderNo);
  let body = <LoadingState />;
  if (order.error) body = <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  else if (order.data) {
    const o = order.data;
    const text =
      o.status === 'pending'
        ? t('return.pending')
        : o.status === 'paid'
          ? t('return.paid', { amount: money(o.creditedAmount ?? o.amount, o.currency) })
          : t('return.closed');
    body = (
      <div className="mm-return" data-status={o.status}>
        <p className="mm-return__line">
          <span>{t('return.order', { code: o.referenceCode, amount: money(o.amount, o.currency) })}</span>
          <StatusPill kind="deposit" status={o.status} />
        </p>
        {o.status === 'pending' ? (
          <div className="mc-state" role="status">
            <span className="spinner" aria-hidden="true" />
            <span className="mc-state__text">{text}</span>
          </div>
        ) : (
          <p className={o.status === 'paid' ? 'mc-success' : 'form__error'} role="status">
            {text}
          </p>
        )}
      </div>
    );
  }
  return (
    <SectionCard
      title={t('return.title')}
      aside={
        <button type="button" className="button" onClick={onClose}>
          {t('return.dismiss')}
        </button>
      }
    >
      {body}
    </SectionCard>
  );
}
