import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

type FormFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  isRequired?: boolean;
  hint?: string;
  error?: string | null;
  /** Placed after the input inside its row (a send-code button, a captcha image). */
  addon?: ReactNode;
  /** The input itself (a form that moves the focus to its first invalid field). */
  ref?: Ref<HTMLInputElement>;
};

/** The spec's required mark is the full-width '＊' (U+FF0A), which many phone fonts lack: the ASCII asterisk every font has. */
const REQUIRED_MARK = '*';

/** A labelled input; required fields get the required mark before the placeholder. */
export function FormField({
  label,
  value,
  onValueChange,
  isRequired = false,
  hint,
  error,
  addon,
  placeholder,
  ref,
  ...input
}: FormFieldProps) {
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
        {/* A visible mark as well: the placeholder's mark disappears once the field has text. */}
        {isRequired && (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <div className="form-field__row">
        <input
          ref={ref}
          id={id}
          className="form-field__input"
          value={value}
          placeholder={`${isRequired ? REQUIRED_MARK : ''}${placeholder ?? label}`}
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

type FormFieldControlProps<T extends FieldValues, O> = Omit<FormFieldProps, 'value' | 'onValueChange' | 'error'> & {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Called after the form records the value (to clear a message as the member types, say). */
  onValueChange?: (value: string) => void;
};

/**
 * A FormField bound to a form of `useZodForm`: its value lives in the form, and its message is the
 * schema's message for it (already in the member's language).
 */
export function FormFieldControl<T extends FieldValues, O>({ control, name, onValueChange, ...props }: FormFieldControlProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <FormField
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onBlur={field.onBlur}
      onValueChange={(value) => {
        field.onChange(value);
        onValueChange?.(value);
      }}
      error={fieldState.error?.message ?? null}
    />
  );
}
