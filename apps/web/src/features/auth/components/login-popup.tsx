import type { LoginRequest } from '@platform/contracts/accounts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useWhitelabel } from '../../../api/get-whitelabel.ts';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { readRememberedUsername, rememberUsername } from '../../../lib/remembered-username.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { freePlayLogin } from '../api/free-play-login.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { login } from '../api/login.ts';
import { sendLoginSms } from '../api/send-login-sms.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { CaptchaImage } from './captcha-image.tsx';
import { type SecondFactorChallenge, SecondFactorStep } from './second-factor-step.tsx';
import { SmsSendButton } from './sms-send-button.tsx';
import { SocialSignInButtons } from './social-sign-in-buttons.tsx';

type Mode = 'password' | 'sms';
/** The spec's two login entries: members, and agents (refused with not_agent for anyone else). */
type Entry = LoginRequest['entry'];

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

/** `banner`: the operator's w_login banner, placed by the shell (the content feature draws it). */
export function LoginPopup({ banner }: { banner?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { open, close } = usePopupStore();
  const settings = useRegisterSettings();
  const whitelabel = useWhitelabel();
  const completeLogin = useCompleteLogin();
  const [mode, setMode] = useState<Mode>('password');
  const [entry, setEntry] = useState<Entry>('member');
  const isAgentEntry = entry === 'agent';
  const [captchaKey, setCaptchaKey] = useState('');
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  // Each failure that asks for a captcha shows a fresh one (a captcha is single use).
  const [captchaRound, setCaptchaRound] = useState(0);
  const [isFreePlayBusy, setFreePlayBusy] = useState(false);
  const [secondFactor, setSecondFactor] = useState<SecondFactorChallenge | null>(null);
  const dialingCode = settings.data?.countryDialingCodes[0] ?? '+84';
  const isSmsOffered = Boolean(settings.data?.showPhoneLogin || settings.data?.showVerCodeLogin);
  const isSms = mode === 'sms';
  const schema = z.object({
    username: z.string().check(z.trim(), z.minLength(1, isSms ? t('validation.mobileRequired') : t('validation.required'))),
    password: z.string().check(z.minLength(1, isSms ? t('validation.codeRequired') : t('validation.required'))),
    captcha: needsCaptcha ? z.string().check(z.trim(), z.minLength(1, t('validation.captchaRequired'))) : z.string(),
    isRemembered: z.boolean(),
  });
  const form = useZodForm(schema, {
    defaultValues: { username: readRememberedUsername(), password: '', captcha: '', isRemembered: readRememberedUsername() !== '' },
  });
  const isBusy = form.formState.isSubmitting || isFreePlayBusy;
  const problem = form.formState.errors.root?.message;

  const submit = form.handleSubmit(async (values) => {
    const request: LoginRequest = {
      username: values.username,
      password: values.password,
      type: isSms ? 'sms' : 'username',
      entry,
    };
    if (isSms) request.countryDialingCode = dialingCode;
    if (needsCaptcha) Object.assign(request, { captcha: values.captcha, captchaKey });
    try {
      const value = await login(request);
      if (mode === 'password') rememberUsername(values.isRemembered ? request.username : null);
      // An agent who logged in at the agent entry lands in the agent centre.
      completeLogin(value, isAgentEntry ? 'agentCentre' : undefined);
    } catch (error) {
      const challenge = secondFactorOf(error);
      if (challenge) {
        setSecondFactor(challenge);
        return;
      }
      form.setError('root', { message: errorText(error) });
      if (asksForCaptcha(error)) {
        setNeedsCaptcha(true);
        form.setValue('captcha', '');
        setCaptchaRound((round) => round + 1);
      }
    }
  });

  /** A message from outside the submit (the SMS button): it replaces what the form showed. */
  function showOnly(field: 'username' | 'root', message: string): void {
    form.clearErrors();
    form.setError(field, { message });
  }

  async function playForFree(): Promise<void> {
    setFreePlayBusy(true);
    try {
      completeLogin(await freePlayLogin());
    } catch (error) {
      showOnly('root', errorText(error));
    } finally {
      setFreePlayBusy(false);
    }
  }

  return (
    <ModalDialog
      title={isAgentEntry ? `${t('auth.loginTitle')} · ${t('account.agentCenter')}` : t('auth.loginTitle')}
      onClose={close}
      size="small"
    >
      {banner}
      {secondFactor && (
        <SecondFactorStep challenge={secondFactor} onCancel={() => setSecondFactor(null)} next={isAgentEntry ? 'agentCentre' : undefined} />
      )}
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
                form.clearErrors();
                form.setValue('password', '');
              }}
            >
              {t(item === 'password' ? 'auth.byPassword' : 'auth.bySms')}
            </button>
          ))}
        </fieldset>
      )}
      {!secondFactor && (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          <FormFieldControl
            control={form.control}
            name="username"
            label={isSms ? t('fields.mobileNum') : t('fields.username')}
            isRequired
            autoComplete={isSms ? 'tel' : 'username'}
            inputMode={isSms ? 'numeric' : undefined}
            data-autofocus
          />
          <FormFieldControl
            control={form.control}
            name="password"
            label={isSms ? t('fields.verificationCode') : t('fields.password')}
            type={isSms ? 'text' : 'password'}
            isRequired
            autoComplete={isSms ? 'one-time-code' : 'current-password'}
            addon={
              isSms && (
                <SmsSendButton
                  send={() => {
                    const username = form.getValues('username').trim();
                    if (!username) {
                      showOnly('username', t('validation.mobileRequired'));
                      return null;
                    }
                    return sendLoginSms(username, dialingCode);
                  }}
                  onError={(message) => showOnly('root', message)}
                  onSent={() => {
                    form.clearErrors('root');
                    form.clearErrors('username');
                  }}
                />
              )
            }
          />
          {needsCaptcha && (
            <FormFieldControl
              control={form.control}
              name="captcha"
              label={t('fields.captcha')}
              isRequired
              autoComplete="off"
              inputMode="numeric"
              addon={<CaptchaImage key={captchaRound} onKey={setCaptchaKey} />}
            />
          )}
          {mode === 'password' && (
            <label className="checkbox">
              <input type="checkbox" {...form.register('isRemembered')} />
              <span>{t('auth.rememberMe')}</span>
            </label>
          )}
          {problem && (
            <p className="form__error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button button--primary button--block" disabled={isBusy}>
            {isBusy ? t('app.loading') : t('auth.login')}
          </button>
          <div className="form__links">
            <button type="button" className="link-button" onClick={() => open('forgotPassword')}>
              {t('auth.forgotPassword')}
            </button>
            {!isAgentEntry && (
              <button type="button" className="link-button" onClick={() => open('register')}>
                {t('auth.noAccount')}
              </button>
            )}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setEntry(isAgentEntry ? 'member' : 'agent');
                form.clearErrors();
              }}
            >
              {t(isAgentEntry ? 'account.memberCenter' : 'account.agentCenter')}
            </button>
          </div>
          {whitelabel.data?.FREEPLAY3 && !isAgentEntry && (
            <button type="button" className="button button--ghost button--block" disabled={isBusy} onClick={() => void playForFree()}>
              {t('auth.freePlay')}
            </button>
          )}
          {!isAgentEntry && <SocialSignInButtons />}
        </form>
      )}
    </ModalDialog>
  );
}
