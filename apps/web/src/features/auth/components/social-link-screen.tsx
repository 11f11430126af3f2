import type { SocialLinkInfoValue, SocialSignedInValue } from '@platform/contracts/social-sign-in';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { linkSocialIdentity } from '../api/social-sign-in.ts';
import { useSocialTranslation } from '../i18n/register-translations.ts';

type LinkMode = 'new' | 'existing';

/**
 * The linking screen of a third-party identity not linked yet: a new account (the suggested username
 * or one the member chooses, an invitation code, the terms) or an existing one (its username and
 * password); either way the member confirms first that the link can never be changed or removed.
 */
export function SocialLinkScreen({
  ticket,
  info,
  onSignedIn,
}: {
  ticket: string;
  info: SocialLinkInfoValue;
  onSignedIn: (value: SocialSignedInValue) => void;
}) {
  const { t } = useTranslation();
  const { t: ts } = useSocialTranslation();
  const [mode, setMode] = useState<LinkMode>('new');
  const isNew = mode === 'new';
  const schema = z.object({
    username: z.string().check(z.trim(), z.minLength(1, t('validation.required'))),
    password: isNew ? z.string() : z.string().check(z.minLength(1, t('validation.required'))),
    referralCode: z.string(),
    agreement: z.boolean(),
    confirmed: z.boolean().check(z.refine((value) => value, ts('confirmRequired'))),
  });
  const form = useZodForm(schema, {
    defaultValues: { username: info.suggestedUsername, password: '', referralCode: '', agreement: true, confirmed: false },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      const request = isNew
        ? {
            ticket,
            mode: 'new' as const,
            username: values.username,
            agreement: values.agreement,
            confirmed: values.confirmed,
            ...(values.referralCode.trim() ? { referralCode: values.referralCode.trim() } : {}),
          }
        : { ticket, mode: 'existing' as const, username: values.username, password: values.password, confirmed: values.confirmed };
      onSignedIn(await linkSocialIdentity(request));
    } catch (error) {
      form.setError('root', { message: errorText(error) });
    }
  });

  return (
    <div className="social-link">
      <p>{ts('linkIntro', { name: info.provider.name })}</p>
      <fieldset className="tabs">
        <legend className="visually-hidden">{ts('linkMode')}</legend>
        {(['new', 'existing'] as const).map((item) => (
          <button
            key={item}
            type="button"
            className="tabs__tab"
            aria-pressed={mode === item}
            onClick={() => {
              setMode(item);
              form.clearErrors();
              form.setValue('username', item === 'new' ? info.suggestedUsername : '');
              form.setValue('password', '');
            }}
          >
            {ts(item === 'new' ? 'newAccount' : 'existingAccount')}
          </button>
        ))}
      </fieldset>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <FormFieldControl
          control={form.control}
          name="username"
          label={t('fields.username')}
          isRequired
          autoComplete="username"
          hint={isNew ? ts('usernameHint') : undefined}
        />
        {isNew ? (
          <FormFieldControl control={form.control} name="referralCode" label={ts('referralCode')} autoComplete="off" />
        ) : (
          <FormFieldControl
            control={form.control}
            name="password"
            label={t('fields.password')}
            type="password"
            isRequired
            autoComplete="current-password"
          />
        )}
        {isNew && info.agreementRequired && (
          <label className="checkbox">
            <input type="checkbox" {...form.register('agreement')} />
            <span>{t('auth.agreement')}</span>
          </label>
        )}
        <label className={`checkbox${errors.confirmed ? ' checkbox--invalid' : ''}`}>
          <input type="checkbox" {...form.register('confirmed')} />
          <span>{ts('confirm', { name: info.provider.name })}</span>
        </label>
        {errors.confirmed && (
          <p className="form-field__error" role="alert">
            {errors.confirmed.message}
          </p>
        )}
        {errors.root && (
          <p className="form__error" role="alert">
            {errors.root.message}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('app.loading') : ts(isNew ? 'createAndLink' : 'linkExisting')}
        </button>
      </form>
    </div>
  );
}
