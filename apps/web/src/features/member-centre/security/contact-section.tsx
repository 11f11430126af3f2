import type { ContactChannel, ContactStatus } from '@platform/contracts/member-centre';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useSmsCountdown } from '../../auth/hooks/use-sms-countdown.ts';
import { useConfirmContactCode } from '../api/confirm-contact-code.ts';
import { useContactVerification } from '../api/get-contact-verification.ts';
import { useSendContactCode } from '../api/send-contact-code.ts';
import { ErrorState, LoadingState } from '../components/load-states.tsx';
import { formatDateTime } from '../format-time.ts';
import { MEMBER_CENTRE_NS } from '../i18n/register-translations.ts';
import { SectionCard } from './section-card.tsx';

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
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isCodeSent, setCodeSent] = useState(false);
  const label = t(`contacts.${channel}`);

  function requestCode(): void {
    if (!countdown.claimSend()) return;
    setProblem(null);
    if (!status.isSet && address.trim() === '') {
      setProblem(t('contacts.addressRequired'));
      return;
    }
    send.mutate(
      { channel, ...(status.isSet ? {} : { address: address.trim() }) },
      {
        onSuccess: ({ expiredMinutes }) => {
          countdown.start(expiredMinutes);
          setCodeSent(true);
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  }

  function submit(event: FormEvent): void {
    event.preventDefault();
    setProblem(null);
    if (code.trim() === '') {
      setProblem(t('contacts.codeRequired'));
      return;
    }
    confirm.mutate({ channel, code: code.trim() }, { onError: (error) => setProblem(errorText(error)) });
  }

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
        <form className="form mc-contact__form" noValidate onSubmit={submit}>
          {!status.isSet && (
            <FormField
              label={channel === 'mobile' ? t('contacts.newMobile') : t('contacts.newEmail')}
              type={channel === 'mobile' ? 'tel' : 'email'}
              inputMode={channel === 'mobile' ? 'numeric' : 'email'}
              autoComplete={channel === 'mobile' ? 'tel-national' : 'email'}
              value={address}
              onValueChange={setAddress}
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
              <FormField
                label={t('contacts.code')}
                value={code}
                onValueChange={setCode}
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
