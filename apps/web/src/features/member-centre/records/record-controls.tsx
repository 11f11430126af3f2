import { RECORDS_RANGE_DAYS_MAX } from '@platform/contracts/records';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';
import { addDays, DATE_PRESETS, type DatePreset, presetRange } from './format.ts';

export type DateRange = { preset: DatePreset; from: string; to: string };

export function initialRange(timeZone: string, preset: Exclude<DatePreset, 'custom'> = 'last7'): DateRange {
  return { preset, ...presetRange(preset, timeZone) };
}

/** Why a custom range cannot be asked for, or null. */
export function rangeProblem(range: DateRange, t: (key: string, options?: Record<string, unknown>) => string): string | null {
  if (!range.from || !range.to) return t('range.missing');
  if (range.from > range.to) return t('range.reversed');
  if (addDays(range.from, RECORDS_RANGE_DAYS_MAX - 1) < range.to) return t('range.tooLong', { days: RECORDS_RANGE_DAYS_MAX });
  return null;
}

/** Date presets (today, yesterday, 7 days, 30 days) and a custom range, in the member's time zone. */
export function DateRangeFilter({
  value,
  timeZone,
  onChange,
}: {
  value: DateRange;
  timeZone: string;
  onChange: (range: DateRange) => void;
}) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const id = useId();
  return (
    <>
      <div className="rc-filter">
        <label htmlFor={`${id}-preset`}>{t('range.label')}</label>
        <select
          id={`${id}-preset`}
          className="form-field__input"
          value={value.preset}
          onChange={(event) => {
            const preset = event.target.value as DatePreset;
            onChange(preset === 'custom' ? { ...value, preset } : { preset, ...presetRange(preset, timeZone) });
          }}
        >
          {DATE_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t(`range.${preset}`)}
            </option>
          ))}
        </select>
      </div>
      {value.preset === 'custom' && (
        <>
          <div className="rc-filter">
            <label htmlFor={`${id}-from`}>{t('range.from')}</label>
            <input
              id={`${id}-from`}
              type="date"
              className="form-field__input"
              value={value.from}
              onChange={(event) => onChange({ ...value, from: event.target.value })}
            />
          </div>
          <div className="rc-filter">
            <label htmlFor={`${id}-to`}>{t('range.to')}</label>
            <input
              id={`${id}-to`}
              type="date"
              className="form-field__input"
              value={value.to}
              onChange={(event) => onChange({ ...value, to: event.target.value })}
            />
          </div>
        </>
      )}
    </>
  );
}

/** A labelled select of the filter bar; '' means any. */
export function SelectFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="rc-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="form-field__input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Previous / next with "page n of m"; hidden when everything fits on one page. */
export function Pager({ pageNo, totalPages, onPage }: { pageNo: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  if (totalPages <= 1) return null;
  return (
    <nav className="rc-pager" aria-label={t('pager.label')}>
      <button type="button" className="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('pager.previous')}
      </button>
      <span>{t('pager.page', { page: pageNo, pages: totalPages })}</span>
      <button type="button" className="button" disabled={pageNo >= totalPages} onClick={() => onPage(pageNo + 1)}>
        {t('pager.next')}
      </button>
    </nav>
  );
}
