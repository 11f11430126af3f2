import { checkField } from '@platform/contracts/accounts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { changePassword } from '../api/change-password.ts';
import { useRegisterValidation } from '../api/get-register-validation.ts';
import { logout } from '../api/logout.ts';
import { ruleHint } from '../hooks/register-form-rules.ts';
import { useSessionStore } from '../hooks/session-store.ts';

type Field = 'oldPassword' | 'newPassword' | 'confirmNewPassword';
type Errors = Partial<Record<Field | 'form', string>>;

/**
 * Change password; forced (no way to dismiss but signing out) when the login answer says cpw. The
 * server ends every session on success, so the member logs in again with the new password.
 */
export function ChangePasswordPopup() {
  const { t } = useTranslation();
  const { open, close, isForced } = usePopupStore();
  const signOut = useSessionStore((s) => s.signOut);
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
      signOut();
      open('login');
    } catch (error) {
      setErrors({ form: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t('auth.changePasswordTitle')} onClose={isForced ? undefined : close} size="small">
      {isForced && <p className="form__notice">{t('auth.changePasswordForced')}</p>}
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <FormField
          label={t('fields.oldPassword')}
          type="password"
          value={values.oldPassword}
          onValueChange={setValue('oldPassword')}
          isRequired
          autoComplete="current-password"
          error={errors.oldPassword}
          data-autofocus
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
        {isForced && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              // The server session ends too; a failure there changes nothing for the player here.
              logout().catch(() => undefined);
              signOut();
              close();
            }}
          >
            {t('account.signOut')}
          </button>
        )}
      </form>
    </ModalDialog>
  );
}
