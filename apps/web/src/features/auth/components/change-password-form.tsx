import type { LoginValue } from '@platform/contracts/accounts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { addFieldIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { changePassword } from '../api/change-password.ts';
import { useRegisterValidation } from '../api/get-register-validation.ts';
import { breaksPasswordRule, ruleHint } from '../hooks/register-form-rules.ts';

/**
 * The change-password fields and their checks (the password rule of the registration rules). The
 * server ends every earlier session on success and answers this device's new login, which
 * `onChanged` receives.
 */
export function ChangePasswordForm({
  onChanged,
  autoFocus = false,
  footer,
}: {
  onChanged: (login: LoginValue) => void;
  autoFocus?: boolean;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const validation = useRegisterValidation();
  const passwordRule = validation.data?.find((r) => r.field === 'password');
  const schema = z
    .object({
      oldPassword: z.string().check(z.minLength(1, t('validation.required'))),
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
  const form = useZodForm(schema, { defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' } });
  const isBusy = form.formState.isSubmitting;
  const problem = form.formState.errors.root?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      onChanged(await changePassword(values));
    } catch (error) {
      form.setError('root', { message: errorText(error) });
    }
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <FormFieldControl
        control={form.control}
        name="oldPassword"
        label={t('fields.oldPassword')}
        type="password"
        isRequired
        autoComplete="current-password"
        data-autofocus={autoFocus || undefined}
      />
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
      <button type="submit" className="button button--primary button--block" disabled={isBusy}>
        {isBusy ? t('app.loading') : t('auth.changePassword')}
      </button>
      {footer}
    </form>
  );
}
