import { lazy, Suspense } from 'react';
import './trend-chart.css';

export type ChartSeries = { label: string; values: readonly number[]; tone: 'primary' | 'danger' | 'muted' };

// The chart library is its own chunk, loaded once a page has figures to draw.
const UplotChart = lazy(() => import('./uplot-chart.tsx'));

/**
 * Figures per day as lines: a picture of the tables beside it, with a summary for screen readers
 * (`summary`, in the caller's words). `format` writes a value of the y axis; `loadingLabel` shows
 * while the chart's chunk loads. Nothing is drawn without days.
 */
export function TrendChart({
  title,
  days,
  series,
  format,
  summary,
  loadingLabel,
  testId,
  dayRange,
}: {
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
  summary: string;
  loadingLabel: string;
  testId?: string;
  /** The first and last day the x axis shows (days without figures left out), with a y axis from 0. */
  dayRange?: readonly [string, string];
}) {
  if (days.length === 0) return null;
  return (
    <figure className="trend-chart" aria-label={summary} data-testid={testId}>
      <figcaption className="trend-chart__title">{title}</figcaption>
      <Suspense fallback={<div className="trend-chart__placeholder">{loadingLabel}</div>}>
        <UplotChart days={days} series={series} format={format} dayRange={dayRange} />
      </Suspense>
      <ul className="trend-chart__legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label} className={`trend-chart__key trend-chart__key--${s.tone}`}>
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
