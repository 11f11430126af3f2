import { checkField } from '@platform/contracts/field-rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { useRegisterValidation } from '../api/get-register-validation.ts';
import { requestPasswordEmail } from '../api/request-password-email.ts';
import { resetPasswordByPhone } from '../api/reset-password-by-phone.ts';
import { sendPasswordSms } from '../api/send-password-sms.ts';
import { ruleHint } from '../hooks/register-form-rules.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { SmsSendButton } from './sms-send-button.tsx';

type Mode = 'email' | 'phone';
type Field = 'username' | 'email' | 'mobileNum' | 'verificationCode' | 'newPassword' | 'confirmNewPassword';
type Errors = Partial<Record<Field | 'form', string>>;

const EMPTY: Record<Field, string> = {
  username: '',
  email: '',
  mobileNum: '',
  verificationCode: '',
  newPassword: '',
  confirmNewPassword: '',
};
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Forgot password: a reset link by e-mail, or a new password set with an SMS code (then logged in). */
export function ForgotPasswordPopup() {
  const { t } = useTranslation();
  const { open, close } = usePopupStore();
  const settings = useRegisterSettings();
  const validation = useRegisterValidation();
  const completeLogin = useCompleteLogin();
  const passwordRule = validation.data?.find((r) => r.field === 'password');
  const dialingCode = settings.data?.countryDialingCodes[0] ?? '+84';
  const [mode, setMode] = useState<Mode>('email');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [isSent, setSent] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const field = (name: Field) => ({
    value: values[name],
    onValueChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: errors[name],
    isRequired: true,
  });

  function check(): Errors {
    const next: Errors = {};
    const required =
      mode === 'email'
        ? (['username', 'email'] as const)
        : (['mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'] as const);
    for (const name of required) if (!values[name].trim()) next[name] = t('validation.required');
    if (mode === 'email' && values.email.trim() && !EMAIL_SHAPE.test(values.email.trim())) next.email = t('validation.emailInvalid');
    if (
      mode === 'phone' &&
      values.newPassword &&
      passwordRule &&
      checkField({ ...passwordRule, enabled: true, required: true }, values.newPassword)
    ) {
      next.newPassword = ruleHint(passwordRule);
    }
    if (mode === 'phone' && values.confirmNewPassword && values.confirmNewPassword !== values.newPassword)
      next.confirmNewPassword = t('validation.confirmMismatch');
    return next;
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const next = check();
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      if (mode === 'email') {
        await requestPasswordEmail(values.username.trim(), values.email.trim());
        setSent(true);
      } else {
        const { mobileNum, verificationCode, newPassword, confirmNewPassword } = values;
        completeLogin(
          await resetPasswordByPhone({
            mobileNum: mobileNum.trim(),
            verificationCode: verificationCode.trim(),
            newPassword,
            confirmNewPassword,
            countryDialingCode: dialingCode,
          }),
        );
      }
    } catch (error) {
      setErrors({ form: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t('auth.forgotPasswordTitle')} onClose={close} size="small">
      {isSent ? (
        <>
          <p className="dialog__text" role="status">
            {t('auth.resetEmailSent')}
          </p>
          <button type="button" className="button button--primary button--block" onClick={() => open('login')} data-autofocus>
            {t('auth.login')}
          </button>
        </>
      ) : (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className="tabs">
            <legend className="visually-hidden">{t('auth.resetMethod')}</legend>
            {(['email', 'phone'] as const).map((item) => (
              <button
                key={item}
                type="button"
                className="tabs__tab"
                aria-pressed={mode === item}
                onClick={() => {
                  setMode(item);
                  setErrors({});
                }}
              >
                {t(item === 'email' ? 'auth.byEmail' : 'auth.byMobile')}
              </button>
            ))}
          </fieldset>
          {mode === 'email' ? (
            <>
              <FormField label={t('fields.username')} autoComplete="username" data-autofocus {...field('username')} />
              <FormField label={t('fields.email')} type="email" autoComplete="email" {...field('email')} />
            </>
          ) : (
            <>
              <FormField label={t('fields.mobileNum')} type="tel" autoComplete="tel" {...field('mobileNum')} />
              <FormField
                label={t('fields.verificationCode')}
                autoComplete="one-time-code"
                inputMode="numeric"
                {...field('verificationCode')}
                addon={
                  <SmsSendButton
                    send={() => {
                      if (!values.mobileNum.trim()) {
                        setErrors({ mobileNum: t('validation.mobileRequired') });
                        return null;
                      }
                      return sendPasswordSms(values.mobileNum.trim(), dialingCode);
                    }}
                    onError={(message) => setErrors({ form: message })}
                  />
                }
              />
              <FormField
                label={t('fields.newPassword')}
                type="password"
                autoComplete="new-password"
                hint={passwordRule ? ruleHint(passwordRule) : undefined}
                {...field('newPassword')}
              />
              <FormField
                label={t('fields.confirmNewPassword')}
                type="password"
                autoComplete="new-password"
                {...field('confirmNewPassword')}
              />
            </>
          )}
          {errors.form && (
            <p className="form__error" role="alert">
              {errors.form}
            </p>
          )}
          <button type="submit" className="button button--primary button--block" disabled={isBusy}>
            {isBusy ? t('app.loading') : t('common.confirm')}
          </button>
          <button type="button" className="link-button" onClick={() => open('login')}>
            {t('auth.haveAccount')}
          </button>
        </form>
      )}
    </ModalDialog>
  );
}
