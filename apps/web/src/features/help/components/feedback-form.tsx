import { FEEDBACK_MAX_CHARS, FEEDBACK_QUESTION_TYPES, type FeedbackQuestionType } from '@platform/contracts/help';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorText } from '../../../lib/api-client.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { useSendFeedback } from '../api/help-api.ts';
import { feedbackChars } from '../help-search.ts';
import { useHelpTranslation } from '../i18n/register-translations.ts';

function isQuestionType(value: string): value is FeedbackQuestionType {
  return (FEEDBACK_QUESTION_TYPES as readonly string[]).includes(value);
}

/**
 * The feedback form (PUT /wps/feedback): a question type and up to 140 characters. A visitor is
 * asked to log in: by the login popup inside the site, by a link to /login on the bare page.
 */
export function FeedbackForm({ isBare }: { isBare: boolean }) {
  const { t } = useHelpTranslation();
  const isLogin = useSessionStore((s) => s.isLogin);
  const openPopup = usePopupStore((s) => s.open);
  const send = useSendFeedback();
  const schema = z.object({
    questionType: z.string().refine(isQuestionType, t('feedback.typeRequired')),
    content: z
      .string()
      .refine((text) => feedbackChars(text) > 0, t('feedback.contentRequired'))
      .refine((text) => feedbackChars(text) <= FEEDBACK_MAX_CHARS, t('feedback.contentTooLong', { max: FEEDBACK_MAX_CHARS })),
  });
  const form = useZodForm(schema, { defaultValues: { questionType: '', content: '' } });
  const errors = form.formState.errors;
  const [isSent, setSent] = useState(false);
  const id = useId();
  const chars = feedbackChars(form.watch('content'));
  const isOver = chars > FEEDBACK_MAX_CHARS;

  const submit = form.handleSubmit(({ questionType, content }) => {
    if (!isQuestionType(questionType)) return;
    send.mutate(
      { questionType, content },
      {
        onSuccess: () => {
          setSent(true);
          form.reset();
        },
      },
    );
  });

  return (
    <section className="help-feedback" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="help-feedback__title">
        {t('feedback.title')}
      </h2>
      <p className="help-feedback__intro">{t('feedback.intro')}</p>
      {!isLogin ? (
        <p className="help-feedback__login">
          {t('feedback.loginNeeded')}{' '}
          {isBare ? (
            <Link to="/login">{t('feedback.login')}</Link>
          ) : (
            <button type="button" className="link-button" onClick={() => openPopup('login')}>
              {t('feedback.login')}
            </button>
          )}
        </p>
      ) : (
        <form
          className="form help-feedback__form"
          noValidate
          onSubmit={(event) => {
            setSent(false);
            void submit(event);
          }}
        >
          <div className={`form-field${errors.questionType ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-type`}>
              {t('feedback.type')}
            </label>
            <select
              id={`${id}-type`}
              className="form-field__input"
              aria-required="true"
              aria-invalid={errors.questionType ? true : undefined}
              aria-describedby={errors.questionType ? `${id}-type-error` : undefined}
              {...form.register('questionType')}
            >
              <option value="">{t('feedback.chooseType')}</option>
              {FEEDBACK_QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`feedback.types.${type}`)}
                </option>
              ))}
            </select>
            {errors.questionType && (
              <p id={`${id}-type-error`} className="form-field__error" role="alert">
                {errors.questionType.message}
              </p>
            )}
          </div>
          <div className={`form-field${errors.content || isOver ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-content`}>
              {t('feedback.content')}
            </label>
            <textarea
              id={`${id}-content`}
              className="form-field__input help-feedback__text"
              rows={4}
              placeholder={t('feedback.placeholder')}
              aria-required="true"
              aria-invalid={errors.content || isOver ? true : undefined}
              aria-describedby={`${id}-counter${errors.content ? ` ${id}-content-error` : ''}`}
              {...form.register('content')}
            />
            <p id={`${id}-counter`} className={`help-feedback__counter${isOver ? ' help-feedback__counter--over' : ''}`}>
              {t('feedback.counter', { count: chars, max: FEEDBACK_MAX_CHARS })}
            </p>
            {errors.content && (
              <p id={`${id}-content-error`} className="form-field__error" role="alert">
                {errors.content.message}
              </p>
            )}
          </div>
          {send.isError && (
            <p className="form__error" role="alert">
              {errorText(send.error)}
            </p>
          )}
          {isSent && (
            <p className="help-feedback__sent" role="status">
              {t('feedback.sent')}
            </p>
          )}
          <div className="form__actions">
            <button type="submit" className="button button--primary" disabled={send.isPending}>
              {send.isPending ? t('feedback.sending') : t('feedback.send')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
