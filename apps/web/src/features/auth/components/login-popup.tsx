import type { LoginRequest } from '@platform/contracts/accounts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { readRememberedUsername, rememberUsername } from '../../../lib/remembered-username.ts';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { useWhitelabel } from '../../system/api/get-whitelabel.ts';
import { freePlayLogin } from '../api/free-play-login.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { login } from '../api/login.ts';
import { sendLoginSms } from '../api/send-login-sms.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { CaptchaImage } from './captcha-image.tsx';
import { type SecondFactorChallenge, SecondFactorStep } from './second-factor-step.tsx';
import { SmsSendButton } from './sms-send-button.tsx';

type Mode = 'password' | 'sms';
type Errors = Partial<Record<'username' | 'password' | 'captcha' | 'form', string>>;

/** The second step a right password from a new address needs, when the failure carries one. */
function secondFactorOf(error: unknown): SecondFactorChallenge | null {
  if (!(error instanceof ApiError) || error.code !== 'second_factor_required') return null;
  const value = error.value as { secondFactor?: SecondFactorChallenge } | undefined;
  return value?.secondFactor ?? null;
}

/** Whether a failed login asks for a captcha next time (`value.captcha`, or the captcha codes). */
function asksForCaptcha(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const value = error.value as { captcha?: unknown } | undefined;
  return value?.captcha === true || error.code === 'captcha_required' || error.code === 'captcha_invalid';
}

export function LoginPopup() {
  const { t } = useTranslation();
  const { open, close } = usePopupStore();
  const settings = useRegisterSettings();
  const whitelabel = useWhitelabel();
  const completeLogin = useCompleteLogin();
  const [mode, setMode] = useState<Mode>('password');
  const [username, setUsername] = useState(readRememberedUsername);
  const [isRemembered, setRemembered] = useState(() => readRememberedUsername() !== '');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [captchaKey, setCaptchaKey] = useState('');
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  // Each failure that asks for a captcha shows a fresh one (a captcha is single use).
  const [captchaRound, setCaptchaRound] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [isBusy, setBusy] = useState(false);
  const [secondFactor, setSecondFactor] = useState<SecondFactorChallenge | null>(null);
  const dialingCode = settings.data?.countryDialingCodes[0] ?? '+84';
  const isSmsOffered = Boolean(settings.data?.showPhoneLogin || settings.data?.showVerCodeLogin);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const next: Errors = {};
    if (!username.trim()) next.username = mode === 'sms' ? t('validation.mobileRequired') : t('validation.required');
    if (!password) next.password = mode === 'sms' ? t('validation.codeRequired') : t('validation.required');
    if (needsCaptcha && !captcha.trim()) next.captcha = t('validation.captchaRequired');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const request: LoginRequest = { username: username.trim(), password, type: mode === 'sms' ? 'sms' : 'username', entry: 'member' };
    if (mode === 'sms') request.countryDialingCode = dialingCode;
    if (needsCaptcha) Object.assign(request, { captcha: captcha.trim(), captchaKey });
    setBusy(true);
    try {
      const value = await login(request);
      if (mode === 'password') rememberUsername(isRemembered ? request.username : null);
      completeLogin(value);
    } catch (error) {
      const challenge = secondFactorOf(error);
      if (challenge) {
        setSecondFactor(challenge);
        return;
      }
      setErrors({ form: errorText(error) });
      if (asksForCaptcha(error)) {
        setNeedsCaptcha(true);
        setCaptcha('');
        setCaptchaRound((round) => round + 1);
      }
    } finally {
      setBusy(false);
    }
  }

  async function playForFree(): Promise<void> {
    setBusy(true);
    try {
      completeLogin(await freePlayLogin());
    } catch (error) {
      setErrors({ form: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog title={t('auth.loginTitle')} onClose={close} size="small">
      {secondFactor && <SecondFactorStep challenge={secondFactor} onCancel={() => setSecondFactor(null)} />}
      {!secondFactor && isSmsOffered && (
        <fieldset className="tabs">
          <legend className="visually-hidden">{t('auth.loginMethod')}</legend>
          {(['password', 'sms'] as const).map((item) => (
            <button
              key={item}
              type="button"
              className="tabs__tab"
              aria-pressed={mode === item}
              onClick={() => {
                setMode(item);
                setErrors({});
                setPassword('');
              }}
            >
              {t(item === 'password' ? 'auth.byPassword' : 'auth.bySms')}
            </button>
          ))}
        </fieldset>
      )}
      {!secondFactor && (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <FormField
            label={mode === 'sms' ? t('fields.mobileNum') : t('fields.username')}
            value={username}
            onValueChange={setUsername}
            isRequired
            autoComplete={mode === 'sms' ? 'tel' : 'username'}
            inputMode={mode === 'sms' ? 'numeric' : undefined}
            error={errors.username}
            data-autofocus
          />
          <FormField
            label={mode === 'sms' ? t('fields.verificationCode') : t('fields.password')}
            type={mode === 'sms' ? 'text' : 'password'}
            value={password}
            onValueChange={setPassword}
            isRequired
            autoComplete={mode === 'sms' ? 'one-time-code' : 'current-password'}
            error={errors.password}
            addon={
              mode === 'sms' && (
                <SmsSendButton
                  send={() => {
                    if (!username.trim()) {
                      setErrors({ username: t('validation.mobileRequired') });
                      return null;
                    }
                    return sendLoginSms(username.trim(), dialingCode);
                  }}
                  onError={(message) => setErrors({ form: message })}
                />
              )
            }
          />
          {needsCaptcha && (
            <FormField
              label={t('fields.captcha')}
              value={captcha}
              onValueChange={setCaptcha}
              isRequired
              autoComplete="off"
              inputMode="numeric"
              error={errors.captcha}
              addon={<CaptchaImage key={captchaRound} onKey={setCaptchaKey} />}
            />
          )}
          {mode === 'password' && (
            <label className="checkbox">
              <input type="checkbox" checked={isRemembered} onChange={(event) => setRemembered(event.target.checked)} />
              <span>{t('auth.rememberMe')}</span>
            </label>
          )}
          {errors.form && (
            <p className="form__error" role="alert">
              {errors.form}
            </p>
          )}
          <button type="submit" className="button button--primary button--block" disabled={isBusy}>
            {isBusy ? t('app.loading') : t('auth.login')}
          </button>
          <div className="form__links">
            <button type="button" className="link-button" onClick={() => open('forgotPassword')}>
              {t('auth.forgotPassword')}
            </button>
            <button type="button" className="link-button" onClick={() => open('register')}>
              {t('auth.noAccount')}
            </button>
          </div>
          {whitelabel.data?.FREEPLAY3 && (
            <button type="button" className="button button--ghost button--block" disabled={isBusy} onClick={() => void playForFree()}>
              {t('auth.freePlay')}
            </button>
          )}
        </form>
      )}
    </ModalDialog>
  );
}
