import type { adminKycSchema } from '@platform/contracts/withdrawals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adminCall, queryString } from '../api/client.ts';
import { currentSession } from '../api/session-store.ts';
import { DecisionDialog, Notice, Pager, QueueState, SlaAge } from '../components/queue-parts.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { dateTime } from '../lib/format.ts';

type Kyc = z.infer<typeof adminKycSchema>;
type Dialog = { action: 'approve' | 'reject'; kyc: Kyc } | null;

/**
 * A document image as a data: URL: the image call needs the bearer token (an <img> cannot send it),
 * and the site's image policy allows data: but not blob: URLs.
 */
async function documentImage(kycId: number, side: 'front' | 'back'): Promise<string> {
  const response = await fetch(`/admin-api/kyc/${kycId}/images/${side}`, {
    headers: { authorization: `Bearer ${currentSession()?.token ?? ''}` },
  });
  if (!response.ok) throw new Error(String(response.status));
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

function DocumentImage({ kycId, side, label }: { kycId: number; side: 'front' | 'back'; label: string }) {
  const image = useQuery({
    queryKey: ['kyc-image', kycId, side],
    queryFn: () => documentImage(kycId, side),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <figure className="document">{image.data ? <img src={image.data} alt={label} /> : <span className="muted">{label}</span>}</figure>;
}

/** Identity checks waiting for review: the two document sides, approve or reject with a reason. */
export default function KycSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useQueuePage<Kyc>('kyc', `/kyc${queryString({ status: 'pending', pageNo: page, pageSize: PAGE_SIZE })}`);
  const close = () => {
    setDialog(null);
    setReason('');
    setFieldError(null);
    decision.clearError();
  };
  const decision = useDecision(
    async (value: { action: 'approve' | 'reject'; kyc: Kyc; reason?: string }) =>
      value.action === 'approve'
        ? adminCall('POST', `/kyc/${value.kyc.id}/approve`)
        : adminCall('POST', `/kyc/${value.kyc.id}/reject`, { reason: value.reason }),
    (value) => {
      setNotice(t(value.action === 'approve' ? 'kyc.approved' : 'kyc.rejected', { id: value.kyc.id }));
      close();
    },
  );
  const submit = () => {
    if (!dialog) return;
    setFieldError(null);
    if (dialog.action === 'approve') return decision.run({ action: 'approve', kyc: dialog.kyc });
    if (reason.trim() === '') return setFieldError(t('common.reasonRequired'));
    return decision.run({ action: 'reject', kyc: dialog.kyc, reason: reason.trim() });
  };
  return (
    <section className="section" aria-labelledby="kyc-title">
      <header className="section__head">
        <h1 id="kyc-title">{t('kyc.title')}</h1>
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
                <th scope="col">{t('common.created')}</th>
                <th scope="col">{t('common.age')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data?.list.map((kyc) => (
                <tr key={kyc.id} data-testid={`kyc-${kyc.id}`}>
                  <td data-label="#">{kyc.id}</td>
                  <td data-label={t('common.member')}>{kyc.username}</td>
                  <td data-label={t('common.created')}>{dateTime(kyc.createdAt, i18n.language)}</td>
                  <td data-label={t('common.age')}>
                    <SlaAge createdAt={kyc.createdAt} />
                  </td>
                  <td className="actions">
                    <button type="button" className="button button--primary" onClick={() => setDialog({ action: 'approve', kyc })}>
                      {t('kyc.approve')}
                    </button>
                    <button type="button" className="button button--danger" onClick={() => setDialog({ action: 'reject', kyc })}>
                      {t('kyc.reject')}
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
            dialog.action === 'approve'
              ? `${t('kyc.approve')} #${dialog.kyc.id} · ${dialog.kyc.username}`
              : t('kyc.rejectTitle', { id: dialog.kyc.id })
          }
          submitLabel={t(`kyc.${dialog.action}`)}
          tone={dialog.action === 'approve' ? 'primary' : 'danger'}
          error={fieldError ?? decision.error}
          isPending={decision.isPending}
          onSubmit={submit}
          onClose={close}
        >
          <div className="documents">
            <DocumentImage kycId={dialog.kyc.id} side="front" label={t('kyc.front')} />
            <DocumentImage kycId={dialog.kyc.id} side="back" label={t('kyc.back')} />
          </div>
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
