import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { MONEY_NS } from '../../../i18n/member-centre/register-translations.ts';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { IMAGE_ACCEPT, imageProblem } from '../../../lib/image-files.ts';
import { addFormIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useKycStatus, useUploadKyc } from '../api/kyc.ts';

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
  const schema = z.object({ front: z.custom<File>().nullable(), back: z.custom<File>().nullable() }).superRefine(({ front, back }, ctx) => {
    if (!front || !back) addFormIssue(ctx, t('kyc.bothRequired'));
  });
  const form = useZodForm(schema, { defaultValues: { front: null, back: null } });
  const [front, back] = form.watch(['front', 'back']);
  const problem = form.formState.errors.root?.message;

  /** A picked image is checked at once: a wrong one is dropped and the form says why. */
  function pick(list: FileList | null, side: 'front' | 'back'): void {
    form.clearErrors('root');
    const file = list?.[0] ?? null;
    const issue = file ? imageProblem(file) : null;
    if (file && issue) {
      form.setValue(side, null);
      form.setError('root', { message: t(issue, { name: file.name }) });
      return;
    }
    form.setValue(side, file);
  }

  const submit = form.handleSubmit((images) => {
    if (!images.front || !images.back) return;
    upload.mutate({ front: images.front, back: images.back }, { onError: (error) => form.setError('root', { message: errorText(error) }) });
  });

  return (
    <form className="form mm-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="mc-note">{t('kyc.text')}</p>
      <div className="mc-actions">
        <label className="button mc-upload">
          {front ? t('kyc.frontChosen', { name: front.name }) : t('kyc.front')}
          <input type="file" className="visually-hidden" accept={IMAGE_ACCEPT} onChange={(e) => pick(e.target.files, 'front')} />
        </label>
        <label className="button mc-upload">
          {back ? t('kyc.backChosen', { name: back.name }) : t('kyc.back')}
          <input type="file" className="visually-hidden" accept={IMAGE_ACCEPT} onChange={(e) => pick(e.target.files, 'back')} />
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
