import { CONTACT_LENGTH_MAX, NICKNAME_LENGTH_MAX, type RegisterCenterValue } from '@platform/contracts/agents/agent-team';
import { acceptedPatternOf, checkField, type FieldRule } from '@platform/contracts/field-rules';
import { checkPattern, patternHint } from '@platform/contracts/validation-patterns';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useOpenAccount } from '../api/agent-team-api.ts';
import { AGENT_TEAM_NS } from '../i18n/register-translations.ts';
import { useAccountTypeName } from './team-parts.tsx';

const EMAIL_PATTERN_ID = 4;

/**
 * registerCenter's form: a username and first password under the site's rules, an account type
 * this agent may open, optional contacts. The member must change the password at its first login.
 */
export function OpenAccountForm({ center }: { center: RegisterCenterValue }) {
  const { t, i18n } = useTranslation(AGENT_TEAM_NS);
  const typeName = useAccountTypeName();
  const open = useOpenAccount();
  const typeId = useId();
  const [done, setDone] = useState<string | null>(null);
  const language = i18n.language === 'en' ? 'en' : 'vi';
  const hint = (rule: FieldRule) => patternHint(rule.patternId, rule.minLength, rule.maxLength, language);
  const ruled = (rule: FieldRule, message: string) => z.string().refine((value) => checkField(rule, value) === null, message);
  const optional = (max: number) => z.string().trim().max(max, t('register.tooLong', { max }));
  const schema = z.object({
    username: ruled(center.usernameRule, t('register.usernameInvalid', { hint: hint(center.usernameRule) })),
    password: ruled(center.passwordRule, t('register.passwordInvalid', { hint: hint(center.passwordRule) })),
    accountType: z.string(),
    nickname: optional(NICKNAME_LENGTH_MAX),
    mobileNum: optional(32).refine((v) => v === '' || /^[0-9]{6,20}$/.test(v), t('register.mobileInvalid')),
    email: optional(255).refine(
      (v) => v === '' || checkPattern(acceptedPatternOf(EMAIL_PATTERN_ID), v, EMAIL_PATTERN_ID),
      t('register.emailInvalid'),
    ),
    zalo: optional(CONTACT_LENGTH_MAX),
    telegram: optional(CONTACT_LENGTH_MAX),
  });
  const firstType = String(center.accountTypes[center.accountTypes.length - 1] ?? 0);
  const empty = { username: '', password: '', accountType: firstType, nickname: '', mobileNum: '', email: '', zalo: '', telegram: '' };
  const form = useZodForm(schema, { defaultValues: empty });

  const submit = form.handleSubmit((values) => {
    const text = (value: string) => (value === '' ? undefined : value);
    open.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        accountType: Number(values.accountType),
        nickname: text(values.nickname),
        mobileNum: text(values.mobileNum),
        email: text(values.email),
        zalo: text(values.zalo),
        telegram: text(values.telegram),
      },
      {
        onSuccess: (opened) => {
          setDone(t('register.done', { username: opened.username, type: typeName(opened.accountType) }));
          form.reset(empty);
        },
      },
    );
  });

  return (
    <form
      className="form at-form"
      noValidate
      onSubmit={(event) => {
        setDone(null);
        void submit(event);
      }}
    >
      <p className="mc-note">{t('register.formHint')}</p>
      <FormFieldControl control={form.control} name="username" label={t('register.username')} autoComplete="off" isRequired />
      <FormFieldControl
        control={form.control}
        name="password"
        label={t('register.password')}
        hint={t('register.passwordHint')}
        autoComplete="new-password"
        isRequired
      />
      <div className="form-field">
        <div className="form-field__label-row">
          <label className="form-field__label" htmlFor={typeId}>
            {t('register.accountType')}
          </label>
        </div>
        <select id={typeId} className="form-field__input" defaultValue={firstType} {...form.register('accountType')}>
          {center.accountTypes.map((type) => (
            <option key={type} value={String(type)}>
              {typeName(type)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="at-fieldset">
        <legend className="form-field__label">{t('register.optional')}</legend>
        <FormFieldControl control={form.control} name="nickname" label={t('register.nickname')} maxLength={NICKNAME_LENGTH_MAX} />
        <FormFieldControl control={form.control} name="mobileNum" label={t('register.mobileNum')} inputMode="tel" />
        <FormFieldControl control={form.control} name="email" label={t('register.email')} type="email" />
        <FormFieldControl control={form.control} name="zalo" label={t('register.zalo')} maxLength={CONTACT_LENGTH_MAX} />
        <FormFieldControl control={form.control} name="telegram" label={t('register.telegram')} maxLength={CONTACT_LENGTH_MAX} />
      </fieldset>
      {open.error && (
        <p className="form__error" role="alert">
          {errorText(open.error)}
        </p>
      )}
      {done && (
        <p className="mc-success" role="status">
          {done}
        </p>
      )}
      <div className="mc-actions">
        <button type="submit" className="button button--primary" disabled={open.isPending}>
          {open.isPending ? t('working') : t('register.submit')}
        </button>
      </div>
    </form>
  );
}
