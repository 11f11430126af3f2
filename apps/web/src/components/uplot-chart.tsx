import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSeries } from './trend-chart.tsx';

const HEIGHT = 200;

function cssColour(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

const TONES: Record<ChartSeries['tone'], [string, string]> = {
  primary: ['--color-primary', '#c2185b'],
  danger: ['--color-danger', '#b91c1c'],
  muted: ['--color-text-muted', '#6b6166'],
};

/** Noon UTC of each day, so a day's point never slides into its neighbour in any zone. */
function timestampOf(day: string): number {
  return Date.parse(`${day}T12:00:00Z`) / 1000;
}

/** uPlot draws on a canvas sized to its box; it is drawn again when the box or the theme changes. */
export default function UplotChart({
  days,
  series,
  format,
  dayRange,
}: {
  days: readonly string[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
  /** The first and last day of the x axis (a range with days left out), and a y axis from 0; else both fit the figures. */
  dayRange?: readonly [string, string] | undefined;
}) {
  const from = dayRange?.[0];
  const to = dayRange?.[1];
  const box = useRef<HTMLDivElement>(null);
  const formatRef = useRef(format);
  formatRef.current = format;
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? 'light');
  useEffect(() => {
    // The theme switch sets data-theme on the root; the chart is drawn again in its colours.
    const watch = new MutationObserver(() => setTheme(document.documentElement.dataset.theme ?? 'light'));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => watch.disconnect();
  }, []);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The colours below are read for this theme.
    element.dataset.themeDrawn = theme;
    const text = cssColour('--color-text-muted', '#6b6166');
    const grid = cssColour('--color-border', '#e7dde1');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 240),
      height: HEIGHT,
      legend: { show: false },
      cursor: { y: false },
      scales:
        from !== undefined && to !== undefined
          ? {
              // Half a day either side, so the first and last days' points are not on the edge.
              x: { time: true, range: [timestampOf(from) - 43_200, timestampOf(to) + 43_200] },
              y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
            }
          : { x: { time: true } },
      axes: [
        { ...axis, values: (_u, ticks) => ticks.map((s) => new Date(s * 1000).toISOString().slice(5, 10)) },
        { ...axis, size: 70, values: (_u, ticks) => ticks.map((v) => formatRef.current(v)) },
      ],
      series: [
        {},
        ...series.map((s) => {
          const [name, fallback] = TONES[s.tone];
          const colour = cssColour(name, fallback);
          return { label: s.label, stroke: colour, width: 2, points: { show: days.length <= 31, size: 5, fill: colour } };
        }),
      ],
    };
    const data: uPlot.AlignedData = [days.map(timestampOf), ...series.map((s) => [...s.values])];
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 240), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, series, theme, from, to]);
  return <div ref={box} className="trend-chart__canvas" />;
}
