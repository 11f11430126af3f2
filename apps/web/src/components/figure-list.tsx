import type { ReactNode } from 'react';

export type FigureItem = {
  label: string;
  /** Names the value for tests and styles (`data-field`). */
  field: string;
  value: ReactNode;
  /** A class for the value, such as the colour of a gain or a loss. */
  tone?: string | undefined;
};

/** The totals above a history: a label and a value each, as a description list styled by `className`. */
export function FigureList({ className, figures, testId }: { className: string; figures: readonly FigureItem[]; testId?: string }) {
  return (
    <dl className={className} data-testid={testId}>
      {figures.map((figure) => (
        <div key={figure.field}>
          <dt>{figure.label}</dt>
          <dd className={figure.tone} data-field={figure.field}>
            {figure.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
