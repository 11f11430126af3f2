import {
  AGENT_CONTACT_MAX,
  AGENT_EMAIL_MAX,
  AGENT_EMAIL_PATTERN,
  AGENT_EXPERIENCE_LEVELS,
  AGENT_MESSAGE_MAX,
  AGENT_MOBILE_PATTERN,
  AGENT_NAME_MAX,
  AGENT_NAME_MIN,
  type AgentApplicationStatusValue,
  type AgentExperience,
  normaliseMobile,
} from '@platform/contracts/agent-applications';
import { useId } from 'react';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { useApplyAsAgent } from '../api/join-api.ts';
import { useJoinTranslation } from '../i18n/register-translations.ts';

function isExperience(value: string): value is AgentExperience {
  return (AGENT_EXPERIENCE_LEVELS as readonly string[]).includes(value);
}

export type SentApplication = { application: AgentApplicationStatusValue; mobileNum: string };

/**
 * The agent application (POST /wps/agent/applications): name, mobile number, optional e-mail and
 * messenger, experience and a message. Each application carries one request id, kept while it is
 * retried (a double tap or a lost answer gives the same application) and renewed after it is sent.
 */
export function AgentApplicationForm({ onSent }: { onSent: (sent: SentApplication) => void }) {
  const { t } = useJoinTranslation();
  const isLogin = useSessionStore((s) => s.isLogin);
  const apply = useApplyAsAgent();
  const { requestId, settle } = useRequestId();
  const id = useId();
  const schema = z.object({
    realName: z
      .string()
      .trim()
      .min(1, t('form.errors.realNameRequired'))
      .min(AGENT_NAME_MIN, t('form.errors.realNameShort', { min: AGENT_NAME_MIN }))
      .max(AGENT_NAME_MAX, t('form.errors.realNameLong', { max: AGENT_NAME_MAX })),
    mobileNum: z
      .string()
      .transform(normaliseMobile)
      .pipe(z.string().min(1, t('form.errors.mobileRequired')).regex(AGENT_MOBILE_PATTERN, t('form.errors.mobileInvalid'))),
    email: z
      .string()
      .trim()
      .max(AGENT_EMAIL_MAX, t('form.errors.emailInvalid'))
      .refine((value) => value === '' || AGENT_EMAIL_PATTERN.test(value), t('form.errors.emailInvalid')),
    contact: z
      .string()
      .trim()
      .max(AGENT_CONTACT_MAX, t('form.errors.contactLong', { max: AGENT_CONTACT_MAX })),
    experience: z.string().refine(isExperience, t('form.errors.experienceRequired')),
    message: z
      .string()
      .trim()
      .max(AGENT_MESSAGE_MAX, t('form.errors.messageLong', { max: AGENT_MESSAGE_MAX })),
  });
  const form = useZodForm(schema, {
    defaultValues: { realName: '', mobileNum: '', email: '', contact: '', experience: '', message: '' },
  });
  const errors = form.formState.errors;
  const messageLength = form.watch('message').trim().length;
  const isOver = messageLength > AGENT_MESSAGE_MAX;

  const submit = form.handleSubmit((values) => {
    if (!isExperience(values.experience)) return;
    apply.mutate(
      {
        requestId,
        realName: values.realName,
        mobileNum: values.mobileNum,
        experience: values.experience,
        ...(values.email ? { email: values.email } : {}),
        ...(values.contact ? { contact: values.contact } : {}),
        ...(values.message ? { message: values.message } : {}),
      },
      {
        onSuccess: (application) => {
          settle();
          form.reset();
          onSent({ application, mobileNum: values.mobileNum });
        },
        onError: settle,
      },
    );
  });

  return (
    <form className="form join-form" noValidate aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
      <h2 id={`${id}-title`} className="join-section__title">
        {t('form.title')}
      </h2>
      <p className="join-form__intro">{t('form.intro')}</p>
      {isLogin && <p className="join-form__note">{t('form.memberNote')}</p>}
      <div className="join-form__grid">
        <FormFieldControl
          control={form.control}
          name="realName"
          label={t('form.realName')}
          placeholder={t('form.realNamePlaceholder')}
          autoComplete="name"
          maxLength={AGENT_NAME_MAX}
          isRequired
        />
        <FormFieldControl
          control={form.control}
          name="mobileNum"
          label={t('form.mobileNum')}
          placeholder={t('form.mobileNumPlaceholder')}
          autoComplete="tel"
          inputMode="tel"
          type="tel"
          isRequired
        />
        <FormFieldControl
          control={form.control}
          name="email"
          label={t('form.email')}
          placeholder={t('form.emailPlaceholder')}
          autoComplete="email"
          inputMode="email"
          type="email"
        />
        <FormFieldControl
          control={form.control}
          name="contact"
          label={t('form.contact')}
          placeholder={t('form.contactPlaceholder')}
          maxLength={AGENT_CONTACT_MAX}
        />
      </div>
      <fieldset
        className={`join-form__choices${errors.experience ? ' form-field--invalid' : ''}`}
        aria-describedby={errors.experience ? `${id}-experience-error` : undefined}
      >
        <legend className="form-field__label">
          {t('form.experience')}{' '}
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        </legend>
        {AGENT_EXPERIENCE_LEVELS.map((level) => (
          <label key={level} className="join-form__choice">
            <input type="radio" value={level} {...form.register('experience')} />
            <span>{t(`form.experiences.${level}`)}</span>
          </label>
        ))}
        {errors.experience && (
          <p id={`${id}-experience-error`} className="form-field__error" role="alert">
            {errors.experience.message}
          </p>
        )}
      </fieldset>
      <div className={`form-field${errors.message || isOver ? ' form-field--invalid' : ''}`}>
        <label className="form-field__label" htmlFor={`${id}-message`}>
          {t('form.message')}
        </label>
        <textarea
          id={`${id}-message`}
          className="form-field__input join-form__message"
          rows={4}
          placeholder={t('form.messagePlaceholder')}
          aria-invalid={errors.message || isOver ? true : undefined}
          aria-describedby={`${id}-counter${errors.message ? ` ${id}-message-error` : ''}`}
          {...form.register('message')}
        />
        <p id={`${id}-counter`} className={`join-form__counter${isOver ? ' join-form__counter--over' : ''}`}>
          {t('form.counter', { count: messageLength, max: AGENT_MESSAGE_MAX })}
        </p>
        {errors.message && (
          <p id={`${id}-message-error`} className="form-field__error" role="alert">
            {errors.message.message}
          </p>
        )}
      </div>
      {apply.isError && (
        <p className="form__error" role="alert">
          {errorText(apply.error)}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={apply.isPending}>
          {apply.isPending ? t('form.sending') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}
