import type { AdminWithdrawalValue } from '@platform/contracts/withdrawals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, PagedTable, Tabs, TextFilter } from '../components/data-table.tsx';
import { Notice, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { money } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';
import { WithdrawalRules } from './withdrawal-rules.tsx';

type Stage = 'review' | 'payout' | 'rules';
type Action = 'approve' | 'reject' | 'pay';
type Dialog = { action: Action; withdrawal: AdminWithdrawalValue } | null;

const STATUS_OF: Record<Stage, string> = { review: 'pending', payout: 'approved', rules: 'pending' };

/**
 * Withdrawals in two queues: to review (approve or reject) and to pay out (mark paid after the bank
 * transfer, or reject). Whether one operator may do both is the server's rule; its refusal is shown.
 */
export default function WithdrawalsSection() {
  const { t, i18n } = useTranslation();
  const [stage, setStage] = useState<Stage>('review');
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const language = i18n.language;
  const operator = useSession()?.admin;
  const mayRead = operator ? mayUse(operator, 'settings:read') : false;
  const path = `/withdrawals${queryString({ status: STATUS_OF[stage], username: filter, pageNo: page, pageSize: PAGE_SIZE })}`;
  const queue = useQueuePage<AdminWithdrawalValue>('withdrawals', path);
  const decision = useDecision(
    async (value: { action: Action; withdrawal: AdminWithdrawalValue; reason?: string }) => {
      const base = `/withdrawals/${value.withdrawal.id}`;
      if (value.action === 'approve') return adminCall('POST', `${base}/approve`);
      if (value.action === 'pay') return adminCall('POST', `${base}/payout`);
      return adminCall('POST', `${base}/reject`, { reason: value.reason });
    },
    (value) => {
      const key =
        value.action === 'approve' ? 'withdrawals.approved' : value.action === 'pay' ? 'withdrawals.paid' : 'withdrawals.rejected';
      setNotice(t(key, { id: value.withdrawal.id }));
      setDialog(null);
    },
  );
  const account = (withdrawal: AdminWithdrawalValue) =>
    `${withdrawal.bankCard.bankName} · ${withdrawal.bankCard.accountNumber} · ${withdrawal.bankCard.accountName}`;
  const columns: Column<AdminWithdrawalValue>[] = [
    { key: 'id', header: '#', cell: (withdrawal) => withdrawal.id },
    { key: 'member', header: t('common.member'), cell: (withdrawal) => withdrawal.username },
    {
      key: 'amount',
      header: t('common.amount'),
      numeric: true,
      cell: (withdrawal) => (
        <>
          {money(withdrawal.amount, withdrawal.currency, language)}
          {withdrawal.fee > 0 ? (
            <small className="muted">
              {' '}
              ({t('withdrawals.fee')} {money(withdrawal.fee, withdrawal.currency, language)})
            </small>
          ) : null}
        </>
      ),
    },
    { key: 'net', header: t('withdrawals.net'), numeric: true, cell: (w) => money(w.netAmount, w.currency, language) },
    { key: 'bank', header: t('withdrawals.bank'), cell: account },
    {
      key: 'kyc',
      header: t('withdrawals.kyc'),
      cell: (withdrawal) => (
        <>
          {t(`withdrawals.kycStatus.${withdrawal.kycStatus}`)}
          {withdrawal.isKycRequired && withdrawal.kycStatus !== 'approved' ? (
            <span className="badge badge--warn">{t('withdrawals.kycNeeded')}</span>
          ) : null}
        </>
      ),
    },
    { key: 'age', header: t('common.age'), cell: (withdrawal) => <SlaAge createdAt={withdrawal.createdAt} /> },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (withdrawal) => (
        <>
          {stage === 'review' ? (
            <button type="button" className="button button--primary" onClick={() => setDialog({ action: 'approve', withdrawal })}>
              {t('withdrawals.approve')}
            </button>
          ) : (
            <button type="button" className="button button--primary" onClick={() => setDialog({ action: 'pay', withdrawal })}>
              {t('withdrawals.pay')}
            </button>
          )}
          <button type="button" className="button button--danger" onClick={() => setDialog({ action: 'reject', withdrawal })}>
            {t('withdrawals.reject')}
          </button>
        </>
      ),
    },
  ];
  return (
    <section className="section" aria-labelledby="withdrawals-title">
      <header className="section__head">
        <h1 id="withdrawals-title">{t('withdrawals.title')}</h1>
        <Tabs
          tabs={mayRead ? (['review', 'payout', 'rules'] as const) : (['review', 'payout'] as const)}
          value={stage}
          label={(each) => (each === 'rules' ? t('withdrawalRules.tab') : t(`withdrawals.${each}`))}
          onChange={(each) => {
            setStage(each);
            setPage(1);
          }}
        />
        {stage === 'rules' ? null : (
          <TextFilter
            label={t('common.memberFilter')}
            name="username"
            onApply={(text) => {
              setPage(1);
              setFilter(text);
            }}
          />
        )}
      </header>
      <Notice text={notice} />
      {stage === 'rules' ? (
        <WithdrawalRules />
      ) : (
        <PagedTable
          query={queue}
          page={page}
          onPage={setPage}
          columns={columns}
          rowKey={(withdrawal) => withdrawal.id}
          rowTestId={(withdrawal) => `withdrawal-${withdrawal.id}`}
        />
      )}
      {dialog ? (
        <ReasonDialog
          title={
            dialog.action === 'reject'
              ? t('withdrawals.rejectTitle', { id: dialog.withdrawal.id })
              : dialog.action === 'pay'
                ? t('withdrawals.payTitle', { id: dialog.withdrawal.id })
                : `${t('withdrawals.approve')} #${dialog.withdrawal.id}`
          }
          hint={
            dialog.action === 'pay'
              ? t('withdrawals.payHint', {
                  amount: money(dialog.withdrawal.netAmount, dialog.withdrawal.currency, language),
                  account: account(dialog.withdrawal),
                })
              : dialog.action === 'approve'
                ? `${dialog.withdrawal.username} · ${money(dialog.withdrawal.amount, dialog.withdrawal.currency, language)}`
                : undefined
          }
          submitLabel={t(`withdrawals.${dialog.action}`)}
          tone={dialog.action === 'reject' ? 'danger' : 'primary'}
          decision={decision}
          text={dialog.action === 'reject' ? 'required' : 'none'}
          onConfirm={(reason) => decision.run({ action: dialog.action, withdrawal: dialog.withdrawal, reason: reason || undefined })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}
