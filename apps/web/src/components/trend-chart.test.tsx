import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TrendChart } from './trend-chart.tsx';

// The chart library draws on a canvas, which the test DOM does not have; the chart's chunk is
// replaced by a list of what it was asked to draw (the same stand-in as the pages' tests: the files
// of a worker share their modules).
vi.mock('./uplot-chart.tsx', () => ({
  default: ({ days, series }: { days: string[]; series: { label: string; values: number[] }[] }) => (
    <ul data-testid="chart">
      {series.map((s) => (
        <li key={s.label}>{`${s.label}: ${days.map((d, i) => `${d}=${s.values[i]}`).join(',')}`}</li>
      ))}
    </ul>
  ),
}));

const SERIES = [
  { label: 'Kept', values: [26_000, 35_000], tone: 'primary' as const },
  { label: 'My amount', values: [30_000, 40_000], tone: 'muted' as const },
];

describe('TrendChart', () => {
  it('draws each series per day with its title, a legend and the summary for screen readers', async () => {
    render(
      <TrendChart
        title="Payouts per period"
        days={['2026-11-23', '2026-11-24']}
        series={SERIES}
        format={(v) => `${v / 1000}k`}
        summary="Payouts per period: 2 days."
        loadingLabel="Loading the chart…"
        testId="figure"
      />,
    );
    const figure = screen.getByTestId('figure');
    expect(figure.tagName).toBe('FIGURE');
    expect(figure.getAttribute('aria-label')).toBe('Payouts per period: 2 days.');
    expect(within(figure).getByText('Payouts per period').tagName).toBe('FIGCAPTION');
    // The chart's chunk loads lazily.
    const drawn = await screen.findByTestId('chart', {}, { timeout: 5_000 });
    expect(
      within(drawn)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kept: 2026-11-23=26000,2026-11-24=35000', 'My amount: 2026-11-23=30000,2026-11-24=40000']);
    const legend = figure.querySelector('.trend-chart__legend');
    expect(legend?.getAttribute('aria-hidden')).toBe('true');
    expect(Array.from(legend?.children ?? []).map((li) => [li.textContent, li.className])).toEqual([
      ['Kept', 'trend-chart__key trend-chart__key--primary'],
      ['My amount', 'trend-chart__key trend-chart__key--muted'],
    ]);
  });

  it('draws nothing without days', () => {
    const { container } = render(
      <TrendChart title="Empty" days={[]} series={[]} format={String} summary="" loadingLabel="Loading the chart…" />,
    );
    expect(container.innerHTML).toBe('');
  });
});
