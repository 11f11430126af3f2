import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/i18n.ts';
import { ageParts } from '../lib/format.ts';

/** The SLA age: how long the item has waited since it was created (refreshed every minute). */
export function SlaAge({ createdAt }: { createdAt: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const age = ageParts(createdAt, now);
  const text =
    age.days > 0
      ? t('common.ageDays', { days: age.days, hours: age.hours })
      : age.hours > 0
        ? t('common.ageHours', { hours: age.hours, minutes: age.minutes })
        : t('common.ageMinutes', { minutes: age.minutes });
  // Past an hour the age is a warning, past a day a breach.
  const level = age.totalMinutes >= 1440 ? 'breach' : age.totalMinutes >= 60 ? 'warn' : 'ok';
  return (
    <span className={`sla sla--${level}`} data-testid="sla-age">
      {text}
    </span>
  );
}

export function Pager({ page, pages, total, onPage }: { page: number; pages: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={t('common.page', { page, pages })}>
      <span>{t('common.total', { count: total })}</span>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span>{t('common.page', { page, pages })}</span>
      <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}

/** Loading, failure (with its message and a retry) or the queue itself. */
export function QueueState({
  isLoading,
  error,
  isEmpty,
  emptyText,
  onRetry,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  /** What to say when there is nothing (default: "Nothing waiting", for queues). */
  emptyText?: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isLoading) return <p className="muted">{t('common.loading')}</p>;
  if (error) {
    return (
      <div className="alert alert--error" role="alert">
        {errorText(error)}{' '}
        <button type="button" className="button" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (isEmpty) return <p className="empty">{emptyText ?? t('common.empty')}</p>;
  return <>{children}</>;
}

/**
 * A modal dialog for one decision (the native <dialog>): a title, a hint, optional fields, and the
 * refusal's message when the server says no; the dialog stays open until the call succeeds.
 */
export function DecisionDialog({
  title,
  hint,
  submitLabel,
  tone = 'primary',
  error,
  isPending,
  onSubmit,
  onClose,
  canSubmit = true,
  extraAction,
  children,
}: {
  title: string;
  hint?: string;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  error: string | null;
  isPending: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** False shows the dialog to read only: no submit button (a decision this operator may not take). */
  canSubmit?: boolean;
  /** A second decision beside the submit (e.g. reject next to confirm), in the danger tone. */
  extraAction?: { label: string; onClick: () => void } | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId} onCancel={onClose}>
      <form
        method="dialog"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit) onSubmit();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {hint ? <p className="muted">{hint}</p> : null}
        {children}
        {error ? (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          {extraAction ? (
            <button type="button" className="button button--danger" disabled={isPending} onClick={extraAction.onClick}>
              {extraAction.label}
            </button>
          ) : null}
          {canSubmit ? (
            <button type="submit" className={`button button--${tone}`} disabled={isPending}>
              {submitLabel}
            </button>
          ) : null}
        </div>
      </form>
    </dialog>
  );
}

/** A short-lived line saying what just happened. */
export function Notice({ text }: { text: string | null }) {
  return (
    <p className="notice" role="status" aria-live="polite">
      {text ?? ''}
    </p>
  );
}
