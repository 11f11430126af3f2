import { TRANSFER_NOTE_LENGTH_MAX } from '@platform/contracts/transfers';
import type { Control } from 'react-hook-form';
import { errorText } from '../lib/api-client.ts';
import { FormFieldControl } from './form-field.tsx';

/** What a transfer form holds as the member types it. */
type TransferInput = { amount: string; note: string; password: string };

/**
 * The fields of a transfer between members of a team: the amount, a note up to the transfers' limit,
 * the payment password when the member has set one; then what the last try answered, refused or done.
 * The form around it holds the schema, the call and the buttons.
 */
export function TransferFields<O>({
  control,
  labels,
  needsPassword,
  error,
  done,
  isAmountFocusedFirst = false,
}: {
  control: Control<TransferInput, unknown, O>;
  labels: { amount: string; note: string; password: string };
  needsPassword: boolean;
  error: unknown;
  done: string | null;
  /** In a dialog, the amount takes the focus when it opens. */
  isAmountFocusedFirst?: boolean;
}) {
  return (
    <>
      <FormFieldControl
        control={control}
        name="amount"
        label={labels.amount}
        inputMode="decimal"
        isRequired
        data-autofocus={isAmountFocusedFirst || undefined}
      />
      <FormFieldControl control={control} name="note" label={labels.note} maxLength={TRANSFER_NOTE_LENGTH_MAX} />
      {needsPassword && (
        <FormFieldControl control={control} name="password" label={labels.password} type="password" autoComplete="off" isRequired />
      )}
      {error ? (
        <p className="form__error" role="alert">
          {errorText(error)}
        </p>
      ) : null}
      {done && (
        <p className="mc-success" role="status">
          {done}
        </p>
      )}
    </>
  );
}
