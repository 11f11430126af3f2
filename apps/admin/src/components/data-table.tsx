import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager, QueueState } from './queue-parts.tsx';
import type { QueuePage } from './use-queue.ts';

/**
 * One column of a table: its header, how a row shows in it, and whether it is a number (right
 * aligned). The header is also the cell's `data-label`, which the narrow layout prints before the
 * value; `actions: true` makes the buttons' column (no label, the buttons in a row).
 */
export type Column<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
  actions?: boolean;
  className?: string;
};

/** A plain table of rows: one `<tr data-testid>` per row, the columns as given. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowTestId?: (row: T) => string;
}) {
  const classOf = (column: Column<T>) =>
    [column.numeric ? 'num' : '', column.actions ? 'actions' : '', column.className ?? ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.actions ? undefined : column.header} className={classOf(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The columns' common part: everything but the data. */
type TableProps<T> = {
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  rowTestId?: (row: T) => string;
};

/**
 * A numbered page of a list read with `useQueuePage`: loading, failure with a retry, "nothing
 * waiting", or the table with the pager under it.
 */
export function PagedTable<T>({
  query,
  page,
  onPage,
  ...table
}: TableProps<T> & {
  query: UseQueryResult<Omit<QueuePage<T>, 'page'>>;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <QueueState
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={(query.data?.list.length ?? 0) === 0}
      onRetry={() => void query.refetch()}
    >
      <DataTable {...table} rows={query.data?.list ?? []} />
      <Pager page={page} pages={query.data?.pages ?? 1} total={query.data?.total ?? 0} onPage={onPage} />
    </QueueState>
  );
}

/**
 * A list that pages by a cursor (`before`, the server's `nextBefore`): "Newest" goes back to the top,
 * "Older" follows the cursor. The query is the caller's (its key must hold the cursor).
 */
export function KeysetTable<T>({
  query,
  before,
  onBefore,
  emptyText,
  ...table
}: TableProps<T> & {
  query: UseQueryResult<{ list: T[]; nextBefore: number | null }>;
  before: number | undefined;
  onBefore: (before: number | undefined) => void;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const nextBefore = query.data?.nextBefore ?? null;
  return (
    <QueueState
      isLoading={query.isLoading}
      error={query.error}
      isEmpty={(query.data?.list.length ?? 0) === 0}
      emptyText={emptyText}
      onRetry={() => void query.refetch()}
    >
      <DataTable {...table} rows={query.data?.list ?? []} />
      <nav className="pager">
        <button type="button" className="button" disabled={before === undefined} onClick={() => onBefore(undefined)}>
          {t('members.newest')}
        </button>
        <button type="button" className="button" disabled={nextBefore === null} onClick={() => onBefore(nextBefore ?? undefined)}>
          {t('members.older')}
        </button>
      </nav>
    </QueueState>
  );
}

/** A row of tabs (`role="tab"`); the panel is the caller's. */
export function Tabs<K extends string>({
  tabs,
  value,
  onChange,
  label,
}: {
  tabs: readonly K[];
  value: K;
  onChange: (tab: K) => void;
  label: (tab: K) => string;
}) {
  return (
    <div className="tabs" role="tablist">
      {tabs.map((each) => (
        <button
          key={each}
          type="button"
          role="tab"
          aria-selected={value === each}
          className={`tab${value === each ? ' tab--active' : ''}`}
          onClick={() => onChange(each)}
        >
          {label(each)}
        </button>
      ))}
    </div>
  );
}

/**
 * A one-field text filter with its "Apply" button: the typed text goes to `onApply` (trimmed) only
 * when the operator applies it, so each keystroke does not call the server.
 */
export function TextFilter({ label, name, onApply }: { label: string; name: string; onApply: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  return (
    <form
      className="filters"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text.trim());
      }}
    >
      <label>
        {label}
        <input value={text} onChange={(event) => setText(event.target.value)} name={name} />
      </label>
      <button type="submit" className="button">
        {t('common.apply')}
      </button>
    </form>
  );
}

/** A select filter whose every change applies at once. */
export function SelectFilter<V extends string>({
  label,
  name,
  value,
  options,
  optionLabel,
  onChange,
}: {
  label: string;
  name: string;
  value: V;
  options: readonly V[];
  optionLabel: (value: V) => string;
  onChange: (value: V) => void;
}) {
  return (
    <label className="filters">
      {label}
      <select name={name} value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((each) => (
          <option key={each} value={each}>
            {optionLabel(each)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Filters typed in a form and applied together: `draft` follows the fields, `applied` changes (and
 * the page goes back to 1 through `onApply`) only when the form is submitted.
 */
export function useFilterForm<F extends Record<string, string>>(initial: F, onApply?: () => void) {
  const [draft, setDraft] = useState<F>(initial);
  const [applied, setApplied] = useState<F>(initial);
  return {
    draft,
    applied,
    field: (key: keyof F) => ({
      name: String(key),
      value: draft[key],
      onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
    }),
    apply: () => {
      setApplied(draft);
      onApply?.();
    },
  };
}

/** A `date` field's day as the instant its local midnight starts (`to` days: the next midnight, exclusive). */
export function dayInstant(day: string, edge: 'start' | 'end'): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = new Date(year, month - 1, edge === 'start' ? date : date + 1);
  return Number.isNaN(local.getTime()) ? undefined : local.toISOString();
}
