import { useState } from 'react';
import { useJoinTranslation } from '../i18n/register-translations.ts';
import { AgentApplicationForm, type SentApplication } from './agent-application-form.tsx';
import { ApplicationStatusCard, ApplicationStatusForm } from './application-status-form.tsx';
import '../join.css';

const BENEFITS = ['commission', 'centre', 'tools', 'support'] as const;

/**
 * The agent programme (/join): what an agent gets, how joining goes, the application form, and the
 * look-up of an application's answer by its reference (docs/agent-applications.md).
 */
export function JoinProgramme() {
  const { t } = useJoinTranslation();
  const [sent, setSent] = useState<SentApplication | null>(null);
  const steps = t('steps.items', { returnObjects: true }) as string[];
  return (
    <div className="join">
      <section className="join-hero">
        <h2 className="join-hero__title">{t('hero.title')}</h2>
        <p className="join-hero__text">{t('hero.text')}</p>
        <div className="join-hero__actions">
          <a className="button join-hero__apply" href="#join-apply">
            {t('hero.apply')}
          </a>
          <a className="button join-hero__check" href="#join-lookup">
            {t('hero.check')}
          </a>
        </div>
      </section>

      <section className="join-section" aria-labelledby="join-benefits">
        <h2 id="join-benefits" className="join-section__title">
          {t('benefits.title')}
        </h2>
        <ul className="join-benefits">
          {BENEFITS.map((key) => (
            <li key={key} className="join-benefit">
              <h3 className="join-benefit__title">{t(`benefits.items.${key}.title`)}</h3>
              <p>{t(`benefits.items.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="join-section" aria-labelledby="join-steps">
        <h2 id="join-steps" className="join-section__title">
          {t('steps.title')}
        </h2>
        <ol className="join-steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <div className="join-columns">
        <div className="join-panel" id="join-apply">
          {sent ? (
            <section className="join-sent" aria-labelledby="join-sent-title">
              <h2 id="join-sent-title" className="join-section__title">
                {t('sent.title')}
              </h2>
              <p>{t('sent.text')}</p>
              <p className="join-sent__label">{t('sent.reference')}</p>
              <p className="join-sent__reference" data-testid="application-reference">
                {sent.application.reference}
              </p>
              <p>{t('sent.keep')}</p>
              <ApplicationStatusCard application={sent.application} />
              <button type="button" className="button button--ghost" onClick={() => setSent(null)}>
                {t('sent.another')}
              </button>
            </section>
          ) : (
            <AgentApplicationForm onSent={setSent} />
          )}
        </div>
        <div className="join-panel">
          <ApplicationStatusForm
            key={sent?.application.reference ?? 'empty'}
            defaults={sent ? { reference: sent.application.reference, mobileNum: sent.mobileNum } : undefined}
          />
        </div>
      </div>
    </div>
  );
}
