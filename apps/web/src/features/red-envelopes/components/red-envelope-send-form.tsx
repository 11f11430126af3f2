import {
  RED_ENVELOPE_AUDIENCES,
  RED_ENVELOPE_EXPIRY_CHOICES,
  RED_ENVELOPE_MEMBERS_MAX,
  RED_ENVELOPE_MESSAGE_LENGTH_MAX,
  RED_ENVELOPE_SHARE_COUNT_MAX,
  RED_ENVELOPE_SPLITS,
  type RedEnvelopeSendRequest,
} from '@platform/contracts/agents/red-envelopes';
import { amountMinor } from '@platform/contracts/money-format';
import { PAYMENT_PASSWORD_LENGTH_MAX } from '@platform/contracts/transfers';
import { useId, useState } from 'react';
import { z } from 'zod';
import { useMemberInfo } from '../../../api/get-member-info.ts';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { parseAmountInput, useMoneyFormat } from '../../../lib/money-format.ts';
import { addFieldIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useSendEnvelope } from '../api/red-envelopes-api.ts';
import { useRedEnvelopesTranslation } from '../i18n/register-translations.ts';

const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/** Usernames typed into one field, separated by commas, semicolons or white space. */
function usernamesOf(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((name) => name !== ''))];
}

/**
 * The agent's red envelope: total and shares, equal or random split, who may claim (the whole team,
 * the direct downline or chosen members), expiry and greeting, and the payment password when the
 * agent has one (as a downline transfer asks for it). The server checks the agent wallet, the team
 * and the password; its sentence is shown as it is.
 */
