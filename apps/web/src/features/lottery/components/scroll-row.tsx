import { type ReactNode, useRef } from 'react';
import { useLotteryTranslation } from '../i18n/register-translations.ts';

/** Spec: the tag and history rows get scroll arrows with more than 4 entries. */
export const SCROLL_ARROWS_AFTER = 4;

/** A horizontally scrolling row, with arrows that move it by most of its width when it holds many entries. */
export function ScrollRow({ count, label, children }: { count: number; label: string; children: ReactNode }) {
  const { t } = useLotteryTranslation();
  const rowRef = useRef<HTMLDivElement>(null);
  const hasArrows = count > SCROLL_ARROWS_AFTER;
  const scroll = (direction: 1 | -1) => {
    const row = rowRef.current;
    if (!row) return;
    const rtl = getComputedStyle(row).direction === 'rtl' ? -1 : 1;
    row.scrollBy({ left: direction * rtl * row.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <div className="lottery-scroll">
      {hasArrows && (
        <button type="button" className="lottery-scroll__arrow" aria-label={t('scrollBack', { label })} onClick={() => scroll(-1)}>
          ‹
        </button>
      )}
      <div ref={rowRef} className="lottery-scroll__row">
        {children}
      </div>
      {hasArrows && (
        <button type="button" className="lottery-scroll__arrow" aria-label={t('scrollOn', { label })} onClick={() => scroll(1)}>
          ›
        </button>
      )}
    </div>
  );
}
