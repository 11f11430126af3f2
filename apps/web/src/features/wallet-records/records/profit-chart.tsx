import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 8;

/**
 * Each day's win/loss as a bar above (ahead) or below (behind) the zero line: plain SVG scaled to
 * its box. The figures are in the tables beside it; the chart is a picture of them with a summary
 * for screen readers.
 */
export function ProfitChart({ days, format }: { days: { day: string; amount: number }[]; format: (amount: number) => string }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const id = useId();
  if (days.length === 0) return null;
  const max = Math.max(...days.map((d) => d.amount), 0);
  const min = Math.min(...days.map((d) => d.amount), 0);
  const span = max - min || 1;
  const plot = HEIGHT - PAD * 2;
  const zeroY = PAD + (max / span) * plot;
  const slot = (WIDTH - PAD * 2) / days.length;
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  // Days without settled rounds keep their slot on the axis but name no best or worst.
  const played = days.filter((d) => d.amount !== 0);
  if (played.length === 0) return null;
  const best = played.reduce((a, b) => (b.amount > a.amount ? b : a));
  const worst = played.reduce((a, b) => (b.amount < a.amount ? b : a));
  const summary = t('profit.chartSummary', {
    days: days.length,
    best: best.day,
    bestAmount: format(best.amount),
    worst: worst.day,
    worstAmount: format(worst.amount),
  });
  return (
    <figure className="rc-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-labelledby={`${id}-title`}>
        <title id={`${id}-title`}>{summary}</title>
        <line x1={PAD} x2={WIDTH - PAD} y1={zeroY} y2={zeroY} className="rc-chart__axis" />
        {days.map((d, index) => {
          if (d.amount === 0) return null;
          const h = (Math.abs(d.amount) / span) * plot;
          const x = PAD + slot * index + (slot - barWidth) / 2;
          const y = d.amount >= 0 ? zeroY - h : zeroY;
          return (
            <rect
              key={d.day}
              x={x}
              y={y}
              width={barWidth}
              height={Math.max(h, 1)}
              className={d.amount >= 0 ? 'rc-chart__bar rc-chart__bar--up' : 'rc-chart__bar rc-chart__bar--down'}
            >
              <title>{`${d.day}: ${format(d.amount)}`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="mc-note" aria-hidden="true">
        {summary}
      </figcaption>
    </figure>
  );
}
