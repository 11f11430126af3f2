import { useEffect, useState } from 'react';
import { type JackpotRule, useJackpot } from '../api/home-queries.ts';
import { useShellHomeTranslation } from '../i18n/register-translations.ts';

/** The counter's value (hundredths) at a moment of the server's clock: base plus one step per whole tick. */
export function jackpotValueAt(rule: JackpotRule, serverNowMs: number): number {
  const elapsed = serverNowMs - Date.parse(rule.startedAt);
  const ticks = rule.tickMs > 0 && elapsed > 0 ? Math.floor(elapsed / rule.tickMs) : 0;
  return rule.base + ticks * rule.growthPerTick;
}

/** Hundredths as a grouped number with two decimals, in the page's language. */
export function formatJackpot(hundredths: number, language: string): string {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    hundredths / 100,
  );
}

/**
 * The jackpot counter: the server gives the rule and its clock, the page adds one step (165.11 by
 * default) on each tick of that clock, so every visitor sees the same number.
 */
export function JackpotCounter() {
  const { t, i18n } = useShellHomeTranslation();
  const jackpot = useJackpot();
  const rule = jackpot.data;
  const [now, setNow] = useState(() => Date.now());
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    if (!rule) return;
    // The server's clock leads or lags this device's by the offset measured when the rule arrived.
    setOffset(Date.parse(rule.serverTime) - Date.now());
  }, [rule]);
  useEffect(() => {
    if (!rule) return;
    const step = Math.min(rule.tickMs, 1000);
    const timer = window.setInterval(() => setNow(Date.now()), step);
    return () => window.clearInterval(timer);
  }, [rule]);
  let body: React.ReactNode;
  if (jackpot.isPending)
    // An invisible number of the counter's size holds its place until the rule arrives.
    body = (
      <>
        <p className="visually-hidden">{t('loading')}</p>
        <span className="jackpot__value jackpot__value--pending" aria-hidden="true">
          {formatJackpot(0, i18n.language)}
        </span>
      </>
    );
  else if (jackpot.isError)
    body = (
      <p className="home-state home-state--error">
        {t('error')}{' '}
        <button type="button" className="link-button" onClick={() => void jackpot.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  else {
    const value = Math.max(jackpotValueAt(jackpot.data, now + offset), jackpot.data.value);
    body = (
      <output className="jackpot__value" data-value={value}>
        {formatJackpot(value, i18n.language)}
      </output>
    );
  }
  return (
    <section className="jackpot" aria-labelledby="jackpot-title">
      <h2 id="jackpot-title" className="jackpot__title">
        {t('jackpot.title')}
      </h2>
      {body}
    </section>
  );
}
