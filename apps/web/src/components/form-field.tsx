import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  isRequired?: boolean;
  hint?: string;
  error?: string | null;
  /** Placed after the input inside its row (a send-code button, a captcha image). */
  addon?: ReactNode;
};

/** A labelled input; required fields get the spec's '＊' before the placeholder. */
export function FormField({ label, value, onValueChange, isRequired = false, hint, error, addon, placeholder, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <div className="form-field__label-row">
        <label className="form-field__label" htmlFor={id}>
          {label}
        </label>
        {/* A visible mark as well: the placeholder's '＊' disappears once the field has text. */}
        {isRequired && (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <div className="form-field__row">
        <input
          id={id}
          className="form-field__input"
          value={value}
          placeholder={`${isRequired ? '＊' : ''}${placeholder ?? label}`}
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onValueChange(event.target.value)}
          {...input}
        />
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="form-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
