import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_REPORTS_NS } from '../i18n/register-translations.ts';

export type ChartSeries = { label: string; values: readonly number[]; tone: 'primary' | 'danger' | 'muted' };

// The chart library is its own chunk, loaded once a page has figures to draw.
const UplotChart = lazy(() => import('./uplot-chart.tsx'));

/**
 * Figures per day as lines: a picture of the tables beside it, with a summary for screen readers.
 * `format` writes a value of the y axis and the tooltip.
 */
export function TrendChart({
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
  if (days.length === 0) return null;
  const summary = t('chartSummary', { title, count: days.length, from: days[0], to: days[days.length - 1] });
  return (
    <figure className="ar-chart" aria-label={summary}>
      <figcaption className="ar-chart__title">{title}</figcaption>
      <Suspense fallback={<div className="ar-chart__placeholder">{t('chartLoading')}</div>}>
        <UplotChart days={days} series={series} format={format} />
      </Suspense>
      <ul className="ar-chart__legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label} className={`ar-chart__key ar-chart__key--${s.tone}`}>
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
