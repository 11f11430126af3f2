import { type ReactNode, useId } from 'react';

/**
 * The filter bars of record and report pages: labelled fields in a grid that wraps on a phone.
 * Each page chooses its own words; these parts only lay them out and wire the labels.
 */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="filter-bar">{children}</div>;
}

/** A labelled select; with `anyLabel`, a first choice '' that means any. */
export function SelectFilter({
  label,
  value,
  options,
  anyLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  anyLabel?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="form-field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The first and last day of a chosen range, as two date boxes. */
export function DateRangeFields({
  fromLabel,
  toLabel,
  from,
  to,
  onChange,
}: {
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const id = useId();
  return (
    <>
      <div className="filter-field">
        <label htmlFor={`${id}-from`}>{fromLabel}</label>
        <input
          id={`${id}-from`}
          type="date"
          className="form-field__input"
          value={from}
          onChange={(event) => onChange({ from: event.target.value, to })}
        />
      </div>
      <div className="filter-field">
        <label htmlFor={`${id}-to`}>{toLabel}</label>
        <input
          id={`${id}-to`}
          type="date"
          className="form-field__input"
          value={to}
          onChange={(event) => onChange({ from, to: event.target.value })}
        />
      </div>
    </>
  );
}
