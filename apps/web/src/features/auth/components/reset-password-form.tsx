import { checkField } from '@platform/contracts/field-rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { useRegisterValidation } from '../api/get-register-validation.ts';
import { resetPasswordByEmail } from '../api/reset-password-by-email.ts';
import { ruleHint } from '../hooks/register-form-rules.ts';

type Field = 'newPassword' | 'confirmNewPassword';
type Errors = Partial<Record<Field | 'form', string>>;

/**
 * The page the password-reset mail links to: a new password for the link's token. A used or
 * expired link says so and offers to send a new one; success sends the member to the login.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const openPopup = usePopupStore((s) => s.open);
  const validation = useRegisterValidation();
  const passwordRule = validation.data?.find((r) => r.field === 'password');
  const [values, setValues] = useState<Record<Field, string>>({ newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<'form' | 'busy' | 'done' | 'expired'>('form');
  const setValue = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  if (!token || state === 'expired') {
    return (
      <section className="notice-card" aria-live="polite">
        <p>{t('resetPassword.linkInvalid')}</p>
        <button type="button" className="button button--primary" onClick={() => openPopup('forgotPassword')}>
          {t('resetPassword.sendNewLink')}
        </button>
      </section>
    );
  }

  if (state === 'done') {
    return (
      <section className="notice-card" aria-live="polite">
        <p>{t('resetPassword.done')}</p>
        <button type="button" className="button button--primary" onClick={() => openPopup('login')}>
          {t('auth.login')}
        </button>
      </section>
    );
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const next: Errors = {};
    if (!values.newPassword) next.newPassword = t('validation.newPasswordRequired');
    else if (passwordRule && checkField({ ...passwordRule, enabled: true, required: true }, values.newPassword))
      next.newPassword = ruleHint(passwordRule);
    if (!values.confirmNewPassword) next.confirmNewPassword = t('validation.required');
    else if (values.confirmNewPassword !== values.newPassword) next.confirmNewPassword = t('validation.confirmMismatch');
    setErrors(next);
    if (Object.keys(next).length > 0 || !token) return;
    setState('busy');
    try {
      await resetPasswordByEmail({ token, ...values });
      setState('done');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'reset_link_invalid') return setState('expired');
      setErrors({ form: errorText(error) });
      setState('form');
    }
  }

  return (
    <form className="form form--narrow" noValidate onSubmit={(event) => void submit(event)}>
      <p className="form__notice">{t('resetPassword.intro')}</p>
      <FormField
        label={t('fields.newPassword')}
        type="password"
        value={values.newPassword}
        onValueChange={setValue('newPassword')}
        isRequired
        autoComplete="new-password"
        hint={passwordRule ? ruleHint(passwordRule) : undefined}
        error={errors.newPassword}
      />
      <FormField
        label={t('fields.confirmNewPassword')}
        type="password"
        value={values.confirmNewPassword}
        onValueChange={setValue('confirmNewPassword')}
        isRequired
        autoComplete="new-password"
        error={errors.confirmNewPassword}
      />
      {errors.form && (
        <p className="form__error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={state === 'busy'}>
        {state === 'busy' ? t('app.loading') : t('resetPassword.submit')}
      </button>
    </form>
  );
}
