import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { type SecondFactorMethod, verifySecondFactor } from '../api/verify-second-factor.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';

export type SecondFactorChallenge = { challenge: string; methods: SecondFactorMethod[]; expiredMinutes: number };

/**
 * A login from a new address: the code sent by SMS, or the authenticator's code. `next`: where the
 * login goes afterwards (the agent centre for the agent entry), as after a one-step login.
 */
export function SecondFactorStep({
  challenge,
  onCancel,
  next,
}: {
  challenge: SecondFactorChallenge;
  onCancel: () => void;
  next?: 'agentCentre' | undefined;
}) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [method, setMethod] = useState<SecondFactorMethod>(challenge.methods[0] ?? 'sms');
  const schema = useMemo(() => z.object({ code: z.string().check(z.trim(), z.minLength(1, t('validation.codeRequired'))) }), [t]);
  const form = useZodForm(schema, { defaultValues: { code: '' } });
  const isBusy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ code }) => {
    try {
      completeLogin(await verifySecondFactor(challenge.challenge, method, code), next);
    } catch (failure) {
      form.setError('code', { message: errorText(failure) });
    }
  });

  return (
    <form className="form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="form__notice">
        {t(method === 'sms' ? 'auth.secondFactorSms' : 'auth.secondFactorApp', { minutes: challenge.expiredMinutes })}
      </p>
      {challenge.methods.length > 1 && (
        <fieldset className="tabs">
          <legend className="visually-hidden">{t('auth.secondFactorMethod')}</legend>
          {challenge.methods.map((item) => (
            <button key={item} type="button" className="tabs__tab" aria-pressed={method === item} onClick={() => setMethod(item)}>
              {t(item === 'sms' ? 'auth.bySms' : 'auth.byAuthenticator')}
            </button>
          ))}
        </fieldset>
      )}
      <FormFieldControl
        control={form.control}
        name="code"
        label={t('fields.verificationCode')}
        isRequired
        autoComplete="one-time-code"
        inputMode="numeric"
        data-autofocus
      />
      <button type="submit" className="button button--primary button--block" disabled={isBusy}>
        {isBusy ? t('app.loading') : t('common.confirm')}
      </button>
      <button type="button" className="link-button" onClick={onCancel}>
        {t('common.back')}
      </button>
    </form>
  );
}
