import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useConfirmAuthenticator } from '../api/confirm-authenticator.ts';
import { useEnrolAuthenticator } from '../api/enrol-authenticator.ts';
import { useAuthenticatorStatus } from '../api/get-authenticator-status.ts';
import { ErrorState, LoadingState } from '../components/load-states.tsx';
import { MEMBER_CENTRE_NS } from '../i18n/register-translations.ts';
import { QrCode } from './qr-code.tsx';
import { SectionCard } from './section-card.tsx';

/** Second factor: enrol an authenticator app from a QR code, then confirm it with one of its codes. */
export function AuthenticatorSection() {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const status = useAuthenticatorStatus();
  const enrol = useEnrolAuthenticator();
  const confirm = useConfirmAuthenticator();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  function submit(event: FormEvent): void {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(trimmed)) {
      setCodeError(t('authenticator.codeInvalid'));
      return;
    }
    setCodeError(null);
    confirm.mutate(trimmed, { onError: (error) => setCodeError(errorText(error)) });
  }

  let body = <LoadingState />;
  let badge = null;
  if (status.error) body = <ErrorState error={status.error} onRetry={() => void status.refetch()} />;
  else if (status.data) {
    const isOn = status.data.enabled;
    badge = <span className={`mc-pill${isOn ? ' mc-pill--on' : ''}`}>{isOn ? t('authenticator.on') : t('authenticator.off')}</span>;
    if (isOn) {
      body = (
        <p className={confirm.isSuccess ? 'mc-success' : 'mc-note'} role={confirm.isSuccess ? 'status' : undefined}>
          {confirm.isSuccess ? t('authenticator.done') : t('authenticator.enabledText')}
        </p>
      );
    } else if (!enrol.data) {
      body = (
        <div className="mc-stack">
          <p className="mc-note">{t('authenticator.disabledText')}</p>
          {enrol.error && (
            <p className="form__error" role="alert">
              {errorText(enrol.error)}
            </p>
          )}
          <div className="mc-actions">
            <button type="button" className="button button--primary" disabled={enrol.isPending} onClick={() => enrol.mutate()}>
              {enrol.isPending ? t('loading') : t('authenticator.setUp')}
            </button>
          </div>
        </div>
      );
    } else {
      body = (
        <div className="mc-enrol">
          <QrCode text={enrol.data.otpauthUrl} label={t('authenticator.qrLabel')} />
          <form className="form mc-enrol__form" noValidate onSubmit={submit}>
            <p className="mc-note">{t('authenticator.scan')}</p>
            <div>
              <p className="mc-note">{t('authenticator.secret')}</p>
              <code className="mc-secret">{enrol.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </div>
            <FormField
              label={t('authenticator.code')}
              value={code}
              onValueChange={setCode}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              isRequired
              error={codeError}
            />
            <div className="mc-actions">
              <button type="submit" className="button button--primary" disabled={confirm.isPending}>
                {confirm.isPending ? t('loading') : t('authenticator.confirm')}
              </button>
            </div>
          </form>
        </div>
      );
    }
  }
  return (
    <SectionCard title={t('authenticator.title')} aside={badge}>
      {body}
    </SectionCard>
  );
}
