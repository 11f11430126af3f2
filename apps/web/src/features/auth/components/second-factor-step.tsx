import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { type SecondFactorMethod, verifySecondFactor } from '../api/verify-second-factor.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';

export type SecondFactorChallenge = { challenge: string; methods: SecondFactorMethod[]; expiredMinutes: number };

/** A login from a new address: the code sent by SMS, or the authenticator's code. */
export function SecondFactorStep({ challenge, onCancel }: { challenge: SecondFactorChallenge; onCancel: () => void }) {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [method, setMethod] = useState<SecondFactorMethod>(challenge.methods[0] ?? 'sms');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('validation.codeRequired'));
      return;
    }
    setBusy(true);
    try {
      completeLogin(await verifySecondFactor(challenge.challenge, method, code.trim()));
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

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
      <FormField
        label={t('fields.verificationCode')}
        value={code}
        onValueChange={setCode}
        isRequired
        autoComplete="one-time-code"
        inputMode="numeric"
        error={error}
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
