import type { adminKycSchema } from '@platform/contracts/withdrawals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adminCall, queryString } from '../api/client.ts';
import { operatorImage } from '../api/image.ts';
import { type Column, PagedTable } from '../components/data-table.tsx';
import { Notice, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { dateTime } from '../lib/format.ts';

type Kyc = z.infer<typeof adminKycSchema>;
type Dialog = { action: 'approve' | 'reject'; kyc: Kyc } | null;

function DocumentImage({ kycId, side, label }: { kycId: number; side: 'front' | 'back'; label: string }) {
  const image = useQuery({
    queryKey: ['kyc-image', kycId, side],
    queryFn: () => operatorImage(`/kyc/${kycId}/images/${side}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <figure className="document">{image.data ? <img src={image.data} alt={label} /> : <span className="muted">{label}</span>}</figure>;
}

/** Identity checks waiting for review: the two document sides, approve or reject with a reason. */
export default function KycSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const queue = useQueuePage<Kyc>('kyc', `/kyc${queryString({ status: 'pending', pageNo: page, pageSize: PAGE_SIZE })}`);
  const decision = useDecision(
    async (value: { action: 'approve' | 'reject'; kyc: Kyc; reason?: string }) =>
      value.action === 'approve'
        ? adminCall('POST', `/kyc/${value.kyc.id}/approve`)
        : adminCall('POST', `/kyc/${value.kyc.id}/reject`, { reason: value.reason }),
    (value) => {
      setNotice(t(value.action === 'approve' ? 'kyc.approved' : 'kyc.rejected', { id: value.kyc.id }));
      setDialog(null);
    },
  );
  const columns: Column<Kyc>[] = [
    { key: 'id', header: '#', cell: (kyc) => kyc.id },
    { key: 'member', header: t('common.member'), cell: (kyc) => kyc.username },
    { key: 'created', header: t('common.created'), cell: (kyc) => dateTime(kyc.createdAt, i18n.language) },
    { key: 'age', header: t('common.age'), cell: (kyc) => <SlaAge createdAt={kyc.createdAt} /> },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (kyc) => (
        <>
          <button type="button" className="button button--primary" onClick={() => setDialog({ action: 'approve', kyc })}>
            {t('kyc.approve')}
          </button>
          <button type="button" className="button button--danger" onClick={() => setDialog({ action: 'reject', kyc })}>
            {t('kyc.reject')}
          </button>
        </>
      ),
    },
  ];
  return (
    <section className="section" aria-labelledby="kyc-title">
      <header className="section__head">
        <h1 id="kyc-title">{t('kyc.title')}</h1>
      </header>
      <Notice text={notice} />
      <PagedTable
        query={queue}
        page={page}
        onPage={setPage}
        columns={columns}
        rowKey={(kyc) => kyc.id}
        rowTestId={(kyc) => `kyc-${kyc.id}`}
      />
      {dialog ? (
        <ReasonDialog
          title={
            dialog.action === 'approve'
              ? `${t('kyc.approve')} #${dialog.kyc.id} · ${dialog.kyc.username}`
              : t('kyc.rejectTitle', { id: dialog.kyc.id })
          }
          submitLabel={t(`kyc.${dialog.action}`)}
          tone={dialog.action === 'approve' ? 'primary' : 'danger'}
          decision={decision}
          text={dialog.action === 'reject' ? 'required' : 'none'}
          onConfirm={(reason) => decision.run({ action: dialog.action, kyc: dialog.kyc, reason: reason || undefined })}
          onClose={() => setDialog(null)}
        >
          <div className="documents">
            <DocumentImage kycId={dialog.kyc.id} side="front" label={t('kyc.front')} />
            <DocumentImage kycId={dialog.kyc.id} side="back" label={t('kyc.back')} />
          </div>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
