import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { type DepositChannel, type DepositOrder, useCreateDeposit, useDepositChannels } from '../api/deposits.ts';
import { ErrorState, LoadingState } from '../components/load-states.tsx';
import { MONEY_NS } from '../i18n/register-translations.ts';
import { SectionCard } from '../security/section-card.tsx';
import { parseAmountInput, useMoneyFormat } from './money-format.ts';

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
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isLeaving, setLeaving] = useState(false);
  const limits = t('deposit.limits', { min: money(channel.minAmount, channel.currency), max: money(channel.maxAmount, channel.currency) });

  function submit(event: FormEvent): void {
    event.preventDefault();
    setProblem(null);
    const amount = parseAmountInput(text, channel.currency);
    if (text.trim() === '') {
      setFieldError(t('amount.required'));
      return;
    }
    if (amount === null) {
      setFieldError(t('amount.invalid'));
      return;
    }
    if (amount < channel.minAmount) {
      setFieldError(t('amount.tooSmall', { min: money(channel.minAmount, channel.currency) }));
      return;
    }
    if (amount > channel.maxAmount) {
      setFieldError(t('amount.tooLarge', { max: money(channel.maxAmount, channel.currency) }));
      return;
    }
    setFieldError(null);
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
          setText('');
          onBankOrder(order);
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  }

  return (
    <form className="form mm-form" noValidate onSubmit={submit}>
      <FormField
        label={t('amount.label', { currency: channel.currency })}
        value={text}
        onValueChange={(value) => {
          setText(value);
          setFieldError(null);
        }}
        inputMode="decimal"
        autoComplete="off"
        isRequired
        hint={limits}
        error={fieldError}
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
