import { TRANSFER_NOTE_LENGTH_MAX } from '@platform/contracts/transfers';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { newRequestId, useConsolidatedFunds, useTransferPermissions, useUplineTransfer } from '../api/records-api.ts';
import { ErrorState, LoadingState } from '../components/load-states.tsx';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';
import { parseAmount, useMoney } from '../records/format.ts';

import { RecordCard } from '../records/record-card.tsx';
import '../records/records.css';

/** Transfer to upline: an amount and a note from the main wallet to the member's direct upline agent, when allowed. */
export function TransferUplinePage() {
  const { t } = useTranslation(MC_RECORDS_NS);
  const permissions = useTransferPermissions();
  let body = <LoadingState />;
  if (permissions.error) body = <ErrorState error={permissions.error} onRetry={() => void permissions.refetch()} />;
  else if (permissions.data && (!permissions.data.toUpline || !permissions.data.uplineUsername)) {
    body = (
      <div className="mc-planned" data-state="not-allowed">
        <h4 className="mc-planned__title">{t('upline.notAllowedTitle')}</h4>
        <p className="mc-planned__text">{t('upline.notAllowedText')}</p>
      </div>
    );
  } else if (permissions.data) {
    body = <UplineForm upline={permissions.data.uplineUsername ?? ''} needsPassword={permissions.data.hasPaymentPassword} />;
  }
  return (
    <div className="mc-sections">
      <RecordCard label={t('upline.title')}>{body}</RecordCard>
    </div>
  );
}

function UplineForm({ upline, needsPassword }: { upline: string; needsPassword: boolean }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const funds = useConsolidatedFunds();
  const transfer = useUplineTransfer();
  const money = useMoney();
  const currency = funds.data?.currency ?? 'VND';
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string; password?: string }>({});
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const minor = parseAmount(amount, currency);
    const next: typeof errors = {};
    if (minor === null || minor <= 0) next.amount = t('amountInvalid');
    else if (funds.data && minor > funds.data.mainBalance) next.amount = t('upline.overBalance');
    if (note.length > TRANSFER_NOTE_LENGTH_MAX) next.note = t('upline.noteTooLong', { max: TRANSFER_NOTE_LENGTH_MAX });
    if (needsPassword && password === '') next.password = t('upline.passwordRequired');
    setErrors(next);
    if (Object.keys(next).length > 0 || minor === null) return;
    transfer.mutate(
      { amount: minor, note: note.trim() || undefined, paymentPassword: needsPassword ? password : undefined, requestId },
      {
        onSuccess: (result) => {
          setDone(result.message);
          setAmount('');
          setNote('');
          setPassword('');
          setRequestId(newRequestId());
        },
        // A refused transfer moved nothing; a changed form is a new transfer.
        onError: () => setRequestId(newRequestId()),
      },
    );
  }

  return (
    <form className="form mc-narrow" noValidate onSubmit={submit}>
      <p className="mc-note">{t('upline.text', { upline })}</p>
      {funds.data && <p className="mc-note">{t('upline.available', { amount: money(funds.data.mainBalance, funds.data.currency) })}</p>}
      <FormField
        label={t('upline.amount', { currency })}
        inputMode="decimal"
        value={amount}
        onValueChange={(value) => setAmount(value)}
        isRequired
        error={errors.amount}
      />
      <FormField label={t('upline.note')} value={note} onValueChange={setNote} maxLength={TRANSFER_NOTE_LENGTH_MAX} error={errors.note} />
      {needsPassword && (
        <FormField
          label={t('upline.password')}
          type="password"
          autoComplete="off"
          value={password}
          onValueChange={setPassword}
          isRequired
          error={errors.password}
        />
      )}
      {transfer.error && (
        <p className="form__error" role="alert">
          {errorText(transfer.error)}
        </p>
      )}
      {done && (
        <p className="mc-success" role="status">
          {done}
        </p>
      )}
      <div className="mc-actions">
        <button type="submit" className="button button--primary" disabled={transfer.isPending}>
          {transfer.isPending ? t('working') : t('upline.submit')}
        </button>
      </div>
    </form>
  );
}
