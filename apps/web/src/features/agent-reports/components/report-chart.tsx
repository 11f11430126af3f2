import { useTranslation } from 'react-i18next';
import { type ChartSeries, TrendChart } from '../../../components/trend-chart.tsx';
import { AGENT_REPORTS_NS } from '../i18n/register-translations.ts';

/** A report's chart per day (the shared TrendChart) with the reports' summary and loading texts. */
export function ReportChart({
  title,
  days,
  series,
  format,
}: {
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
}) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const summary = days.length === 0 ? '' : t('chartSummary', { title, count: days.length, from: days[0], to: days[days.length - 1] });
  return <TrendChart title={title} days={days} series={series} format={format} summary={summary} loadingLabel={t('chartLoading')} />;
}
