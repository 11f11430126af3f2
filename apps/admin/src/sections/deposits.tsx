import type { adminDepositOrderSchema } from '@platform/contracts/deposits';
import { currencyScale } from '@platform/contracts/money-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adminCall, queryString } from '../api/client.ts';
import { type Column, PagedTable, TextFilter } from '../components/data-table.tsx';
import { Notice, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
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
  const language = i18n.language;
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [amountText, setAmountText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const path = `/deposit/orders${queryString({ status: 'pending', type: 'bank_transfer', username: filter, pageNo: page, pageSize: PAGE_SIZE })}`;
  const queue = useQueuePage<Order>('deposits', path);
  const close = () => {
    setDialog(null);
    setAmountText('');
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
  const confirm = (order: Order, reason: string) => {
    if (dialog?.kind === 'reject') return decision.run({ kind: 'reject', order, reason });
    if (amountText.trim() === '') return decision.run({ kind: 'confirm', order });
    const minor = minorOf(amountText.trim(), order.currency);
    if (minor === null) return t('deposits.actualAmountInvalid');
    return decision.run({ kind: 'confirm', order, actualAmount: minor });
  };
  const columns: Column<Order>[] = [
    { key: 'reference', header: t('deposits.reference'), cell: (order) => <code>{order.referenceCode}</code> },
    { key: 'member', header: t('common.member'), cell: (order) => order.username },
    { key: 'amount', header: t('common.amount'), numeric: true, cell: (order) => money(order.amount, order.currency, language) },
    { key: 'created', header: t('common.created'), cell: (order) => dateTime(order.createdAt, language) },
    { key: 'age', header: t('common.age'), cell: (order) => <SlaAge createdAt={order.createdAt} /> },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (order) => (
        <>
          <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'confirm', order })}>
            {t('deposits.confirm')}
          </button>
          <button type="button" className="button button--danger" onClick={() => setDialog({ kind: 'reject', order })}>
            {t('deposits.reject')}
          </button>
        </>
      ),
    },
  ];
  return (
    <section className="section" aria-labelledby="deposits-title">
      <header className="section__head">
        <h1 id="deposits-title">{t('deposits.title')}</h1>
        <TextFilter
          label={t('common.memberFilter')}
          name="username"
          onApply={(text) => {
            setPage(1);
            setFilter(text);
          }}
        />
      </header>
      <Notice text={notice} />
      <PagedTable
        query={queue}
        page={page}
        onPage={setPage}
        columns={columns}
        rowKey={(order) => order.id}
        rowTestId={(order) => `deposit-${order.referenceCode}`}
      />
      {dialog ? (
        <ReasonDialog
          title={t(dialog.kind === 'confirm' ? 'deposits.confirmTitle' : 'deposits.rejectTitle', { reference: dialog.order.referenceCode })}
          hint={dialog.kind === 'confirm' ? t('deposits.confirmHint') : undefined}
          submitLabel={t(dialog.kind === 'confirm' ? 'deposits.confirm' : 'deposits.reject')}
          tone={dialog.kind === 'confirm' ? 'primary' : 'danger'}
          decision={decision}
          text={dialog.kind === 'reject' ? 'required' : 'none'}
          onConfirm={(reason) => confirm(dialog.order, reason)}
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
          ) : null}
        </ReasonDialog>
      ) : null}
    </section>
  );
}
