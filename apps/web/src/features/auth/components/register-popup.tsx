import type { RegisterRequest } from '@platform/contracts/accounts';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form-field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
import { useAffiliateCheck } from '../api/check-affiliate.ts';
import { useRegisterSettings } from '../api/get-register-settings.ts';
import { useRegisterValidation } from '../api/get-register-validation.ts';
import { type RegisterMode, register } from '../api/register.ts';
import { sendRegisterSms } from '../api/send-register-sms.ts';
import {
  EMPTY_REGISTER_VALUES,
  type RegisterErrors,
  type RegisterField,
  type RegisterValues,
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

export function RegisterPopup() {
  const { t } = useTranslation();
  const { open, close } = usePopupStore();
  const settings = useRegisterSettings();
  const validation = useRegisterValidation();
  const completeLogin = useCompleteLogin();
  const [urlAffiliate] = useState(affiliateCodeFromUrl);
  const affiliate = useAffiliateCheck(urlAffiliate);
  const isAffiliateHidden = affiliate.isSuccess;
  const usernameOffered = settings.data?.usernameEnabled !== false;
  const [mode, setMode] = useState<RegisterMode>('register');
  const activeMode: RegisterMode = !usernameOffered && settings.data?.mobileReg ? 'registerMobile' : mode;
  const [values, setValues] = useState<RegisterValues>(() => ({ ...EMPTY_REGISTER_VALUES, affiliateCode: urlAffiliate ?? '' }));
  const [hasAgreed, setAgreed] = useState(true);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [captchaKey, setCaptchaKey] = useState('');
  const [captchaRound, setCaptchaRound] = useState(0);
  const [isBusy, setBusy] = useState(false);

  const fields = useMemo(() => {
    if (!settings.data || !validation.data) return [];
    return visibleFields(rulesForMode(validation.data, settings.data, activeMode), settings.data, activeMode, isAffiliateHidden);
  }, [settings.data, validation.data, activeMode, isAffiliateHidden]);
  const dialingCode = settings.data?.countryDialingCodes[0] ?? '+84';

  const setValue = (field: RegisterField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function reset(): void {
    setValues({ ...EMPTY_REGISTER_VALUES, affiliateCode: urlAffiliate ?? '' });
    setErrors({});
    setAgreed(true);
  }

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (!settings.data) return;
    const found = validateRegister(fields, values, settings.data, hasAgreed);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request: RegisterRequest = {
      registerMethod: window.matchMedia('(max-width: 767px)').matches ? 'H5' : 'WEB',
      agreement: hasAgreed,
      login: true,
    };
    for (const { field } of fields) {
      const value = values[field].trim();
      if (value) Object.assign(request, { [field]: field.toLowerCase().includes('password') ? values[field] : value });
    }
    if (isAffiliateHidden && urlAffiliate) request.affiliateCode = urlAffiliate;
    if (fields.some((f) => f.field === 'captcha')) request.captchaKey = captchaKey;
    if (activeMode === 'registerMobile') request.countryDialingCode = dialingCode;
    request.domain = window.location.hostname;
    request.registerUrl = window.location.href;
    setBusy(true);
    try {
      const answer = await register(activeMode, request);
      if ('token' in answer) completeLogin(answer, 'registerSuccess');
      else open('registerSuccess');
    } catch (error) {
      setErrors({ form: errorText(error) });
      setValues((current) => ({ ...current, captcha: '' }));
      setCaptchaRound((round) => round + 1);
    } finally {
      setBusy(false);
    }
  }

  const isLoading = settings.isPending || validation.isPending;
  const loadError = settings.error ?? validation.error;
  const modes: RegisterMode[] = [
    ...(usernameOffered ? ['register' as const] : []),
    ...(settings.data?.mobileReg ? ['registerMobile' as const] : []),
  ];

  return (
    <ModalDialog title={t('auth.registerTitle')} onClose={close}>
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
                setErrors({});
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
            <FormField
              key={`${activeMode}-${field}`}
              label={t(`fields.${field}`)}
              type={INPUT_TYPES[field] ?? 'text'}
              value={values[field]}
              onValueChange={setValue(field)}
              isRequired={isRequired}
              hint={rule ? ruleHint(rule) : undefined}
              error={errors[field]}
              autoComplete={AUTOCOMPLETE[field]}
              maxLength={rule?.maxLength ?? 255}
              data-autofocus={index === 0 ? true : undefined}
              addon={
                field === 'captcha' ? (
                  <CaptchaImage key={captchaRound} onKey={setCaptchaKey} />
                ) : field === 'verificationCode' ? (
                  <SmsSendButton
                    send={() => {
                      if (!values.mobileNum.trim()) {
                        setErrors({ mobileNum: t('validation.mobileRequired') });
                        return null;
                      }
                      return sendRegisterSms(values.mobileNum.trim(), dialingCode);
                    }}
                    onError={(message) => setErrors({ form: message })}
                  />
                ) : undefined
              }
            />
          ))}
          <label className={`checkbox${errors.agreement ? ' checkbox--invalid' : ''}`}>
            <input type="checkbox" checked={hasAgreed} onChange={(event) => setAgreed(event.target.checked)} />
            <span>{t('auth.agreement')}</span>
          </label>
          {errors.agreement && (
            <p className="form-field__error" role="alert">
              {errors.agreement}
            </p>
          )}
          {errors.form && (
            <p className="form__error" role="alert">
              {errors.form}
            </p>
          )}
          <div className="form__actions">
            <button type="button" className="button button--ghost" onClick={reset}>
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
