import type { AdminAgentApplication } from '@platform/contracts/agent-applications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, queryString } from '../api/client.ts';
import { type Column, PagedTable, SelectFilter } from '../components/data-table.tsx';
import { Notice, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';

type Decision = 'approve' | 'reject';
type Status = AdminAgentApplication['status'];

/** Applications from /join: approve or reject, each with a message the applicant reads. */
export default function AgentApplicationsSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('pending');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ decision: Decision; item: AdminAgentApplication } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useQueuePage<AdminAgentApplication>(
    'agent-applications',
    `/agent-applications${queryString({ status, page, pageSize: PAGE_SIZE })}`,
  );
  const decision = useDecision(
    async (value: { decision: Decision; item: AdminAgentApplication; message: string }) =>
      adminCall('POST', `/agent-applications/${value.item.id}/answer`, { decision: value.decision, message: value.message }),
    (value) => {
      setNotice(t('agentApplications.answered', { reference: value.item.reference }));
      setDialog(null);
    },
  );
  const columns: Column<AdminAgentApplication>[] = [
    {
      key: 'applicant',
      header: t('agentApplications.applicant'),
      cell: (item) => (
        <>
          {item.realName}
          <br />
          <small className="muted">
            {item.reference}
            {item.username ? ` · ${item.username}` : ''}
          </small>
        </>
      ),
    },
    {
      key: 'contact',
      header: t('agentApplications.contact'),
      cell: (item) => [item.mobileNum, item.email, item.contact].filter(Boolean).join(' · '),
    },
    { key: 'experience', header: t('agentApplications.experience'), cell: (item) => t(`agentApplications.levels.${item.experience}`) },
    {
      key: 'message',
      header: t('agentApplications.message'),
      className: 'text',
      cell: (item) => (item.status === 'pending' ? (item.message ?? '') : (item.answer ?? '')),
    },
    {
      key: 'age',
      header: t('common.age'),
      cell: (item) => (item.status === 'pending' ? <SlaAge createdAt={item.createdAt} /> : t(`agentApplications.status.${item.status}`)),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (item) =>
        item.status === 'pending' ? (
          <>
            <button type="button" className="button button--primary" onClick={() => setDialog({ decision: 'approve', item })}>
              {t('agentApplications.approve')}
            </button>
            <button type="button" className="button button--danger" onClick={() => setDialog({ decision: 'reject', item })}>
              {t('agentApplications.reject')}
            </button>
          </>
        ) : null,
    },
  ];
  return (
    <section className="section" aria-labelledby="agent-applications-title">
      <header className="section__head">
        <h1 id="agent-applications-title">{t('agentApplications.title')}</h1>
        <SelectFilter
          label={t('common.status')}
          name="status"
          value={status}
          options={['pending', 'approved', 'rejected'] as const}
          optionLabel={(each) => t(`agentApplications.status.${each}`)}
          onChange={(each) => {
            setStatus(each);
            setPage(1);
          }}
        />
      </header>
      <Notice text={notice} />
      <PagedTable
        query={queue}
        page={page}
        onPage={setPage}
        columns={columns}
        rowKey={(item) => item.id}
        rowTestId={(item) => `application-${item.reference}`}
      />
      {dialog ? (
        <ReasonDialog
          title={t('agentApplications.answerTitle', {
            decision: t(`agentApplications.${dialog.decision}`),
            reference: dialog.item.reference,
          })}
          hint={t('agentApplications.answerHint')}
          submitLabel={t(`agentApplications.${dialog.decision}`)}
          tone={dialog.decision === 'approve' ? 'primary' : 'danger'}
          decision={decision}
          text="required"
          textLabel={t('agentApplications.answer')}
          textName="message"
          requiredText={t('agentApplications.answerRequired')}
          onConfirm={(message) => decision.run({ decision: dialog.decision, item: dialog.item, message })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}
