import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { addFieldIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useRegisterValidation } from '../api/get-register-validation.ts';
import { resetPasswordByEmail } from '../api/reset-password-by-email.ts';
import { breaksPasswordRule, ruleHint } from '../hooks/register-form-rules.ts';

/**
 * The page the password-reset mail links to: a new password for the link's token. A used or
 * expired link says so and offers to send a new one; success sends the member to the login.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const openPopup = usePopupStore((s) => s.open);
  const validation = useRegisterValidation();
  const passwordRule = validation.data?.find((r) => r.field === 'password');
  const schema = z
    .object({
      newPassword: z.string().check(z.minLength(1, t('validation.newPasswordRequired'))),
      confirmNewPassword: z.string().check(z.minLength(1, t('validation.required'))),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (values.newPassword && breaksPasswordRule(passwordRule, values.newPassword))
          addFieldIssue(ctx, 'newPassword', ruleHint(passwordRule));
        if (values.confirmNewPassword && values.confirmNewPassword !== values.newPassword)
          addFieldIssue(ctx, 'confirmNewPassword', t('validation.confirmMismatch'));
      }),
    );
  const form = useZodForm(schema, { defaultValues: { newPassword: '', confirmNewPassword: '' } });
  const [state, setState] = useState<'form' | 'busy' | 'done' | 'expired'>('form');
  const problem = form.formState.errors.root?.message;

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

  const submit = form.handleSubmit(async (values) => {
    setState('busy');
    try {
      await resetPasswordByEmail({ token, ...values });
      setState('done');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'reset_link_invalid') return setState('expired');
      form.setError('root', { message: errorText(error) });
      setState('form');
    }
  });

  return (
    <form className="form form--narrow" noValidate onSubmit={(event) => void submit(event)}>
      <p className="form__notice">{t('resetPassword.intro')}</p>
      <FormFieldControl
        control={form.control}
        name="newPassword"
        label={t('fields.newPassword')}
        type="password"
        isRequired
        autoComplete="new-password"
        hint={passwordRule ? ruleHint(passwordRule) : undefined}
      />
      <FormFieldControl
        control={form.control}
        name="confirmNewPassword"
        label={t('fields.confirmNewPassword')}
        type="password"
        isRequired
        autoComplete="new-password"
      />
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={state === 'busy'}>
        {state === 'busy' ? t('app.loading') : t('resetPassword.submit')}
      </button>
    </form>
  );
}
