import { FEEDBACK_MAX_CHARS, FEEDBACK_QUESTION_TYPES, type FeedbackQuestionType } from '@platform/contracts/help';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../../lib/api-client.ts';
import { useSessionStore } from '../../auth/hooks/session-store.ts';
import { usePopupStore } from '../../layout/hooks/popup-store.ts';
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
  const [questionType, setQuestionType] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ type?: string; content?: string }>({});
  const [isSent, setSent] = useState(false);
  const id = useId();
  const chars = feedbackChars(content);
  const isOver = chars > FEEDBACK_MAX_CHARS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: { type?: string; content?: string } = {};
    if (!isQuestionType(questionType)) next.type = t('feedback.typeRequired');
    if (chars === 0) next.content = t('feedback.contentRequired');
    else if (isOver) next.content = t('feedback.contentTooLong', { max: FEEDBACK_MAX_CHARS });
    setErrors(next);
    setSent(false);
    if (next.type || next.content || !isQuestionType(questionType)) return;
    send.mutate(
      { questionType, content },
      {
        onSuccess: () => {
          setSent(true);
          setContent('');
          setQuestionType('');
        },
      },
    );
  };

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
        <form className="form help-feedback__form" noValidate onSubmit={submit}>
          <div className={`form-field${errors.type ? ' form-field--invalid' : ''}`}>
            <label className="form-field__label" htmlFor={`${id}-type`}>
              {t('feedback.type')}
            </label>
            <select
              id={`${id}-type`}
              className="form-field__input"
              value={questionType}
              aria-required="true"
              aria-invalid={errors.type ? true : undefined}
              aria-describedby={errors.type ? `${id}-type-error` : undefined}
              onChange={(event) => setQuestionType(event.target.value)}
            >
              <option value="">{t('feedback.chooseType')}</option>
              {FEEDBACK_QUESTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`feedback.types.${type}`)}
                </option>
              ))}
            </select>
            {errors.type && (
              <p id={`${id}-type-error`} className="form-field__error" role="alert">
                {errors.type}
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
              value={content}
              placeholder={t('feedback.placeholder')}
              aria-required="true"
              aria-invalid={errors.content || isOver ? true : undefined}
              aria-describedby={`${id}-counter${errors.content ? ` ${id}-content-error` : ''}`}
              onChange={(event) => setContent(event.target.value)}
            />
            <p id={`${id}-counter`} className={`help-feedback__counter${isOver ? ' help-feedback__counter--over' : ''}`}>
              {t('feedback.counter', { count: chars, max: FEEDBACK_MAX_CHARS })}
            </p>
            {errors.content && (
              <p id={`${id}-content-error`} className="form-field__error" role="alert">
                {errors.content}
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
