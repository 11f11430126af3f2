import type { RegisterRequest } from '@platform/contracts/accounts';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { FormField, FormFieldControl } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { addFieldIssue, useZodForm } from '../../../lib/use-zod-form.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useAffiliateCheck } from '../api/check-affiliate.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { useRegisterValidation } from '../api/get-register-validation.ts';
import { type RegisterMode, register } from '../api/register.ts';
import { sendRegisterSms } from '../api/send-register-sms.ts';
import {
  EMPTY_REGISTER_VALUES,
  REGISTER_FIELD_ORDER,
  type RegisterField,
  ruleHint,
  rulesForMode,
  validateRegister,
  visibleFields,
} from '../hooks/register-form-rules.ts';
import { useCompleteLogin } from '../hooks/use-complete-login.ts';
import { CaptchaImage } from './captcha-image.tsx';
import { SmsSendButton } from './sms-send-button.tsx';

/** The invitation code a visitor arrived with (?affiliateCode=, ?code= or ?aff=). */
function affiliateCodeFromUrl(): string | null {
  const query = new URLSearchParams(window.location.search);
  return query.get('affiliateCode') || query.get('code') || query.get('aff') || null;
}

/** The referral (invite-friends) code a visitor arrived with: the spec's `?referralCode=` on the register route. */
function referralCodeFromUrl(): string | null {
  return new URLSearchParams(window.location.search).get('referralCode')?.trim() || null;
}

const INPUT_TYPES: Partial<Record<RegisterField, string>> = {
  password: 'password',
  confirmPassword: 'password',
  paymentPassword: 'password',
  email: 'email',
  mobileNum: 'tel',
};

const AUTOCOMPLETE: Partial<Record<RegisterField, string>> = {
  username: 'username',
  password: 'new-password',
  confirmPassword: 'new-password',
  email: 'email',
  mobileNum: 'tel',
  payeeName: 'name',
  verificationCode: 'one-time-code',
  captcha: 'off',
};

