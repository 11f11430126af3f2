import type { adminDepositOrderSchema } from '@platform/contracts/deposits';
import { currencyScale } from '@platform/contracts/money-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adminCall, queryString } from '../api/client.ts';
import { DecisionDialog, Notice, Pager, QueueState, SlaAge } from '../components/queue-parts.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { dateTime, money } from '../lib/format.ts';

type Order = z.infer<typeof adminDepositOrderSchema>;
type Dialog = { kind: 'confirm' | 'reject'; order: Order } | null;

/**
 * The amount typed in major units as minor units, or null when it is not a positive amount. Without
 * decimals (VND) dots, commas and spaces are group separators; with decimals one `.` or `,` is the
 * decimal separator and no grouping is taken.
 */
export function minorOf(text: string, currency: string): number | null {
  const scale = currencyScale(currency);
  const cleaned = scale === 0 ? text.replace(/[\s.,]/g, '') : text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  if (fraction.length > scale) return null;
  const minor = Number(whole) * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/** Bank transfers waiting for an operator: confirm (optionally the amount that arrived) or reject. */
export default function DepositsSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [username, setUsername] = useState('');
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const path = `/deposit/orders${queryString({ status: 'pending', type: 'bank_transfer', username: filter, pageNo: page, pageSize: PAGE_SIZE })}`;
  const queue = useQueuePage<Order>('deposits', path);
  const close = () => {
    setDialog(null);
    setAmountText('');
    setReason('');
    setFieldError(null);
    decision.clearError();
  };
  const decision = useDecision(
    async (value: { kind: 'confirm' | 'reject'; order: Order; actualAmount?: number; reason?: string }) =>
      value.kind === 'confirm'
        ? adminCall(
            'POST',
            `/deposit/orders/${value.order.id}/confirm`,
            value.actualAmount === undefined ? {} : { actualAmount: value.actualAmount },
          )
        : adminCall('POST', `/deposit/orders/${value.order.id}/reject`, { reason: value.reason }),
    (value) => {
      setNotice(t(value.kind === 'confirm' ? 'deposits.confirmed' : 'deposits.rejected', { reference: value.order.referenceCode }));
      close();
    },
  );
  const submit = () => {
    if (!dialog) return;
    setFieldError(null);
    if (dialog.kind === 'confirm') {
      if (amountText.trim() === '') return decision.run({ kind: 'confirm', order: dialog.order });
      const minor = minorOf(amountText.trim(), dialog.order.currency);
      if (minor === null) return setFieldError(t('deposits.actualAmountInvalid'));
      return decision.run({ kind: 'confirm', order: dialog.order, actualAmount: minor });
    }
    if (reason.trim() === '') return setFieldError(t('common.reasonRequired'));
    return decision.run({ kind: 'reject', order: dialog.order, reason: reason.trim() });
  };
  const language = i18n.language;
  return (
    <section className="section" aria-labelledby="deposits-title">
      <header className="section__head">
        <h1 id="deposits-title">{t('deposits.title')}</h1>
        <form
          className="filters"
          onSubmit={(event) => {
            event.preventDefault();
            setPage(1);
            setFilter(username.trim());
          }}
        >
          <label>
            {t('common.memberFilter')}
            <input value={username} onChange={(event) => setUsername(event.target.value)} name="username" />
          </label>
          <button type="submit" className="button">
            {t('common.apply')}
          </button>
        </form>
      </header>
      <Notice text={notice} />
      <QueueState
        isLoading={queue.isLoading}
        error={queue.error}
        isEmpty={(queue.data?.list.length ?? 0) === 0}
        onRetry={() => void queue.refetch()}
      >
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('deposits.reference')}</th>
                <th scope="col">{t('common.member')}</th>
                <th scope="col" className="num">
                  {t('common.amount')}
                </th>
                <th scope="col">{t('common.created')}</th>
                <th scope="col">{t('common.age')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data?.list.map((order) => (
                <tr key={order.id} data-testid={`deposit-${order.referenceCode}`}>
                  <td data-label={t('deposits.reference')}>
                    <code>{order.referenceCode}</code>
                  </td>
                  <td data-label={t('common.member')}>{order.username}</td>
                  <td data-label={t('common.amount')} className="num">
                    {money(order.amount, order.currency, language)}
                  </td>
                  <td data-label={t('common.created')}>{dateTime(order.createdAt, language)}</td>
                  <td data-label={t('common.age')}>
                    <SlaAge createdAt={order.createdAt} />
                  </td>
                  <td className="actions">
                    <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'confirm', order })}>
                      {t('deposits.confirm')}
                    </button>
                    <button type="button" className="button button--danger" onClick={() => setDialog({ kind: 'reject', order })}>
                      {t('deposits.reject')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager page={page} pages={queue.data?.pages ?? 1} total={queue.data?.total ?? 0} onPage={setPage} />
      </QueueState>
      {dialog ? (
        <DecisionDialog
          title={t(dialog.kind === 'confirm' ? 'deposits.confirmTitle' : 'deposits.rejectTitle', { reference: dialog.order.referenceCode })}
          hint={dialog.kind === 'confirm' ? t('deposits.confirmHint') : undefined}
          submitLabel={t(dialog.kind === 'confirm' ? 'deposits.confirm' : 'deposits.reject')}
          tone={dialog.kind === 'confirm' ? 'primary' : 'danger'}
          error={fieldError ?? decision.error}
          isPending={decision.isPending}
          onSubmit={submit}
          onClose={close}
        >
          {dialog.kind === 'confirm' ? (
            <label className="field">
              {t('deposits.actualAmount')} {t('common.optional')}
              <input
                name="actualAmount"
                inputMode="decimal"
                value={amountText}
                placeholder={money(dialog.order.amount, dialog.order.currency, language)}
                onChange={(event) => setAmountText(event.target.value)}
              />
            </label>
          ) : (
            <label className="field">
              {t('common.reason')}
              <textarea name="reason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
            </label>
          )}
        </DecisionDialog>
      ) : null}
    </section>
  );
}
