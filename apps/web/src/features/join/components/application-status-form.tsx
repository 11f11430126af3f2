import {
  AGENT_MOBILE_PATTERN,
  AGENT_REFERENCE_PATTERN,
  type AgentApplicationStatusValue,
  normaliseMobile,
} from '@platform/contracts/agent-applications';
import { useId } from 'react';
import { z } from 'zod';
import { FormFieldControl } from '../../../components/form-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/time-format.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useApplicationStatus } from '../api/join-api.ts';
import { useJoinTranslation } from '../i18n/register-translations.ts';

/** Where an application stands, and the operator's message once answered. */
export function ApplicationStatusCard({ application }: { application: AgentApplicationStatusValue }) {
  const { t } = useJoinTranslation();
  return (
    <div className={`join-status join-status--${application.status}`} role="status" data-testid="application-status">
      <p className="join-status__head">
        <code className="join-status__reference">{application.reference}</code>
        <span className="join-status__pill">{t(`lookup.status.${application.status}`)}</span>
      </p>
      <p className="join-status__time">{t('lookup.submittedAt', { time: formatDateTime(application.createdAt) })}</p>
      {application.status === 'pending' && <p>{t('lookup.pendingText')}</p>}
      {application.answer !== null && (
        <>
          <p className="join-status__time">{t('lookup.answeredAt', { time: formatDateTime(application.answeredAt) })}</p>
          <p className="join-status__answer-label">{t('lookup.answer')}</p>
          <blockquote className="join-status__answer">{application.answer}</blockquote>
        </>
      )}
    </div>
  );
}

/**
 * The status look-up (POST /wps/agent/applications/status): the reference the page showed and the
 * mobile number of the application. `defaults` fills it in after an application is sent.
 */
export function ApplicationStatusForm({ defaults }: { defaults?: { reference: string; mobileNum: string } | undefined }) {
  const { t } = useJoinTranslation();
  const lookup = useApplicationStatus();
  const id = useId();
  const schema = z.object({
    reference: z
      .string()
      .trim()
      .toUpperCase()
      .min(1, t('lookup.referenceRequired'))
      .regex(AGENT_REFERENCE_PATTERN, t('lookup.referenceInvalid')),
    mobileNum: z
      .string()
      .transform(normaliseMobile)
      .pipe(z.string().min(1, t('form.errors.mobileRequired')).regex(AGENT_MOBILE_PATTERN, t('form.errors.mobileInvalid'))),
  });
  const form = useZodForm(schema, { defaultValues: defaults ?? { reference: '', mobileNum: '' } });
  const submit = form.handleSubmit((values) => lookup.mutate(values));

  return (
    <section className="join-lookup" aria-labelledby={`${id}-title`} id="join-lookup">
      <h2 id={`${id}-title`} className="join-section__title">
        {t('lookup.title')}
      </h2>
      <p className="join-form__intro">{t('lookup.intro')}</p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="join-form__grid">
          <FormFieldControl
            control={form.control}
            name="reference"
            label={t('lookup.reference')}
            placeholder={t('lookup.referencePlaceholder')}
            autoCapitalize="characters"
            spellCheck={false}
            isRequired
          />
          <FormFieldControl
            control={form.control}
            name="mobileNum"
            label={t('lookup.mobileNum')}
            placeholder={t('form.mobileNumPlaceholder')}
            inputMode="tel"
            type="tel"
            isRequired
          />
        </div>
        {lookup.isError && (
          <p className="form__error" role="alert">
            {errorText(lookup.error)}
          </p>
        )}
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={lookup.isPending}>
            {lookup.isPending ? t('lookup.checking') : t('lookup.submit')}
          </button>
        </div>
      </form>
      {lookup.data && !lookup.isError && <ApplicationStatusCard application={lookup.data} />}
    </section>
  );
}
