import type { AdminWithdrawalValue } from '@platform/contracts/withdrawals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, queryString } from '../api/client.ts';
import { DecisionDialog, Notice, Pager, QueueState, SlaAge } from '../components/queue-parts.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { money } from '../lib/format.ts';

type Stage = 'review' | 'payout';
type Action = 'approve' | 'reject' | 'pay';
type Dialog = { action: Action; withdrawal: AdminWithdrawalValue } | null;

const STATUS_OF: Record<Stage, string> = { review: 'pending', payout: 'approved' };

/**
 * Withdrawals in two queues: to review (approve or reject) and to pay out (mark paid after the bank
 * transfer, or reject). Whether one operator may do both is the server's rule; its refusal is shown.
 */
export default function WithdrawalsSection() {
  const { t, i18n } = useTranslation();
  const [stage, setStage] = useState<Stage>('review');
  const [page, setPage] = useState(1);
  const [username, setUsername] = useState('');
  const [filter, setFilter] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const language = i18n.language;
  const path = `/withdrawals${queryString({ status: STATUS_OF[stage], username: filter, pageNo: page, pageSize: PAGE_SIZE })}`;
  const queue = useQueuePage<AdminWithdrawalValue>('withdrawals', path);
  const close = () => {
    setDialog(null);
    setReason('');
    setFieldError(null);
    decision.clearError();
  };
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
      close();
    },
  );
  const submit = () => {
    if (!dialog) return;
    setFieldError(null);
    if (dialog.action !== 'reject') return decision.run({ action: dialog.action, withdrawal: dialog.withdrawal });
    if (reason.trim() === '') return setFieldError(t('common.reasonRequired'));
    return decision.run({ action: 'reject', withdrawal: dialog.withdrawal, reason: reason.trim() });
  };
  const account = (withdrawal: AdminWithdrawalValue) =>
    `${withdrawal.bankCard.bankName} · ${withdrawal.bankCard.accountNumber} · ${withdrawal.bankCard.accountName}`;
  return (
    <section className="section" aria-labelledby="withdrawals-title">
      <header className="section__head">
        <h1 id="withdrawals-title">{t('withdrawals.title')}</h1>
        <div className="tabs" role="tablist">
          {(['review', 'payout'] as const).map((each) => (
            <button
              key={each}
              type="button"
              role="tab"
              aria-selected={stage === each}
              className={`tab${stage === each ? ' tab--active' : ''}`}
              onClick={() => {
                setStage(each);
                setPage(1);
              }}
            >
              {t(`withdrawals.${each}`)}
            </button>
          ))}
        </div>
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
                <th scope="col">#</th>
                <th scope="col">{t('common.member')}</th>
                <th scope="col" className="num">
                  {t('common.amount')}
                </th>
                <th scope="col" className="num">
                  {t('withdrawals.net')}
                </th>
                <th scope="col">{t('withdrawals.bank')}</th>
                <th scope="col">{t('withdrawals.kyc')}</th>
                <th scope="col">{t('common.age')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data?.list.map((withdrawal) => (
                <tr key={withdrawal.id} data-testid={`withdrawal-${withdrawal.id}`}>
                  <td data-label="#">{withdrawal.id}</td>
                  <td data-label={t('common.member')}>{withdrawal.username}</td>
                  <td data-label={t('common.amount')} className="num">
                    {money(withdrawal.amount, withdrawal.currency, language)}
                    {withdrawal.fee > 0 ? (
                      <small className="muted">
                        {' '}
                        ({t('withdrawals.fee')} {money(withdrawal.fee, withdrawal.currency, language)})
                      </small>
                    ) : null}
                  </td>
                  <td data-label={t('withdrawals.net')} className="num">
                    {money(withdrawal.netAmount, withdrawal.currency, language)}
                  </td>
                  <td data-label={t('withdrawals.bank')}>{account(withdrawal)}</td>
                  <td data-label={t('withdrawals.kyc')}>
                    {t(`withdrawals.kycStatus.${withdrawal.kycStatus}`)}
                    {withdrawal.isKycRequired && withdrawal.kycStatus !== 'approved' ? (
                      <span className="badge badge--warn">{t('withdrawals.kycNeeded')}</span>
                    ) : null}
                  </td>
                  <td data-label={t('common.age')}>
                    <SlaAge createdAt={withdrawal.createdAt} />
                  </td>
                  <td className="actions">
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
          error={fieldError ?? decision.error}
          isPending={decision.isPending}
          onSubmit={submit}
          onClose={close}
        >
          {dialog.action === 'reject' ? (
            <label className="field">
              {t('common.reason')}
              <textarea name="reason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
            </label>
          ) : null}
        </DecisionDialog>
      ) : null}
    </section>
  );
}
