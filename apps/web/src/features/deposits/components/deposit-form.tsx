import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { MONEY_NS } from '../../../i18n/member-centre/register-translations.ts';
import { amountSchema } from '../../../lib/amount-schema.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { type DepositChannel, type DepositOrder, useCreateDeposit, useDepositChannels } from '../api/deposits.ts';

/**
 * The channels from the server, an amount checked against the chosen channel's limits, and the
 * request. A gateway deposit sends the browser to the gateway's page; a bank transfer hands the
 * order back so its instructions show.
 */
export function DepositForm({ onBankOrder }: { onBankOrder: (order: DepositOrder) => void }) {
  const { t } = useTranslation(MONEY_NS);
  const channels = useDepositChannels();
  const [channelId, setChannelId] = useState<number | null>(null);
  let body = <LoadingState />;
  if (channels.error) body = <ErrorState error={channels.error} onRetry={() => void channels.refetch()} />;
  else if (channels.data && channels.data.list.length === 0) body = <p className="mc-note">{t('deposit.noChannels')}</p>;
  else if (channels.data) {
    const list = channels.data.list;
    const channel = list.find((c) => c.id === channelId) ?? list[0];
    if (channel) {
      body = (
        <>
          <fieldset className="mm-channels">
            <legend className="mm-legend">{t('deposit.channel')}</legend>
            {list.map((c) => (
              <label key={c.id} className={`mm-channel${c.id === channel.id ? ' mm-channel--on' : ''}`}>
                <input type="radio" name="deposit-channel" checked={c.id === channel.id} onChange={() => setChannelId(c.id)} />
                <span className="mm-channel__name">{c.name}</span>
                <span className="mm-channel__type">{t(`deposit.type.${c.type}`)}</span>
              </label>
            ))}
          </fieldset>
          <AmountForm key={channel.id} channel={channel} onBankOrder={onBankOrder} />
          {channel.tutorial.trim() !== '' && (
            <details className="mm-tutorial">
              <summary>{t('deposit.tutorial', { name: channel.name })}</summary>
              <p className="mm-tutorial__text">{channel.tutorial}</p>
            </details>
          )}
        </>
      );
    }
  }
  return <SectionCard title={t('deposit.formTitle')}>{body}</SectionCard>;
}

function AmountForm({ channel, onBankOrder }: { channel: DepositChannel; onBankOrder: (order: DepositOrder) => void }) {
  const { t } = useTranslation(MONEY_NS);
  const money = useMoneyFormat();
  const create = useCreateDeposit();
  const [isLeaving, setLeaving] = useState(false);
  const limits = t('deposit.limits', { min: money(channel.minAmount, channel.currency), max: money(channel.maxAmount, channel.currency) });
  const schema = z.object({
    amount: amountSchema(t, money, { currency: channel.currency, min: channel.minAmount, max: channel.maxAmount }),
  });
  const form = useZodForm(schema, { defaultValues: { amount: '' } });
  const problem = form.formState.errors.root?.message;

  const submit = form.handleSubmit(({ amount }) => {
    create.mutate(
      { channelId: channel.id, amount },
      {
        onSuccess: (order) => {
          if (order.type === 'gateway' && order.redirectUrl) {
            // The gateway's page, in this tab: it sends the member back to the deposit page.
            setLeaving(true);
            window.location.assign(order.redirectUrl);
            return;
          }
          form.reset();
          onBankOrder(order);
        },
        onError: (error) => form.setError('root', { message: errorText(error) }),
      },
    );
  });

  return (
    <form className="form mm-form" noValidate onSubmit={(event) => void submit(event)}>
      <FormFieldControl
        control={form.control}
        name="amount"
        label={t('amount.label', { currency: channel.currency })}
        onValueChange={() => form.clearErrors('amount')}
        inputMode="decimal"
        autoComplete="off"
        isRequired
        hint={limits}
      />
      <div className="mc-actions">
        <button type="submit" className="button button--primary" disabled={create.isPending || isLeaving}>
          {isLeaving ? t('deposit.toGateway') : create.isPending ? t('working') : t('deposit.submit')}
        </button>
      </div>
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
