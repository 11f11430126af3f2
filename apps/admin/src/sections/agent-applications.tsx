import type { AdminAgentApplication } from '@platform/contracts/agent-applications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, queryString } from '../api/client.ts';
import { DecisionDialog, Notice, Pager, QueueState, SlaAge } from '../components/queue-parts.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';

type Decision = 'approve' | 'reject';
type Status = AdminAgentApplication['status'];

/** Applications from /join: approve or reject, each with a message the applicant reads. */
export default function AgentApplicationsSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ decision: Decision; item: AdminAgentApplication } | null>(null);
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useQueuePage<AdminAgentApplication>(
    'agent-applications',
    `/agent-applications${queryString({ status, page, pageSize: PAGE_SIZE })}`,
  );
  const close = () => {
    setDialog(null);
    setMessage('');
    setFieldError(null);
    decision.clearError();
  };
  const decision = useDecision(
    async (value: { decision: Decision; item: AdminAgentApplication; message: string }) =>
      adminCall('POST', `/agent-applications/${value.item.id}/answer`, { decision: value.decision, message: value.message }),
    (value) => {
      setNotice(t('agentApplications.answered', { reference: value.item.reference }));
      close();
    },
  );
  const submit = () => {
    if (!dialog) return;
    const text = message.trim();
    if (text === '' || text.length > 500) return setFieldError(t('agentApplications.answerRequired'));
    setFieldError(null);
    return decision.run({ decision: dialog.decision, item: dialog.item, message: text });
  };
  return (
    <section className="section" aria-labelledby="agent-applications-title">
      <header className="section__head">
        <h1 id="agent-applications-title">{t('agentApplications.title')}</h1>
        <label className="filters">
          {t('common.status')}
          <select
            name="status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as Status);
              setPage(1);
            }}
          >
            {(['pending', 'approved', 'rejected'] as const).map((each) => (
              <option key={each} value={each}>
                {t(`agentApplications.status.${each}`)}
              </option>
            ))}
          </select>
        </label>
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
                <th scope="col">{t('agentApplications.applicant')}</th>
                <th scope="col">{t('agentApplications.contact')}</th>
                <th scope="col">{t('agentApplications.experience')}</th>
                <th scope="col">{t('agentApplications.message')}</th>
                <th scope="col">{t('common.age')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data?.list.map((item) => (
                <tr key={item.id} data-testid={`application-${item.reference}`}>
                  <td data-label={t('agentApplications.applicant')}>
                    {item.realName}
                    <br />
                    <small className="muted">
                      {item.reference}
                      {item.username ? ` · ${item.username}` : ''}
                    </small>
                  </td>
                  <td data-label={t('agentApplications.contact')}>
                    {[item.mobileNum, item.email, item.contact].filter(Boolean).join(' · ')}
                  </td>
                  <td data-label={t('agentApplications.experience')}>{t(`agentApplications.levels.${item.experience}`)}</td>
                  <td data-label={t('agentApplications.message')} className="text">
                    {item.status === 'pending' ? (item.message ?? '') : (item.answer ?? '')}
                  </td>
                  <td data-label={t('common.age')}>
                    {item.status === 'pending' ? <SlaAge createdAt={item.createdAt} /> : t(`agentApplications.status.${item.status}`)}
                  </td>
                  <td className="actions">
                    {item.status === 'pending' ? (
                      <>
                        <button type="button" className="button button--primary" onClick={() => setDialog({ decision: 'approve', item })}>
                          {t('agentApplications.approve')}
                        </button>
                        <button type="button" className="button button--danger" onClick={() => setDialog({ decision: 'reject', item })}>
                          {t('agentApplications.reject')}
                        </button>
                      </>
                    ) : null}
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
          title={t('agentApplications.answerTitle', {
            decision: t(`agentApplications.${dialog.decision}`),
            reference: dialog.item.reference,
          })}
          hint={t('agentApplications.answerHint')}
          submitLabel={t(`agentApplications.${dialog.decision}`)}
          tone={dialog.decision === 'approve' ? 'primary' : 'danger'}
          error={fieldError ?? decision.error}
          isPending={decision.isPending}
          onSubmit={submit}
          onClose={close}
        >
          <label className="field">
            {t('agentApplications.answer')}
            <textarea name="message" maxLength={500} value={message} onChange={(event) => setMessage(event.target.value)} />
          </label>
        </DecisionDialog>
      ) : null}
    </section>
  );
}
