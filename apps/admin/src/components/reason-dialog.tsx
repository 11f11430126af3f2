import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionDialog } from './queue-parts.tsx';

/** What `useDecision` gives a dialog: the refusal in the operator's language and whether it runs. */
type DecisionState = { error: string | null; isPending: boolean; clearError: () => void };

/**
 * A confirm dialog with an optional text field (a reason, a note, an answer). Render it only while it
 * is open (`{dialog ? <ReasonDialog …/> : null}`): its text starts empty each time.
 *
 * - `text: 'required'` refuses an empty text with `requiredText` (default "Please give a reason"),
 *   `'optional'` passes an empty one on, `'none'` shows no field.
 * - `onConfirm` gets the trimmed text; returning a string shows it as the field's error and the call
 *   is not made (checks of the caller's own fields, given as `children`).
 * - The server's refusal (`decision.error`) shows in the dialog, which stays open until the call
 *   succeeds; closing clears it.
 */
export function ReasonDialog({
  title,
  hint,
  submitLabel,
  tone = 'primary',
  decision,
  text = 'none',
  textLabel,
  textName = 'reason',
  requiredText,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  hint?: string;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  decision: DecisionState;
  text?: 'required' | 'optional' | 'none';
  textLabel?: string;
  textName?: string;
  requiredText?: string;
  /** A string returned is shown as the field's error; anything else (the call's own result) is ignored. */
  onConfirm: (text: string) => unknown;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = () => {
    setFieldError(null);
    const trimmed = value.trim();
    if (text === 'required' && trimmed === '') {
      setFieldError(requiredText ?? t('common.reasonRequired'));
      return;
    }
    const problem = onConfirm(trimmed);
    if (typeof problem === 'string') setFieldError(problem);
  };
  return (
    <DecisionDialog
      title={title}
      hint={hint}
      submitLabel={submitLabel}
      tone={tone}
      error={fieldError ?? decision.error}
      isPending={decision.isPending}
      onSubmit={submit}
      onClose={() => {
        decision.clearError();
        onClose();
      }}
    >
      {children}
      {text === 'none' ? null : (
        <label className="field">
          {textLabel ?? t('common.reason')}
          {text === 'optional' ? ` ${t('common.optional')}` : ''}
          <textarea name={textName} maxLength={500} value={value} onChange={(event) => setValue(event.target.value)} />
        </label>
      )}
    </DecisionDialog>
  );
}
