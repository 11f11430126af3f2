import type { ContactChannel, ContactStatus } from '@platform/contracts/member-centre';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useSmsCountdown } from '../../../hooks/use-sms-countdown.ts';
import { MEMBER_CENTRE_NS } from '../../../i18n/member-centre/register-translations.ts';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { addFormIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useConfirmContactCode } from '../api/confirm-contact-code.ts';
import { useContactVerification } from '../api/get-contact-verification.ts';
import { useSendContactCode } from '../api/send-contact-code.ts';

/** The mobile number and the e-mail: each shown masked, with its verification. */
export function ContactSection() {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const contacts = useContactVerification();
  let body = <LoadingState />;
  if (contacts.error) body = <ErrorState error={contacts.error} onRetry={() => void contacts.refetch()} />;
  else if (contacts.data) {
    body = (
      <div className="mc-contacts">
        <ContactRow channel="mobile" status={contacts.data.mobile} />
        <ContactRow channel="email" status={contacts.data.email} />
      </div>
    );
  }
  return <SectionCard title={t('contacts.title')}>{body}</SectionCard>;
}

function ContactRow({ channel, status }: { channel: ContactChannel; status: ContactStatus }) {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const send = useSendContactCode();
  const confirm = useConfirmContactCode();
  const countdown = useSmsCountdown();
  const [isCodeSent, setCodeSent] = useState(false);
  const label = t(`contacts.${channel}`);
  // The messages show above the buttons: the code at submit, the address when a code is asked for.
  const schema = z.object({ address: z.string().trim(), code: z.string().trim() }).superRefine((values, ctx) => {
    if (values.code === '') addFormIssue(ctx, t('contacts.codeRequired'));
  });
  const form = useZodForm(schema, { defaultValues: { address: '', code: '' } });
  const problem = form.formState.errors.root?.message;
  const showProblem = (message: string) => form.setError('root', { message });

  function requestCode(): void {
    if (!countdown.claimSend()) return;
    form.clearErrors('root');
    const address = form.getValues('address').trim();
    if (!status.isSet && address === '') {
      showProblem(t('contacts.addressRequired'));
      return;
    }
    send.mutate(
      { channel, ...(status.isSet ? {} : { address }) },
      {
        onSuccess: ({ expiredMinutes }) => {
          countdown.start(expiredMinutes);
          setCodeSent(true);
        },
        onError: (error) => showProblem(errorText(error)),
      },
    );
  }

  const submit = form.handleSubmit(({ code }) => {
    confirm.mutate({ channel, code }, { onError: (error) => showProblem(errorText(error)) });
  });

  const pill = status.verified ? (
    <span className="mc-pill mc-pill--on">{t('contacts.verified')}</span>
  ) : (
    <span className="mc-pill">{status.isSet ? t('contacts.notVerified') : t('contacts.notSet')}</span>
  );

  return (
    <fieldset className="mc-contact" aria-label={label}>
      <div className="mc-contact__summary">
        <span className="mc-contact__label">{label}</span>
        <span className="mc-contact__value">{status.value || '—'}</span>
        {pill}
      </div>
      {status.verified ? (
        status.verifiedAt && <p className="mc-note">{t('contacts.verifiedAt', { time: formatDateTime(status.verifiedAt) })}</p>
      ) : (
        <form className="form mc-contact__form" noValidate onSubmit={(event) => void submit(event)}>
          {!status.isSet && (
            <FormFieldControl
              control={form.control}
              name="address"
              label={channel === 'mobile' ? t('contacts.newMobile') : t('contacts.newEmail')}
              type={channel === 'mobile' ? 'tel' : 'email'}
              inputMode={channel === 'mobile' ? 'numeric' : 'email'}
              autoComplete={channel === 'mobile' ? 'tel-national' : 'email'}
              isRequired
              disabled={isCodeSent}
            />
          )}
          <div className="mc-actions">
            <button type="button" className="button" disabled={send.isPending || countdown.isCounting} onClick={requestCode}>
              {countdown.isCounting ? t('contacts.resendIn', { seconds: countdown.remaining }) : t('contacts.sendCode')}
            </button>
            {isCodeSent && <span className="mc-note">{channel === 'mobile' ? t('contacts.sentSms') : t('contacts.sentEmail')}</span>}
          </div>
          {isCodeSent && (
            <>
              <FormFieldControl
                control={form.control}
                name="code"
                label={t('contacts.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={16}
                isRequired
              />
              <div className="mc-actions">
                <button type="submit" className="button button--primary" disabled={confirm.isPending}>
                  {confirm.isPending ? t('loading') : t('contacts.confirm', { name: label })}
                </button>
              </div>
            </>
          )}
          {problem && (
            <p className="form__error" role="alert">
              {problem}
            </p>
          )}
        </form>
      )}
      {confirm.isSuccess && status.verified && (
        <p className="mc-success" role="status">
          {t('contacts.done', { name: label })}
        </p>
      )}
    </fieldset>
  );
}
