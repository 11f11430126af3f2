import { RECORDS_RANGE_DAYS_MAX } from '@platform/contracts/records';
import { useTranslation } from 'react-i18next';
import { DateRangeFields, SelectFilter } from '../../../components/filter-fields.tsx';
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
  return (
    <>
      <SelectFilter
        label={t('range.label')}
        value={value.preset}
        options={DATE_PRESETS.map((preset) => ({ value: preset, label: t(`range.${preset}`) }))}
        onChange={(choice) => {
          const preset = choice as DatePreset;
          onChange(preset === 'custom' ? { ...value, preset } : { preset, ...presetRange(preset, timeZone) });
        }}
      />
      {value.preset === 'custom' && (
        <DateRangeFields
          fromLabel={t('range.from')}
          toLabel={t('range.to')}
          from={value.from}
          to={value.to}
          onChange={(days) => onChange({ ...value, ...days })}
        />
      )}
    </>
  );
}
