import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { MONEY_NS } from '../../../i18n/member-centre/register-translations.ts';
import { errorText } from '../../../lib/api-client.ts';
import { addFormIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { useSavePaymentPassword } from '../api/payment-password.ts';
import { useWithdrawalRules } from '../api/withdrawals.ts';

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
  // One message for the whole form, above the buttons: every field is needed, and the two new ones must agree.
  const schema = z.object({ proof: z.string(), password: z.string(), confirm: z.string() }).superRefine((values, ctx) => {
    if (values.proof === '' || values.password === '' || values.confirm === '') addFormIssue(ctx, t('paymentPassword.allRequired'));
    else if (values.password !== values.confirm) addFormIssue(ctx, t('paymentPassword.mismatch'));
  });
  const form = useZodForm(schema, { defaultValues: { proof: '', password: '', confirm: '' } });
  const problem = form.formState.errors.root?.message;

  const submit = form.handleSubmit(({ proof, password, confirm }) => {
    const request = isSet
      ? ({
          kind: 'change',
          value: { oldPaymentPassword: proof, newPaymentPassword: password, confirmNewPaymentPassword: confirm },
        } as const)
      : ({ kind: 'set', value: { loginPassword: proof, paymentPassword: password, confirmPaymentPassword: confirm } } as const);
    save.mutate(request, {
      onSuccess: () => {
        form.reset();
        onDone(isSet ? t('paymentPassword.changed') : t('paymentPassword.saved'));
      },
      onError: (error) => form.setError('root', { message: errorText(error) }),
    });
  });

  return (
    <form
      className="form mc-narrow"
      noValidate
      onSubmit={(event) => {
        onDone(null);
        void submit(event);
      }}
    >
      <p className="mc-note">{t('paymentPassword.text')}</p>
      <FormFieldControl
        control={form.control}
        name="proof"
        label={isSet ? t('paymentPassword.current') : t('paymentPassword.loginPassword')}
        type="password"
        autoComplete={isSet ? 'off' : 'current-password'}
        inputMode={isSet ? 'numeric' : undefined}
        isRequired
      />
      <FormFieldControl
        control={form.control}
        name="password"
        label={isSet ? t('paymentPassword.new') : t('paymentPassword.password')}
        type="password"
        autoComplete="new-password"
        inputMode="numeric"
        hint={t('paymentPassword.format')}
        isRequired
      />
      <FormFieldControl
        control={form.control}
        name="confirm"
        label={t('paymentPassword.confirm')}
        type="password"
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
