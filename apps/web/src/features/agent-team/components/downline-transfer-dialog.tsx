import { amountMinor } from '@platform/contracts/money-format';
import { TRANSFER_NOTE_LENGTH_MAX } from '@platform/contracts/transfers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { TransferFields } from '../../../components/transfer-fields.tsx';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { parseAmountInput, useMoneyFormat } from '../../../lib/money-format.ts';
import { addFieldIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useAgentWalletBalance, useDownlineTransfer, useTransferPermissions } from '../api/agent-team-api.ts';
import { AGENT_TEAM_NS } from '../i18n/register-translations.ts';

/**
 * A transfer to one member of the team, from the agent wallet (the existing downline transfer call),
 * and the dialog says so. One request id per intent: a retry after a lost call reuses it, a refused
 * or finished transfer draws a new one.
 */
export function DownlineTransferDialog({ username, onClose }: { username: string; onClose: () => void }) {
  const { t } = useTranslation(AGENT_TEAM_NS);
  const wallet = useAgentWalletBalance();
  const permissions = useTransferPermissions();
  const transfer = useDownlineTransfer();
  const money = useMoneyFormat();
  const { requestId, settle } = useRequestId();
  const [done, setDone] = useState<string | null>(null);
  const currency = wallet.data?.currency ?? 'VND';
  const balance = wallet.data?.agentBalance;
  const needsPassword = permissions.data?.hasPaymentPassword === true;
  const schema = z
    .object({
      amount: z.string(),
      note: z.string().max(TRANSFER_NOTE_LENGTH_MAX, t('transfer.noteTooLong', { max: TRANSFER_NOTE_LENGTH_MAX })),
      password: z.string(),
    })
    .transform((values, ctx) => {
      const amount = parseAmountInput(values.amount, currency);
      if (amount === null || amount <= 0) {
        addFieldIssue(ctx, 'amount', t('transfer.amountInvalid'));
        return z.NEVER;
      }
      if (balance !== undefined && amount > balance) {
        addFieldIssue(ctx, 'amount', t('transfer.overBalance'));
        return z.NEVER;
      }
      if (needsPassword && values.password === '') {
        addFieldIssue(ctx, 'password', t('transfer.passwordRequired'));
        return z.NEVER;
      }
      return { amount, note: values.note.trim(), password: values.password };
    });
  const form = useZodForm(schema, { defaultValues: { amount: '', note: '', password: '' } });

  const submit = form.handleSubmit(({ amount, note, password }) => {
    transfer.mutate(
      { username, amount: amountMinor(amount), note: note || undefined, paymentPassword: needsPassword ? password : undefined, requestId },
      {
        onSuccess: (result) => {
          setDone(result.message);
          form.reset({ amount: '', note: '', password: '' });
          settle();
        },
        onError: settle,
      },
    );
  });

  return (
    <ModalDialog title={t('transfer.title', { username })} onClose={onClose} size="small">
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          setDone(null);
          void submit(event);
        }}
      >
        <p className="mc-note at-from-wallet" data-testid="transfer-from-agent-wallet">
          {t('transfer.fromAgentWallet')}
        </p>
        {wallet.data && (
          <p className="mc-note">{t('transfer.agentBalance', { amount: money(wallet.data.agentBalance, wallet.data.currency) })}</p>
        )}
        <TransferFields
          control={form.control}
          labels={{ amount: t('transfer.amount', { currency }), note: t('transfer.note'), password: t('transfer.password') }}
          needsPassword={needsPassword}
          error={transfer.error}
          done={done}
          isAmountFocusedFirst
        />
        <div className="mc-actions">
          <button type="submit" className="button button--primary" disabled={transfer.isPending || !wallet.data}>
            {transfer.isPending ? t('working') : t('transfer.submit')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('transfer.close')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
