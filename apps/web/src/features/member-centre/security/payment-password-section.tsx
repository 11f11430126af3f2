import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useSavePaymentPassword } from '../api/payment-password.ts';
import { useWithdrawalRules } from '../api/withdrawals.ts';
import { ErrorState, LoadingState } from '../components/load-states.tsx';
import { MONEY_NS } from '../i18n/register-translations.ts';
import { SectionCard } from './section-card.tsx';

/** The payment (withdrawal) password: set it once with the login password, then change it with the current one. */
export function PaymentPasswordSection() {
  const { t } = useTranslation(MONEY_NS);
  const rules = useWithdrawalRules();
  // Kept here: setting the first password re-renders the form as the change form.
  const [done, setDone] = useState<string | null>(null);
  let body = <LoadingState />;
  if (rules.error) body = <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />;
  else if (rules.data)
    body = (
      <PaymentPasswordForm key={String(rules.data.hasPaymentPassword)} isSet={rules.data.hasPaymentPassword} done={done} onDone={setDone} />
    );
  const pill =
    rules.data &&
    (rules.data.hasPaymentPassword ? (
      <span className="mc-pill mc-pill--on">{t('paymentPassword.isSet')}</span>
    ) : (
      <span className="mc-pill">{t('paymentPassword.notSet')}</span>
    ));
  return (
    <SectionCard title={t('paymentPassword.title')} aside={pill}>
      {body}
    </SectionCard>
  );
}

function PaymentPasswordForm({ isSet, done, onDone }: { isSet: boolean; done: string | null; onDone: (message: string | null) => void }) {
  const { t } = useTranslation(MONEY_NS);
  const save = useSavePaymentPassword();
  const [proof, setProof] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent): void {
    event.preventDefault();
    setProblem(null);
    onDone(null);
    if (proof === '' || password === '' || confirm === '') {
      setProblem(t('paymentPassword.allRequired'));
      return;
    }
    if (password !== confirm) {
      setProblem(t('paymentPassword.mismatch'));
      return;
    }
    const request = isSet
      ? ({
          kind: 'change',
          value: { oldPaymentPassword: proof, newPaymentPassword: password, confirmNewPaymentPassword: confirm },
        } as const)
      : ({ kind: 'set', value: { loginPassword: proof, paymentPassword: password, confirmPaymentPassword: confirm } } as const);
    save.mutate(request, {
      onSuccess: () => {
        setProof('');
        setPassword('');
        setConfirm('');
        onDone(isSet ? t('paymentPassword.changed') : t('paymentPassword.saved'));
      },
      onError: (error) => setProblem(errorText(error)),
    });
  }

  return (
    <form className="form mc-narrow" noValidate onSubmit={submit}>
      <p className="mc-note">{t('paymentPassword.text')}</p>
      <FormField
        label={isSet ? t('paymentPassword.current') : t('paymentPassword.loginPassword')}
        type="password"
        value={proof}
        onValueChange={setProof}
        autoComplete={isSet ? 'off' : 'current-password'}
        inputMode={isSet ? 'numeric' : undefined}
        isRequired
      />
      <FormField
        label={isSet ? t('paymentPassword.new') : t('paymentPassword.password')}
        type="password"
        value={password}
        onValueChange={setPassword}
        autoComplete="new-password"
        inputMode="numeric"
        hint={t('paymentPassword.format')}
        isRequired
      />
      <FormField
        label={t('paymentPassword.confirm')}
        type="password"
        value={confirm}
        onValueChange={setConfirm}
        autoComplete="new-password"
        inputMode="numeric"
        isRequired
      />
      {problem && (
        <p className="form__error" role="alert">
          {problem}
        </p>
      )}
      {done && (
        <p className="mc-success" role="status">
          {done}
        </p>
      )}
      <div className="mc-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? t('working') : isSet ? t('paymentPassword.change') : t('paymentPassword.set')}
        </button>
      </div>
    </form>
  );
}
