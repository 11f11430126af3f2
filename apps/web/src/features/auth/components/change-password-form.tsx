import { checkField } from '@platform/contracts/field-rules';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { changePassword } from '../api/change-password.ts';
import { useRegisterValidation } from '../api/get-register-validation.ts';
import { ruleHint } from '../hooks/register-form-rules.ts';

type Field = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
type Errors = Partial<Record<Field | 'form', string>>;

/**
 * The change-password fields and their checks (the password rule of the registration rules). The
 * server ends every session on success; `onChanged` decides what the member sees next.
 */
export function ChangePasswordForm({
  onChanged,
  autoFocus = false,
  footer,
}: {
  onChanged: () => void;
  autoFocus?: boolean;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const validation = useRegisterValidation();
  const passwordRule = validation.data?.find((r) => r.field === 'password');
  const [values, setValues] = useState<Record<Field, string>>({ oldPassword: '', newPassword: '', confirmNewPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [isBusy, setBusy] = useState(false);
  const setValue = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const next: Errors = {};
    if (!values.oldPassword) next.oldPassword = t('validation.required');
    if (!values.newPassword) next.newPassword = t('validation.newPasswordRequired');
    else if (passwordRule && checkField({ ...passwordRule, enabled: true, required: true }, values.newPassword))
      next.newPassword = ruleHint(passwordRule);
    if (!values.confirmNewPassword) next.confirmNewPassword = t('validation.required');
    else if (values.confirmNewPassword !== values.newPassword) next.confirmNewPassword = t('validation.confirmMismatch');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      await changePassword(values);
      onChanged();
    } catch (error) {
      setErrors({ form: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <FormField
        label={t('fields.oldPassword')}
        type="password"
        value={values.oldPassword}
        onValueChange={setValue('oldPassword')}
        isRequired
        autoComplete="current-password"
        error={errors.oldPassword}
        data-autofocus={autoFocus || undefined}
      />
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
      <button type="submit" className="button button--primary button--block" disabled={isBusy}>
        {isBusy ? t('app.loading') : t('auth.changePassword')}
      </button>
      {footer}
    </form>
  );
}