/** `banner`: the operator's w_register banner, placed by the shell (the content feature draws it). */
export function RegisterPopup({ banner }: { banner?: ReactNode } = {}) {
  const { t } = useTranslation();
  const { open, close } = usePopupStore();
  const settings = useRegisterSettings();
  const validation = useRegisterValidation();
  const completeLogin = useCompleteLogin();
  const [urlAffiliate] = useState(affiliateCodeFromUrl);
  const [urlReferral] = useState(referralCodeFromUrl);
  // A friend's referral code: filled in from the link (`?referralCode=`), or typed; optional.
  const [referralCode, setReferralCode] = useState(urlReferral ?? '');
  const affiliate = useAffiliateCheck(urlAffiliate);
  const isAffiliateHidden = affiliate.isSuccess;
  const usernameOffered = settings.data?.usernameEnabled !== false;
  const [mode, setMode] = useState<RegisterMode>('register');
  const activeMode: RegisterMode = !usernameOffered && settings.data?.mobileReg ? 'registerMobile' : mode;
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);

  const fields = useMemo(() => {
    if (!settings.data || !validation.data) return [];
    return visibleFields(rulesForMode(validation.data, settings.data, activeMode), settings.data, activeMode, isAffiliateHidden);
  }, [settings.data, validation.data, activeMode, isAffiliateHidden]);
  const dialingCode = settings.data?.countryDialingCodes[0] ?? '+84';

  // Every field of the catalogue is a text; the operator's rules (the same checks the server runs) decide which are shown and how each is checked.
  const schema = z
    .object({
      ...(Object.fromEntries(REGISTER_FIELD_ORDER.map((field) => [field, z.string()])) as Record<
        RegisterField,
        ReturnType<typeof z.string>
      >),
      agreement: z.boolean(),
    })
    .check(
      z.superRefine((values, ctx) => {
        if (!settings.data) return;
        for (const [field, message] of Object.entries(validateRegister(fields, values, settings.data, values.agreement))) {
          addFieldIssue(ctx, field, message);
        }
      }),
    );
  const emptyValues = () => ({ ...EMPTY_REGISTER_VALUES, affiliateCode: urlAffiliate ?? '', agreement: true });
  const form = useZodForm(schema, { defaultValues: emptyValues() });
  const isBusy = form.formState.isSubmitting;
  const { errors } = form.formState;

  /** A message from outside the submit (the SMS button): it replaces what the form showed. */
  function showOnly(field: 'mobileNum' | 'root', message: string): void {
    form.clearErrors();
    form.setError(field, { message });
  }

  const submit = form.handleSubmit(async (values) => {
    if (!settings.data) return;
    const request: RegisterRequest = {
      registerMethod: window.matchMedia('(max-width: 767px)').matches ? 'H5' : 'WEB',
      agreement: values.agreement,
      login: true,
    };
    for (const { field } of fields) {
      const value = values[field].trim();
      if (value) Object.assign(request, { [field]: field.toLowerCase().includes('password') ? values[field] : value });
    }
    if (isAffiliateHidden && urlAffiliate) request.affiliateCode = urlAffiliate;
    if (referralCode.trim()) request.referralCode = referralCode.trim();
    if (fields.some((f) => f.field === 'captcha')) request.captchaKey = captchaKey;
    if (activeMode === 'registerMobile') request.countryDialingCode = dialingCode;
    request.domain = window.location.hostname;
    request.registerUrl = window.location.href;
    try {
      const answer = await register(activeMode, request);
      if ('token' in answer) completeLogin(answer, 'registerSuccess');
      else open('registerSuccess');
    } catch (error) {
      form.setError('root', { message: errorText(error) });
      form.setValue('captcha', '');
      setCaptchaRound((round) => round + 1);
    }
  });

  const isLoading = settings.isPending || validation.isPending;
  const loadError = settings.error ?? validation.error;
  const modes: RegisterMode[] = [
    ...(usernameOffered ? ['register' as const] : []),
    ...(settings.data?.mobileReg ? ['registerMobile' as const] : []),
  ];

  return (
    <ModalDialog title={t('auth.registerTitle')} onClose={close}>
      {banner}
      {isLoading && <p role="status">{t('app.loading')}</p>}
      {loadError && (
        <p className="form__error" role="alert">
          {errorText(loadError)}
        </p>
      )}
      {modes.length > 1 && (
        <fieldset className="tabs">
          <legend className="visually-hidden">{t('auth.registerMethod')}</legend>
          {modes.map((item) => (
            <button
              key={item}
              type="button"
              className="tabs__tab"
              aria-pressed={activeMode === item}
              onClick={() => {
                setMode(item);
                form.clearErrors();
              }}
            >
              {t(item === 'register' ? 'auth.byUsername' : 'auth.byMobile')}
            </button>
          ))}
        </fieldset>
      )}
      {settings.data && validation.data && (
        <form className="form" noValidate onSubmit={(event) => void submit(event)}>
          {fields.map(({ field, isRequired, rule }, index) => (
            <FormFieldControl
              key={`${activeMode}-${field}`}
              control={form.control}
              name={field}
              label={t(`fields.${field}`)}
              type={INPUT_TYPES[field] ?? 'text'}
              isRequired={isRequired}
              hint={rule ? ruleHint(rule) : undefined}
              autoComplete={AUTOCOMPLETE[field]}
              maxLength={rule?.maxLength ?? 255}
              data-autofocus={index === 0 ? true : undefined}
              addon={
                field === 'captcha' ? (
                  <CaptchaImage key={captchaRound} onKey={setCaptchaKey} />
                ) : field === 'verificationCode' ? (
                  <SmsSendButton
                    send={() => {
                      const mobileNum = form.getValues('mobileNum').trim();
                      if (!mobileNum) {
                        showOnly('mobileNum', t('validation.mobileRequired'));
                        return null;
                      }
                      return sendRegisterSms(mobileNum, dialingCode);
                    }}
                    onError={(message) => showOnly('root', message)}
                    onSent={() => {
                      form.clearErrors('root');
                      form.clearErrors('mobileNum');
                    }}
                  />
                ) : undefined
              }
            />
          ))}
          <FormField
            label={t('auth.referralCode')}
            value={referralCode}
            onValueChange={setReferralCode}
            hint={t('auth.referralCodeHint')}
            autoComplete="off"
            maxLength={64}
            data-testid="register-referral-code"
          />
          <label className={`checkbox${errors.agreement ? ' checkbox--invalid' : ''}`}>
            <input type="checkbox" {...form.register('agreement')} />
            <span>{t('auth.agreement')}</span>
          </label>
          {errors.agreement && (
            <p className="form-field__error" role="alert">
              {errors.agreement.message}
            </p>
          )}
          {errors.root && (
            <p className="form__error" role="alert">
              {errors.root.message}
            </p>
          )}
          <div className="form__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                form.reset(emptyValues());
                setReferralCode(urlReferral ?? '');
              }}
            >
              {t('auth.reset')}
            </button>
            <button type="submit" className="button button--primary" disabled={isBusy}>
              {isBusy ? t('app.loading') : t('auth.register')}
            </button>
          </div>
          <div className="form__links">
            <button type="button" className="link-button" onClick={() => open('login')}>
              {t('auth.haveAccount')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