export function RedEnvelopeSendForm({ currency }: { currency: string }) {
  const { t } = useRedEnvelopesTranslation();
  const money = useMoneyFormat();
  const send = useSendEnvelope();
  const { requestId, settle } = useRequestId();
  const [done, setDone] = useState<string | null>(null);
  const ids = { split: useId(), audience: useId(), expiry: useId() };
  const minShare = money(1, currency);
  const memberInfo = useMemberInfo();
  // Also when the server asks for it: a password set a moment ago in another tab.
  const [isPasswordAsked, setIsPasswordAsked] = useState(false);
  const needsPassword = memberInfo.data?.hasPaymentPassword === true || isPasswordAsked;

  const schema = z
    .object({
      total: z.string(),
      count: z.string(),
      split: z.enum(RED_ENVELOPE_SPLITS),
      audience: z.enum(RED_ENVELOPE_AUDIENCES),
      members: z.string(),
      expiry: z.string(),
      message: z.string(),
      password: z.string().max(PAYMENT_PASSWORD_LENGTH_MAX),
    })
    .transform((values, ctx): Omit<RedEnvelopeSendRequest, 'requestId'> => {
      const total = parseAmountInput(values.total, currency);
      const count = /^\d+$/.test(values.count.trim()) ? Number(values.count.trim()) : Number.NaN;
      const members = usernamesOf(values.members);
      if (total === null || total <= 0) addFieldIssue(ctx, 'total', t('send.totalInvalid'));
      if (!Number.isInteger(count) || count < 1 || count > RED_ENVELOPE_SHARE_COUNT_MAX) {
        addFieldIssue(ctx, 'count', t('send.countInvalid', { max: RED_ENVELOPE_SHARE_COUNT_MAX }));
      } else if (total !== null && total > 0 && total < count) {
        addFieldIssue(ctx, 'total', t('send.totalBelowCount', { min: minShare }));
      }
      if (values.audience === 'members') {
        if (members.length === 0) addFieldIssue(ctx, 'members', t('send.membersRequired'));
        else if (members.length > RED_ENVELOPE_MEMBERS_MAX)
          addFieldIssue(ctx, 'members', t('send.membersTooMany', { max: RED_ENVELOPE_MEMBERS_MAX }));
        else if (Number.isInteger(count) && count > members.length) addFieldIssue(ctx, 'count', t('send.sharesOverMembers'));
      }
      if (values.message.trim().length > RED_ENVELOPE_MESSAGE_LENGTH_MAX) {
        addFieldIssue(ctx, 'message', t('send.messageTooLong', { max: RED_ENVELOPE_MESSAGE_LENGTH_MAX }));
      }
      if (needsPassword && values.password === '') addFieldIssue(ctx, 'password', t('send.passwordRequired'));
      if (total === null) return z.NEVER;
      const message = values.message.trim();
      return {
        totalAmount: amountMinor(total),
        shareCount: count,
        split: values.split,
        audience: values.audience,
        ...(values.audience === 'members' ? { memberUsernames: members } : {}),
        expiresInMinutes: Number(values.expiry),
        ...(message === '' ? {} : { message }),
        ...(needsPassword ? { paymentPassword: values.password } : {}),
      };
    });
  const defaults = {
    total: '',
    count: '',
    split: 'random' as const,
    audience: 'direct' as const,
    members: '',
    expiry: String(DAY_MINUTES),
    message: t('send.defaultMessage'),
    password: '',
  };
  const form = useZodForm(schema, { defaultValues: defaults });
  const audience = form.watch('audience');

  const submit = form.handleSubmit((values) => {
    setDone(null);
    send.mutate(
      { ...values, requestId },
      {
        onSuccess: (result) => {
          setDone(
            t('send.sent', {
              amount: money(result.totalAmount, result.currency),
              count: result.shareCount,
              balance: money(result.balanceAfter, result.currency),
            }),
          );
          form.reset(defaults);
          settle();
        },
        onError: (error) => {
          settle(error);
          if (error instanceof ApiError && error.code === 'payment_password_required') setIsPasswordAsked(true);
        },
      },
    );
  });

  return (
    <form className="form re-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="re-form__pair">
        <FormFieldControl control={form.control} name="total" label={t('send.total', { currency })} inputMode="decimal" isRequired />
        <FormFieldControl control={form.control} name="count" label={t('send.count')} inputMode="numeric" isRequired />
      </div>
      <div className="re-form__pair">
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.split}>
            {t('send.split')}
          </label>
          <select id={ids.split} className="form-field__input" {...form.register('split')}>
            <option value="random">{t('send.splitRandom', { min: minShare })}</option>
            <option value="equal">{t('send.splitEqual')}</option>
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={ids.expiry}>
            {t('send.expiry')}
          </label>
          <select id={ids.expiry} className="form-field__input" {...form.register('expiry')}>
            {RED_ENVELOPE_EXPIRY_CHOICES.map((minutes) => (
              <option key={minutes} value={String(minutes)}>
                {minutes < DAY_MINUTES
                  ? t('send.hours', { count: minutes / HOUR_MINUTES })
                  : t('send.days', { count: minutes / DAY_MINUTES })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={ids.audience}>
          {t('send.audience')}
        </label>
        <select id={ids.audience} className="form-field__input" {...form.register('audience')}>
          <option value="direct">{t('send.audienceDirect')}</option>
          <option value="team">{t('send.audienceTeam')}</option>
          <option value="members">{t('send.audienceMembers')}</option>
        </select>
      </div>
      {audience === 'members' && (
        <FormFieldControl control={form.control} name="members" label={t('send.members')} hint={t('send.membersHint')} isRequired />
      )}
      <FormFieldControl
        control={form.control}
        name="message"
        label={t('send.message')}
        hint={t('send.messageHint', { max: RED_ENVELOPE_MESSAGE_LENGTH_MAX })}
        maxLength={RED_ENVELOPE_MESSAGE_LENGTH_MAX}
      />
      {needsPassword && (
        <FormFieldControl
          control={form.control}
          name="password"
          label={t('send.password')}
          type="password"
          autoComplete="off"
          maxLength={PAYMENT_PASSWORD_LENGTH_MAX}
          isRequired
        />
      )}
      {send.error && (
        <p className="form__error" role="alert">
          {errorText(send.error)}
        </p>
      )}
      {done && (
        <p className="mc-success" role="status">
          {done}
        </p>
      )}
      <div className="mc-actions">
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {send.isPending ? t('send.working') : t('send.submit')}
        </button>
      </div>
    </form>
  );
}
