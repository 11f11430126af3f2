import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-client.ts';
import { useKycStatus, useUploadKyc } from '../api/kyc.ts';
import { ErrorState, LoadingState } from '../components/load-states.tsx';
import { formatDateTime } from '../format-time.ts';
import { MONEY_NS } from '../i18n/register-translations.ts';
import { SectionCard } from '../security/section-card.tsx';
import { IMAGE_ACCEPT, imageProblem } from './image-files.ts';

/**
 * Identity verification: shown when the server says a payout needs it, or a check is open or was
 * refused. The member uploads the front and back of a document.
 */
export function KycSection() {
  const { t } = useTranslation(MONEY_NS);
  const kyc = useKycStatus();
  if (kyc.isPending) return null;
  if (kyc.error) {
    return (
      <SectionCard title={t('kyc.title')}>
        <ErrorState error={kyc.error} onRetry={() => void kyc.refetch()} />
      </SectionCard>
    );
  }
  const { status, latest, isRequiredForPayout } = kyc.data;
  if (status === 'approved' || (status === 'none' && !isRequiredForPayout)) return null;
  return (
    <SectionCard title={t('kyc.title')} aside={<span className="mc-pill">{t(`kyc.status.${status}`)}</span>}>
      {isRequiredForPayout && <p className="mm-notice">{t('kyc.required')}</p>}
      {status === 'pending' && latest && <p className="mc-note">{t('kyc.pending', { time: formatDateTime(latest.createdAt) })}</p>}
      {status === 'rejected' && latest?.rejectReason && <p className="form__error">{t('kyc.rejected', { reason: latest.rejectReason })}</p>}
      {(status === 'none' || status === 'rejected') && <KycUpload />}
      {kyc.isFetching && <LoadingState />}
    </SectionCard>
  );
}

function KycUpload() {
  const { t } = useTranslation(MONEY_NS);
  const upload = useUploadKyc();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function pick(list: FileList | null, set: (file: File | null) => void): void {
    setProblem(null);
    const file = list?.[0] ?? null;
    const issue = file ? imageProblem(file) : null;
    if (file && issue) {
      set(null);
      setProblem(t(issue, { name: file.name }));
      return;
    }
    set(file);
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    if (!front || !back) {
      setProblem(t('kyc.bothRequired'));
      return;
    }
    upload.mutate({ front, back }, { onError: (error) => setProblem(errorText(error)) });
  }

  return (
    <form className="form mm-form" noValidate onSubmit={submit}>
      <p className="mc-note">{t('kyc.text')}</p>
      <div className="mc-actions">
        <label className="button mc-upload">
          {front ? t('kyc.frontChosen', { name: front.name }) : t('kyc.front')}
          <input type="file" className="visually-hidden" accept={IMAGE_ACCEPT} onChange={(e) => pick(e.target.files, setFront)} />
        </label>
        <label className="button mc-upload">
          {back ? t('kyc.backChosen', { name: back.name }) : t('kyc.back')}
          <input type="file" className="visually-hidden" accept={IMAGE_ACCEPT} onChange={(e) => pick(e.target.files, setBack)} />
        </label>
      </div>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="mc-actions">
        <button type="submit" className="button button--primary" disabled={upload.isPending}>
          {upload.isPending ? t('working') : t('kyc.submit')}
        </button>
      </div>
    </form>
  );
}
