import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { MEMBER_CENTRE_NS } from '../../../i18n/member-centre/register-translations.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useConfirmAuthenticator } from '../api/confirm-authenticator.ts';
import { useEnrolAuthenticator } from '../api/enrol-authenticator.ts';
import { useAuthenticatorStatus } from '../api/get-authenticator-status.ts';
import { QrCode } from './qr-code.tsx';

/** Second factor: enrol an authenticator app from a QR code, then confirm it with one of its codes. */
export function AuthenticatorSection() {
  const { t } = useTranslation(MEMBER_CENTRE_NS);
  const status = useAuthenticatorStatus();
  const enrol = useEnrolAuthenticator();
  const confirm = useConfirmAuthenticator();
  // Six digits; the spaces an app shows between groups are dropped.
  const schema = z.object({
    code: z
      .string()
      .transform((text) => text.replace(/\s/g, ''))
      .refine((digits) => /^\d{6}$/.test(digits), t('authenticator.codeInvalid')),
  });
  const form = useZodForm(schema, { defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) => {
    confirm.mutate(code, { onError: (error) => form.setError('code', { message: errorText(error) }) });
  });

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
          <form className="form mc-enrol__form" noValidate onSubmit={(event) => void submit(event)}>
            <p className="mc-note">{t('authenticator.scan')}</p>
            <div>
              <p className="mc-note">{t('authenticator.secret')}</p>
              <code className="mc-secret">{enrol.data.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </div>
            <FormFieldControl
              control={form.control}
              name="code"
              label={t('authenticator.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              isRequired
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
