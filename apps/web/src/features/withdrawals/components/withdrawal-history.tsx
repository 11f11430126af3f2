import type { WithdrawalValue } from '@platform/contracts/withdrawals';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { StatusPill } from '../../../components/status-pill.tsx';
import { MONEY_NS } from '../../../i18n/member-centre/register-translations.ts';
import { errorText } from '../../../lib/api-client.ts';
import { IMAGE_ACCEPT, imageProblem, PROOF_IMAGES_MAX } from '../../../lib/image-files.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatTableTime, withZoneLabel } from '../../../lib/time-format.ts';
import { addFormIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useConfirmAllReceived, useConfirmReceived, useReportNotReceived, useWithdrawalHistory } from '../api/withdrawals.ts';

/** The member's withdrawals with their status; a paid one asks whether the money arrived. */
export function WithdrawalHistory({ autoConfirmMinutes }: { autoConfirmMinutes: number | null }) {
  const { t } = useTranslation(MONEY_NS);
  const money = useMoneyFormat();
  const [pageNo, setPageNo] = useState(1);
  const history = useWithdrawalHistory(pageNo);
  const allReceived = useConfirmAllReceived();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [disputing, setDisputing] = useState<number | null>(null);
  const hasPaid = history.data?.list.some((w) => w.status === 'paid') ?? false;

  let body = <LoadingState />;
  if (history.error) body = <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  else if (history.data && history.data.list.length === 0) body = <p className="mc-note">{t('withdraw.historyEmpty')}</p>;
  else if (history.data) {
    body = (
      <>
        <table className="mc-table" data-testid="withdrawal-history">
          <caption className="visually-hidden">{t('withdraw.historyTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{withZoneLabel(t('history.time'))}</th>
              <th scope="col">{t('history.card')}</th>
              <th scope="col">{t('history.amount')}</th>
              <th scope="col">{t('history.fee')}</th>
              <th scope="col">{t('history.status')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.list.map((w) => (
              <tr key={w.id} data-withdrawal={w.id}>
                <td className="mc-table__time" data-label={withZoneLabel(t('history.time'))}>
                  {formatTableTime(w.createdAt)}
                </td>
                <td data-label={t('history.card')}>
                  {w.bankCard.bankName} {w.bankCard.maskedAccountNumber}
                </td>
                <td data-label={t('history.amount')}>{money(w.amount, w.currency)}</td>
                <td data-label={t('history.fee')}>{money(w.fee, w.currency)}</td>
                <td data-label={t('history.status')}>
                  <span className="mm-cell">
                    <StatusPill kind="withdrawal" status={w.status} />
                    {w.rejectReason && <span className="mc-note">{w.rejectReason}</span>}
                    {w.confirmation && <span className="mc-note">{t(`confirmation.${w.confirmation}`)}</span>}
                    {w.status === 'paid' && <ReceiptActions withdrawal={w} onDispute={() => setDisputing(w.id)} onMessage={setMessage} />}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pager pageNo={pageNo} totalPages={history.data.totalPages} onPage={setPageNo} />
      </>
    );
  }
  return (
    <SectionCard
      title={t('withdraw.historyTitle')}
      aside={
        <span className="mc-actions">
          {hasPaid && (
            <button
              type="button"
              className="button"
              disabled={allReceived.isPending}
              onClick={() =>
                allReceived.mutate(undefined, {
                  onSuccess: ({ confirmedCount }) => setMessage({ ok: true, text: t('receipt.allDone', { count: confirmedCount }) }),
                  onError: (error) => setMessage({ ok: false, text: errorText(error) }),
                })
              }
            >
              {t('receipt.all')}
            </button>
          )}
          <button type="button" className="button" disabled={history.isFetching} onClick={() => void history.refetch()}>
            {t('refresh')}
          </button>
        </span>
      }
    >
      {hasPaid && autoConfirmMinutes !== null && <p className="mc-note">{t('receipt.auto', { minutes: autoConfirmMinutes })}</p>}
      {message && (
        <p className={message.ok ? 'mc-success' : 'form__error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {disputing !== null && (
        <DisputeForm
          withdrawalId={disputing}
          onClose={() => setDisputing(null)}
          onDone={() => {
            setDisputing(null);
            setMessage({ ok: true, text: t('receipt.disputed') });
          }}
        />
      )}
      {body}
    </SectionCard>
  );
}

function ReceiptActions({
  withdrawal,
  onDispute,
  onMessage,
}: {
  withdrawal: WithdrawalValue;
  onDispute: () => void;
  onMessage: (message: { ok: boolean; text: string }) => void;
}) {
  const { t } = useTranslation(MONEY_NS);
  const received = useConfirmReceived();
  return (
    <span className="mm-receipt">
      <button
        type="button"
        className="button button--primary"
        disabled={received.isPending}
        onClick={() =>
          received.mutate(withdrawal.id, {
            onSuccess: () => onMessage({ ok: true, text: t('receipt.receivedDone') }),
            onError: (error) => onMessage({ ok: false, text: errorText(error) }),
          })
        }
      >
        {t('receipt.received')}
      </button>
      <button type="button" className="button" onClick={onDispute}>
        {t('receipt.notReceived')}
      </button>
    </span>
  );
}

/** Not received: one to three proof images (PNG or JPEG, 5 MB each) and an optional note. */
function DisputeForm({ withdrawalId, onClose, onDone }: { withdrawalId: number; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(MONEY_NS);
  const report = useReportNotReceived();
  const schema = z.object({ files: z.array(z.custom<File>()), note: z.string() }).superRefine(({ files }, ctx) => {
    if (files.length === 0) addFormIssue(ctx, t('image.required'));
  });
  const form = useZodForm(schema, { defaultValues: { files: [], note: '' } });
  const files = form.watch('files');
  const problem = form.formState.errors.root?.message;

  /** The chosen images are checked at once: too many or a wrong one empties the choice and says why. */
  function choose(list: FileList | null): void {
    form.clearErrors('root');
    const chosen = [...(list ?? [])];
    const refuse = (message: string) => {
      form.setValue('files', []);
      form.setError('root', { message });
    };
    if (chosen.length > PROOF_IMAGES_MAX) {
      refuse(t('image.tooMany', { count: PROOF_IMAGES_MAX }));
      return;
    }
    for (const file of chosen) {
      const issue = imageProblem(file);
      if (issue) {
        refuse(t(issue, { name: file.name }));
        return;
      }
    }
    form.setValue('files', chosen);
  }

  const submit = form.handleSubmit(({ files: images, note }) => {
    report.mutate(
      { withdrawalId, images, note },
      { onSuccess: onDone, onError: (error) => form.setError('root', { message: errorText(error) }) },
    );
  });

  return (
    <form className="form mm-dispute" noValidate onSubmit={(event) => void submit(event)} aria-label={t('receipt.disputeTitle')}>
      <p className="mm-legend">{t('receipt.disputeTitle')}</p>
      <p className="mc-note">{t('receipt.disputeText', { count: PROOF_IMAGES_MAX })}</p>
      <label className="button mc-upload">
        {t('image.choose')}
        <input
          type="file"
          className="visually-hidden"
          accept={IMAGE_ACCEPT}
          multiple
          data-testid="proof-input"
          onChange={(event) => choose(event.target.files)}
        />
      </label>
      {files.length > 0 && <p className="mc-note">{files.map((f) => f.name).join(', ')}</p>}
      <label className="form-field">
        <span className="form-field__label">{t('receipt.note')}</span>
        <textarea className="form-field__input mm-textarea" maxLength={500} {...form.register('note')} />
      </label>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="mc-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('confirm.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={report.isPending}>
          {report.isPending ? t('working') : t('receipt.send')}
        </button>
      </div>
    </form>
  );
}
