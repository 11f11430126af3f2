import {
  AGENT_NOTICE_AUDIENCES,
  AGENT_NOTICE_BODY_MAX,
  AGENT_NOTICE_TITLE_MAX,
  AGENT_NOTICES_PER_HOUR_MAX,
} from '@platform/contracts/agents/agent-team';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useSendNotice } from '../api/agent-team-api.ts';
import { AGENT_TEAM_NS } from '../i18n/register-translations.ts';

/** A plain-text notice to the agent's whole team or its direct downline; members read it in their inbox. */
export function NoticeForm({ remaining }: { remaining: number }) {
  const { t } = useTranslation(AGENT_TEAM_NS);
  const send = useSendNotice();
  const id = useId();
  const [done, setDone] = useState<string | null>(null);
  const schema = z.object({
    audience: z.enum(AGENT_NOTICE_AUDIENCES),
    title: z
      .string()
      .trim()
      .min(1, t('announcement.titleRequired'))
      .max(AGENT_NOTICE_TITLE_MAX, t('announcement.titleTooLong', { max: AGENT_NOTICE_TITLE_MAX })),
    body: z
      .string()
      .trim()
      .min(1, t('announcement.bodyRequired'))
      .max(AGENT_NOTICE_BODY_MAX, t('announcement.bodyTooLong', { max: AGENT_NOTICE_BODY_MAX })),
  });
  const form = useZodForm(schema, { defaultValues: { audience: 'team', title: '', body: '' } });
  const bodyError = form.formState.errors.body?.message;

  const submit = form.handleSubmit((values) => {
    send.mutate(values, {
      onSuccess: (notice) => {
        setDone(t('announcement.sent', { title: notice.title }));
        form.reset({ audience: values.audience, title: '', body: '' });
      },
    });
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
      <p className="mc-note">{t('announcement.sendHint', { max: AGENT_NOTICES_PER_HOUR_MAX, left: remaining })}</p>
      <fieldset className="at-fieldset at-audience">
        <legend className="form-field__label">{t('announcement.audience')}</legend>
        {AGENT_NOTICE_AUDIENCES.map((audience) => (
          <label key={audience} className="at-radio">
            <input type="radio" value={audience} {...form.register('audience')} />
            <span>{t(audience === 'team' ? 'announcement.audienceTeam' : 'announcement.audienceDirect')}</span>
          </label>
        ))}
      </fieldset>
      <FormFieldControl
        control={form.control}
        name="title"
        label={t('announcement.noticeTitle')}
        maxLength={AGENT_NOTICE_TITLE_MAX}
        isRequired
      />
      <div className={`form-field${bodyError ? ' form-field--invalid' : ''}`}>
        <div className="form-field__label-row">
          <label className="form-field__label" htmlFor={`${id}-body`}>
            {t('announcement.noticeBody')}
          </label>
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        </div>
        <textarea
          id={`${id}-body`}
          className="form-field__input at-textarea"
          rows={5}
          aria-required="true"
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={`${id}-body-note`}
          {...form.register('body')}
        />
        {bodyError ? (
          <p id={`${id}-body-note`} className="form-field__error" role="alert">
            {bodyError}
          </p>
        ) : (
          <p id={`${id}-body-note`} className="form-field__hint">
            {t('announcement.bodyHint')}
          </p>
        )}
      </div>
      {send.error && (
        <p className="form__error" role="alert">
          {errorText(send.error)}
        </p>
      )}
      {done && (
        <p className="mc-success" role="status">
          {done}
        </p>
      )}
      <div className="mc-actions">
        <button type="submit" className="button button--primary" disabled={send.isPending}>
          {send.isPending ? t('working') : t('announcement.submit')}
        </button>
      </div>
    </form>
  );
}
