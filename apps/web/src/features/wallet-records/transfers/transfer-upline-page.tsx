import { TRANSFER_NOTE_LENGTH_MAX, type TransferPermissionsValue } from '@platform/contracts/transfers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { TransferFields } from '../../../components/transfer-fields.tsx';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useTransferPermissions, useUplineTransfer } from '../api/records-api.ts';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';
import { positiveAmountSchema, useMoney } from '../records/format.ts';

import { RecordCard } from '../records/record-card.tsx';
import '../records/records.css';

/**
 * Transfer to upline: an amount and a note to the member's direct upline agent, when the operator
 * allows it (`toUpline`). The money leaves from the wallet the server debits, named with its balance
 * by the permissions call: an agent's agent wallet, anyone else's main wallet.
 */
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
    body = <UplineForm upline={permissions.data.uplineUsername ?? ''} permissions={permissions.data} />;
  }
  return (
    <div className="mc-sections">
      <RecordCard label={t('upline.title')}>{body}</RecordCard>
    </div>
  );
}

function UplineForm({ upline, permissions }: { upline: string; permissions: TransferPermissionsValue }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const transfer = useUplineTransfer();
  const money = useMoney();
  const { currency, walletBalance } = permissions;
  const needsPassword = permissions.hasPaymentPassword;
  const wallet = t(`upline.walletNames.${permissions.wallet}`);
  const { requestId, settle } = useRequestId();
  const [done, setDone] = useState<string | null>(null);
  const schema = z.object({
    amount: positiveAmountSchema(currency, t('amountInvalid')).refine(
      (minor) => minor <= walletBalance,
      t('upline.overBalance', { wallet }),
    ),
    note: z.string().max(TRANSFER_NOTE_LENGTH_MAX, t('upline.noteTooLong', { max: TRANSFER_NOTE_LENGTH_MAX })),
    password: needsPassword ? z.string().min(1, t('upline.passwordRequired')) : z.string(),
  });
  const form = useZodForm(schema, { defaultValues: { amount: '', note: '', password: '' } });

  const submit = form.handleSubmit(({ amount, note, password }) => {
    transfer.mutate(
      { amount, note: note.trim() || undefined, paymentPassword: needsPassword ? password : undefined, requestId },
      {
        onSuccess: (result) => {
          setDone(result.message);
          form.reset();
          settle();
        },
        onError: settle,
      },
    );
  });

  return (
    <form
      className="form mc-narrow"
      noValidate
      onSubmit={(event) => {
        setDone(null);
        void submit(event);
      }}
    >
      <p className="mc-note">{t('upline.text', { upline, wallet })}</p>
      <p className="mc-note" data-wallet={permissions.wallet}>
        {t('upline.available', { wallet, amount: money(walletBalance, currency) })}
      </p>
      <TransferFields
        control={form.control}
        labels={{ amount: t('upline.amount', { currency }), note: t('upline.note'), password: t('upline.password') }}
        needsPassword={needsPassword}
        error={transfer.error}
        done={done}
      />
      <div className="mc-actions">
        <button type="submit" className="button button--primary" disabled={transfer.isPending}>
          {transfer.isPending ? t('working') : t('upline.submit')}
        </button>
      </div>
    </form>
  );
}
