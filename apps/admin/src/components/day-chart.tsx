import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type DaySeries = { label: string; values: readonly number[]; colour: 'accent' | 'danger' | 'muted' };

const HEIGHT = 220;
const COLOURS: Record<DaySeries['colour'], [string, string]> = {
  accent: ['--accent', '#b0134f'],
  danger: ['--danger', '#b42318'],
  muted: ['--muted', '#5b6475'],
};

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
  testId,
}: {
  title: string;
  days: readonly string[];
  series: readonly DaySeries[];
  format: (value: number) => string;
  summary: string;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const formatRef = useRef(format);
  formatRef.current = format;
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
      scales: { x: { time: true } },
      axes: [
        { ...axis, values: (_u, ticks) => ticks.map((s) => new Date(s * 1000).toISOString().slice(5, 10)) },
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
    // Noon UTC of each day, so a point never slides into the next day in any zone.
    const data: uPlot.AlignedData = [days.map((d) => Date.parse(`${d}T12:00:00Z`) / 1000), ...series.map((s) => [...s.values])];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series]);
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
