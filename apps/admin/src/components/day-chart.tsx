import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type DaySeries = { label: string; values: readonly number[]; colour: 'accent' | 'danger' | 'muted' | 'warn' | 'ok' };

const HEIGHT = 220;
const COLOURS: Record<DaySeries['colour'], [string, string]> = {
  accent: ['--accent', '#b0134f'],
  danger: ['--danger', '#b42318'],
  muted: ['--muted', '#5b6475'],
  warn: ['--warn-text', '#7a4b00'],
  ok: ['--ok-text', '#17602f'],
};

/** Noon UTC of a day, in seconds: a day's point never slides into the next day in any zone. */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

function dayTicks(first: string, last: string): number[] {
  const from = noonOf(first);
  const count = Math.max(1, Math.round((noonOf(last) - from) / 86_400) + 1);
  const step = Math.ceil(count / 12);
  return Array.from({ length: Math.ceil(count / step) }, (_, i) => from + i * step * 86_400);
}

function cssColour([name, fallback]: [string, string]): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Figures per day as lines (uPlot on a canvas, drawn again when its box resizes). Only a section
 * that imports it loads it: the library stays out of the console's first load. `summary` says in
 * words what the lines show, for screen readers; the table beside it holds the same figures.
 */
export function DayChart({
  title,
  days,
  series,
  format,
  summary,
  range,
  testId,
}: {
  title: string;
  /** The first and last day of the x axis: the report's range, whatever days have figures. */
  range: readonly [string, string];
  days: readonly string[];
  series: readonly DaySeries[];
  format: (value: number) => string;
  summary: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const formatRef = useRef(format);
  formatRef.current = format;
  const [first, last] = range;
  useEffect(() => {
    const element = box.current;
    if (!element || days.length === 0) return;
    const text = cssColour(COLOURS.muted);
    const grid = cssColour(['--border', '#d8dce4']);
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height: HEIGHT,
      legend: { show: false },
      cursor: { y: false },
      scales: {
        // Half a day either side, so the first and last days' points are off the edges; y from 0.
        x: { time: true, range: [noonOf(first) - 43_200, noonOf(last) + 43_200] },
        y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          ...axis,
          // One tick a day (every few days over a long range), at the day's noon.
          splits: () => dayTicks(first, last),
          values: (_u, ticks) => ticks.map((s) => new Date(s * 1000).toISOString().slice(5, 10)),
        },
        { ...axis, size: 80, values: (_u, ticks) => ticks.map((v) => formatRef.current(v)) },
      ],
      series: [
        {},
        ...series.map((s) => {
          const colour = cssColour(COLOURS[s.colour]);
          return { label: s.label, stroke: colour, width: 2, points: { show: days.length <= 31, size: 5, fill: colour } };
        }),
      ],
    };
    const data: uPlot.AlignedData = [days.map(noonOf), ...series.map((s) => [...s.values])];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, first, last]);
  if (days.length === 0) return null;
  return (
    <figure className="day-chart" aria-label={summary} data-testid={testId}>
      <figcaption className="day-chart__title">{title}</figcaption>
      <div ref={box} className="day-chart__canvas" />
      <ul className="day-chart__legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label} className={`day-chart__key day-chart__key--${s.colour}`}>
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
