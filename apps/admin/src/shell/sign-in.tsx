import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { confirmCode, type LoginStep, signIn } from '../api/login.ts';
import { sessionExpired } from '../api/session-store.ts';
import { errorText } from '../i18n/i18n.ts';
import { LanguageSwitch } from './preferences.tsx';

// Only an operator who enrols an authenticator needs the QR encoder.
const QrCode = lazy(() => import('./qr-code.tsx'));

type CodeStep = Exclude<LoginStep, { kind: 'signed-in' }>;

function PasswordStep({ onNext }: { onNext: (step: CodeStep) => void }) {
  const { t } = useTranslation();
  const schema = z.object({
    username: z.string().check(z.trim(), z.minLength(1, t('signIn.usernameRequired'))),
    password: z.string().check(z.minLength(1, t('signIn.passwordRequired'))),
  });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { username: '', password: '' },
    resolver: zodResolver(schema),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const step = await signIn(values.username, values.password);
      if (step.kind !== 'signed-in') onNext(step);
    } catch (error) {
      form.setError('root', { message: errorText(error) });
    }
  });
  return (
    <form className="card sign-in" onSubmit={submit} noValidate>
      <h1>{t('signIn.title')}</h1>
      {sessionExpired() && !errors.root ? (
        <p className="alert alert--error" role="alert">
          {t('signIn.expired')}
        </p>
      ) : null}
      <label className="field">
        {t('signIn.username')}
        <input autoComplete="username" aria-invalid={errors.username ? true : undefined} {...form.register('username')} />
        {errors.username ? <span className="field__error">{errors.username.message}</span> : null}
      </label>
      <label className="field">
        {t('signIn.password')}
        <input
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          {...form.register('password')}
        />
        {errors.password ? <span className="field__error">{errors.password.message}</span> : null}
      </label>
      {errors.root ? (
        <p className="alert alert--error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--wide" disabled={isSubmitting}>
        {t('signIn.submit')}
      </button>
    </form>
  );
}

function CodeStepForm({ step, onBack }: { step: CodeStep; onBack: () => void }) {
  const { t } = useTranslation();
  const schema = z.object({ code: z.string().check(z.trim(), z.regex(/^\d{6}$/, t('signIn.codeFormat'))) });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { code: '' },
    resolver: zodResolver(schema),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await confirmCode(step.challenge, values.code);
    } catch (error) {
      form.setError('root', { message: errorText(error) });
    }
  });
  return (
    <form className="card sign-in" onSubmit={submit} noValidate>
      <h1>{step.kind === 'enrol' ? t('signIn.enrolTitle') : t('signIn.codeTitle')}</h1>
      {step.kind === 'enrol' ? (
        <>
          <p className="muted">{t('signIn.enrolHint')}</p>
          <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
            <QrCode text={step.otpauthUri} label={t('signIn.qr')} />
          </Suspense>
          <p>
            {t('signIn.secret')}: <code data-testid="totp-secret">{step.secret}</code>
          </p>
        </>
      ) : (
        <p className="muted">{t('signIn.codeHint')}</p>
      )}
      <label className="field">
        {t('signIn.code')}
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          aria-invalid={errors.code ? true : undefined}
          {...form.register('code')}
        />
        {errors.code ? <span className="field__error">{errors.code.message}</span> : null}
      </label>
      {errors.root ? (
        <p className="alert alert--error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      <div className="row">
        <button type="button" className="button" onClick={onBack}>
          {t('signIn.back')}
        </button>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t('signIn.confirm')}
        </button>
      </div>
    </form>
  );
}

/**
 * Sign-in: the password, then, when the server asks for it, the authenticator code (`totp`) or first
 * the authenticator's set-up (`enrol`: a QR code of the otpauth URI and the key).
 */
export function SignInPage() {
  const { t } = useTranslation();
  const [step, setStep] = useState<CodeStep | null>(null);
  return (
    <main className="sign-in-page">
      <div className="sign-in-page__top">
        <strong>{t('app.title')}</strong>
        <LanguageSwitch />
      </div>
      {step ? <CodeStepForm step={step} onBack={() => setStep(null)} /> : <PasswordStep onNext={setStep} />}
    </main>
  );
}
