import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { addFieldIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { useRegisterValidation } from '../api/get-register-validation.ts';
import { requestPasswordEmail } from '../api/request-password-email.ts';
import { resetPasswordByPhone } from '../api/reset-password-by-phone.ts';
import { sendPasswordSms } from '../api/send-password-sms.ts';
import { breaksFieldRule, breaksPasswordRule, ruleHint } from '../hooks/register-form-rules.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { SmsSendButton } from './sms-send-button.tsx';

type Mode = 'email' | 'phone';
type Field = 'username' | 'email' | 'mobileNum' | 'verificationCode' | 'newPassword' | 'confirmNewPassword';

const FIELDS: readonly Field[] = ['username', 'email', 'mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'];
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
  const usernameRule = validation.data?.find((r) => r.field === 'username');
  const dialingCode = settings.data?.countryDialingCodes[0] ?? '+84';
  const [mode, setMode] = useState<Mode>('email');
  const [isSent, setSent] = useState(false);
  const schema = z.object(Object.fromEntries(FIELDS.map((name) => [name, z.string()])) as Record<Field, ReturnType<typeof z.string>>).check(
    z.superRefine((values, ctx) => {
      const next: Partial<Record<Field, string>> = {};
      const required =
        mode === 'email'
          ? (['username', 'email'] as const)
          : (['mobileNum', 'verificationCode', 'newPassword', 'confirmNewPassword'] as const);
      for (const name of required) if (!values[name].trim()) next[name] = t('validation.required');
      if (mode === 'email' && values.email.trim() && !EMAIL_SHAPE.test(values.email.trim())) next.email = t('validation.emailInvalid');
      // The username is checked by the same rule as at registration, so a typo is caught here, not by a mail that never comes.
      if (mode === 'email' && values.username.trim() && breaksFieldRule(usernameRule, values.username.trim())) {
        next.username = ruleHint(usernameRule);
      }
      if (mode === 'phone' && values.newPassword && breaksPasswordRule(passwordRule, values.newPassword)) {
        next.newPassword = ruleHint(passwordRule);
      }
      if (mode === 'phone' && values.confirmNewPassword && values.confirmNewPassword !== values.newPassword)
        next.confirmNewPassword = t('validation.confirmMismatch');
      for (const [name, message] of Object.entries(next)) addFieldIssue(ctx, name, message);
    }),
  );
  const form = useZodForm(schema, { defaultValues: EMPTY });
  const isBusy = form.formState.isSubmitting;
  const problem = form.formState.errors.root?.message;
  const field = (name: Field) => ({ control: form.control, name, isRequired: true });

  /** A message from outside the submit (the SMS button): it replaces what the form showed. */
  function showOnly(name: 'mobileNum' | 'root', message: string): void {
    form.clearErrors();
    form.setError(name, { message });
  }

  const submit = form.handleSubmit(async (values) => {
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
      form.setError('root', { message: errorText(error) });
    }
  });

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
                  form.clearErrors();
                }}
              >
                {t(item === 'email' ? 'auth.byEmail' : 'auth.byMobile')}
              </button>
            ))}
          </fieldset>
          {mode === 'email' ? (
            <>
              <FormFieldControl label={t('fields.username')} autoComplete="username" data-autofocus {...field('username')} />
              <FormFieldControl label={t('fields.email')} type="email" autoComplete="email" {...field('email')} />
            </>
          ) : (
            <>
              <FormFieldControl label={t('fields.mobileNum')} type="tel" autoComplete="tel" {...field('mobileNum')} />
              <FormFieldControl
                label={t('fields.verificationCode')}
                autoComplete="one-time-code"
                inputMode="numeric"
                {...field('verificationCode')}
                addon={
                  <SmsSendButton
                    send={() => {
                      const mobileNum = form.getValues('mobileNum').trim();
                      if (!mobileNum) {
                        showOnly('mobileNum', t('validation.mobileRequired'));
                        return null;
                      }
                      return sendPasswordSms(mobileNum, dialingCode);
                    }}
                    onError={(message) => showOnly('root', message)}
                    onSent={() => {
                      form.clearErrors('root');
                      form.clearErrors('mobileNum');
                    }}
                  />
                }
              />
              <FormFieldControl
                label={t('fields.newPassword')}
                type="password"
                autoComplete="new-password"
                hint={passwordRule ? ruleHint(passwordRule) : undefined}
                {...field('newPassword')}
              />
              <FormFieldControl
                label={t('fields.confirmNewPassword')}
                type="password"
                autoComplete="new-password"
                {...field('confirmNewPassword')}
              />
            </>
          )}
          {problem && (
            <p className="form__error" role="alert">
              {problem}
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
