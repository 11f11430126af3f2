import type { AdminFeedback, FeedbackStatus } from '@platform/contracts/help';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, queryString } from '../api/client.ts';
import { type Column, PagedTable, SelectFilter } from '../components/data-table.tsx';
import { Notice, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';

/** Members' feedback: open items first; an operator marks one handled with an optional note. */
export default function FeedbackSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FeedbackStatus>('open');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<AdminFeedback | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useQueuePage<AdminFeedback>('feedback', `/feedback${queryString({ status, page, pageSize: PAGE_SIZE })}`);
  const decision = useDecision(
    async (value: { item: AdminFeedback; note: string }) =>
      adminCall('POST', `/feedback/${value.item.id}/handle`, value.note ? { note: value.note } : {}),
    (value) => {
      setNotice(t('feedback.handled', { id: value.item.id }));
      setDialog(null);
    },
  );
  const lastHeader = status === 'open' ? t('common.age') : t('common.note');
  const columns: Column<AdminFeedback>[] = [
    { key: 'id', header: '#', cell: (item) => item.id },
    { key: 'member', header: t('common.member'), cell: (item) => item.username },
    { key: 'type', header: t('feedback.type'), cell: (item) => t(`feedback.types.${item.questionType}`) },
    { key: 'content', header: t('feedback.content'), className: 'text', cell: (item) => item.content },
    {
      key: 'age',
      header: lastHeader,
      cell: (item) => (item.status === 'open' ? <SlaAge createdAt={item.createdAt} /> : (item.note ?? '')),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (item) =>
        item.status === 'open' ? (
          <button type="button" className="button button--primary" onClick={() => setDialog(item)}>
            {t('feedback.handle')}
          </button>
        ) : null,
    },
  ];
  return (
    <section className="section" aria-labelledby="feedback-title">
      <header className="section__head">
        <h1 id="feedback-title">{t('feedback.title')}</h1>
        <SelectFilter
          label={t('common.status')}
          name="status"
          value={status}
          options={['open', 'handled'] as const}
          optionLabel={(each) => t(`feedback.status.${each}`)}
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
        rowTestId={(item) => `feedback-${item.id}`}
      />
      {dialog ? (
        <ReasonDialog
          title={t('feedback.handleTitle', { id: dialog.id })}
          hint={dialog.content}
          submitLabel={t('feedback.handle')}
          decision={decision}
          text="optional"
          textLabel={t('common.note')}
          textName="note"
          onConfirm={(note) => decision.run({ item: dialog, note })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}
