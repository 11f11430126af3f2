import type { AmountMinor } from '@platform/contracts/money';
import { formatAmount } from '@platform/contracts/money-format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { walletKeys } from '../../../api/get-balance.ts';
import { useVendorWalletBalances } from '../../../api/vendor-wallets.ts';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { transferToVendor } from '../api/vendor-wallet.ts';
import { GAMES_NS } from '../i18n/register-translations.ts';

/** Before a transfer-style vendor's game: how much to bring from the main wallet into the vendor's. */
export function TransferPrompt({ vendor, vendorName, onDone }: { vendor: string; vendorName: string; onDone: () => void }) {
  const { t, i18n } = useTranslation(GAMES_NS);
  const locale = i18n.language === 'vi' ? 'vi-VN' : 'en-GB';
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const balances = useVendorWalletBalances(customerId !== null);
  const queryClient = useQueryClient();
  const { requestId, settle } = useRequestId();
  const transfer = useMutation({
    mutationFn: (amount: number) => transferToVendor(vendor, amount, requestId),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void balances.refetch();
      // A refused or pending transfer is settled too; the next one is a new request.
      settle();
      if (answer.status === 'SUCCEEDED') onDone();
    },
    onError: settle,
  });
  const main = balances.data?.mainBalance;
  const vendorBalance = balances.data?.list.find((w) => w.vendorCode === vendor)?.balance;
  const currency = balances.data?.currency ?? '';
  const money = (amount: number) => formatAmount(amount as AmountMinor, currency, locale);

  // A whole number of minor units, at least one, at most the main balance once it is known.
  const schema = z.object({
    amount: z
      .string()
      .trim()
      .regex(/^\d+$/, t('transfer.invalidAmount'))
      .transform(Number)
      .refine((amount) => amount >= 1 && (main === undefined || amount <= main), t('transfer.invalidAmount')),
  });
  const form = useZodForm(schema, { defaultValues: { amount: '' } });
  const submit = form.handleSubmit(({ amount }) => transfer.mutate(amount));

  return (
    <section className="transfer-prompt" aria-labelledby="transfer-prompt-title">
      <h2 id="transfer-prompt-title" className="transfer-prompt__title">
        {t('transfer.title', { vendor: vendorName })}
      </h2>
      <p>{t('transfer.text')}</p>
      <dl className="transfer-prompt__balances">
        <div>
          <dt>{t('transfer.mainBalance')}</dt>
          <dd data-testid="transfer-main">{main === undefined ? '…' : money(main)}</dd>
        </div>
        <div>
          <dt>{t('transfer.vendorBalance', { vendor: vendorName })}</dt>
          <dd>{vendorBalance === undefined ? '…' : vendorBalance === null ? t('transfer.unavailable') : money(vendorBalance)}</dd>
        </div>
      </dl>
      {balances.isError && <p role="alert">{errorText(balances.error)}</p>}
      <form className="transfer-prompt__form" onSubmit={(event) => void submit(event)} noValidate>
        <FormFieldControl
          control={form.control}
          name="amount"
          label={t('transfer.amount')}
          inputMode="numeric"
          onValueChange={() => form.clearErrors('amount')}
        />
        {transfer.isError && <p role="alert">{errorText(transfer.error)}</p>}
        {transfer.data?.status === 'PENDING' && <p role="status">{t('transfer.pending')}</p>}
        {transfer.data?.status === 'FAILED' && <p role="alert">{t('transfer.failed')}</p>}
        <div className="form__actions">
          <button type="button" className="button" onClick={onDone} disabled={transfer.isPending}>
            {t('transfer.skip')}
          </button>
          <button type="submit" className="button button--primary" disabled={transfer.isPending}>
            {transfer.isPending ? t('transfer.working') : t('transfer.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
