import type { AdminFeedback, FeedbackStatus } from '@platform/contracts/help';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, queryString } from '../api/client.ts';
import { DecisionDialog, Notice, Pager, QueueState, SlaAge } from '../components/queue-parts.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';

/** Members' feedback: open items first; an operator marks one handled with an optional note. */
export default function FeedbackSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<FeedbackStatus>('open');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<AdminFeedback | null>(null);
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useQueuePage<AdminFeedback>('feedback', `/feedback${queryString({ status, page, pageSize: PAGE_SIZE })}`);
  const close = () => {
    setDialog(null);
    setNote('');
    decision.clearError();
  };
  const decision = useDecision(
    async (value: { item: AdminFeedback; note: string }) =>
      adminCall('POST', `/feedback/${value.item.id}/handle`, value.note ? { note: value.note } : {}),
    (value) => {
      setNotice(t('feedback.handled', { id: value.item.id }));
      close();
    },
  );
  return (
    <section className="section" aria-labelledby="feedback-title">
      <header className="section__head">
        <h1 id="feedback-title">{t('feedback.title')}</h1>
        <label className="filters">
          {t('common.status')}
          <select
            name="status"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as FeedbackStatus);
              setPage(1);
            }}
          >
            <option value="open">{t('feedback.status.open')}</option>
            <option value="handled">{t('feedback.status.handled')}</option>
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
                <th scope="col">#</th>
                <th scope="col">{t('common.member')}</th>
                <th scope="col">{t('feedback.type')}</th>
                <th scope="col">{t('feedback.content')}</th>
                <th scope="col">{status === 'open' ? t('common.age') : t('common.note')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data?.list.map((item) => (
                <tr key={item.id} data-testid={`feedback-${item.id}`}>
                  <td data-label="#">{item.id}</td>
                  <td data-label={t('common.member')}>{item.username}</td>
                  <td data-label={t('feedback.type')}>{t(`feedback.types.${item.questionType}`)}</td>
                  <td data-label={t('feedback.content')} className="text">
                    {item.content}
                  </td>
                  <td data-label={status === 'open' ? t('common.age') : t('common.note')}>
                    {item.status === 'open' ? <SlaAge createdAt={item.createdAt} /> : (item.note ?? '')}
                  </td>
                  <td className="actions">
                    {item.status === 'open' ? (
                      <button type="button" className="button button--primary" onClick={() => setDialog(item)}>
                        {t('feedback.handle')}
                      </button>
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
          title={t('feedback.handleTitle', { id: dialog.id })}
          hint={dialog.content}
          submitLabel={t('feedback.handle')}
          error={decision.error}
          isPending={decision.isPending}
          onSubmit={() => decision.run({ item: dialog, note: note.trim() })}
          onClose={close}
        >
          <label className="field">
            {t('common.note')} {t('common.optional')}
            <textarea name="note" maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </label>
        </DecisionDialog>
      ) : null}
    </section>
  );
}
