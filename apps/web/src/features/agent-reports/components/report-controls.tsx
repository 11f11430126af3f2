import { AGENT_REPORT_RANGE_DAYS_MAX, REPORT_PERIODS, type ReportPeriod } from '@platform/contracts/agents/agent-reports';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields, SelectFilter } from '../../../components/filter-fields.tsx';
import { LabelledTable } from '../../../components/labelled-table.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { addDays, todayIn } from '../../../lib/time-format.ts';
import { AGENT_REPORTS_NS } from '../i18n/register-translations.ts';

/** Report days are the merchant's; until an answer names its zone, Vietnam's. */
export const REPORT_TIME_ZONE_DEFAULT = 'Asia/Ho_Chi_Minh';

export type PeriodChoice = { period: ReportPeriod; from: string; to: string };

export function initialPeriod(period: ReportPeriod = 'today'): PeriodChoice {
  const today = todayIn(REPORT_TIME_ZONE_DEFAULT);
  return { period, from: addDays(today, -6), to: today };
}

/** The query of a period: a range sends its days, a named period only its name. */
export function periodParams(choice: PeriodChoice): { period: ReportPeriod; from?: string; to?: string } {
  return choice.period === 'range' ? { period: 'range', from: choice.from, to: choice.to } : { period: choice.period };
}

/** Why a chosen range cannot be asked for, or null. */
export function periodProblem(choice: PeriodChoice, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  if (choice.period !== 'range') return null;
  if (!choice.from || !choice.to) return t('period.missing');
  if (choice.from > choice.to) return t('period.reversed');
  if (addDays(choice.from, AGENT_REPORT_RANGE_DAYS_MAX - 1) < choice.to) return t('period.tooLong', { count: AGENT_REPORT_RANGE_DAYS_MAX });
  return null;
}

/**
 * What every report page keeps: its period, why a chosen range cannot be asked for, its page, and
 * the rule that any change of filter starts again at the first page (`refilter` wraps a setter).
 */
export function useReportState(preset: ReportPeriod) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const [period, setPeriodState] = useState(() => initialPeriod(preset));
  const [pageNo, setPageNo] = useState(1);
  const refilter = useCallback(
    <T,>(set: (value: T) => void) =>
      (value: T) => {
        set(value);
        setPageNo(1);
      },
    [],
  );
  return { period, setPeriod: refilter(setPeriodState), problem: periodProblem(period, t), pageNo, setPageNo, refilter };
}

/** A report's body: why the period cannot be asked for, loading, the error with a retry, or the answer. */
export function ReportBody<T>({
  problem,
  query,
  children,
}: {
  problem: string | null;
  query: UseQueryResult<T>;
  children: (value: T) => ReactNode;
}) {
  let body: ReactNode = <LoadingState />;
  if (problem) body = <p className="form__error">{problem}</p>;
  else if (query.error) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data !== undefined) body = children(query.data);
  return <div aria-busy={query.isFetching}>{body}</div>;
}

/** Today, yesterday, this week, this month, or chosen dates. */
export function PeriodFilter({ value, onChange }: { value: PeriodChoice; onChange: (value: PeriodChoice) => void }) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  return (
    <>
      <SelectFilter
        label={t('period.label')}
        value={value.period}
        options={REPORT_PERIODS.map((period) => ({ value: period, label: t(`period.${period}`) }))}
        onChange={(period) => onChange({ ...value, period: period as ReportPeriod })}
      />
      {value.period === 'range' && (
        <DateRangeFields
          fromLabel={t('period.from')}
          toLabel={t('period.to')}
          from={value.from}
          to={value.to}
          onChange={(days) => onChange({ ...value, ...days })}
        />
      )}
    </>
  );
}

/**
 * A username box that asks only when the member presses Enter or leaves the box, so each keystroke
 * is not a call (and a half-typed name is not refused as outside the team).
 */
export function MemberFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const id = useId();
  const commit = (text: string) => {
    if (text.trim() !== value) onChange(text.trim());
  };
  return (
    <div className="filter-field">
      <label htmlFor={id}>{t('filters.member')}</label>
      <input
        id={id}
        key={value}
        type="search"
        className="form-field__input"
        defaultValue={value}
        placeholder={t('filters.memberPlaceholder')}
        autoComplete="off"
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
    </div>
  );
}

/** The period the answer covers, in the merchant's zone. */
export function PeriodShown({ period }: { period: { from: string; to: string; timeZone: string } }) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  return <p className="ar-note">{t('period.shown', { from: period.from, to: period.to, zone: period.timeZone })}</p>;
}

/** One figure of a summary: a label and its value (signed values coloured). */
export function Figure({ label, children, sign, field }: { label: string; children: ReactNode; sign?: number; field?: string }) {
  const tone = sign === undefined || sign === 0 ? undefined : sign > 0 ? 'ar-amount--up' : 'ar-amount--down';
  return (
    <div>
      <dt>{label}</dt>
      <dd className={tone} data-field={field}>
        {children}
      </dd>
    </div>
  );
}

export function signClass(amount: number): string | undefined {
  return amount > 0 ? 'ar-amount--up' : amount < 0 ? 'ar-amount--down' : undefined;
}

/** A member of the team: its name, and under it its level below the agent. */
export function MemberLevel({ member }: { member: { username: string; level: number } }) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  return (
    <>
      {member.username}
      <span className="ar-sub">{t('filters.levelN', { level: member.level })}</span>
    </>
  );
}

/**
 * A report's table, each row named by its first column, scrolling inside the page when wider; with
 * `empty`, a list with no rows shows that sentence instead.
 */
export function ReportTable<Row>({
  empty,
  rows,
  ...table
}: Omit<Parameters<typeof LabelledTable<Row>>[0], 'className' | 'hasRowHeaders'> & { empty?: string }) {
  if (empty !== undefined && rows.length === 0) return <p className="ar-note ar-empty">{empty}</p>;
  return (
    <div className="ar-scroll">
      <LabelledTable<Row> className="ar-table" rows={rows} hasRowHeaders {...table} />
    </div>
  );
}
