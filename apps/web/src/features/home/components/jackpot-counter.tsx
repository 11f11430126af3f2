import { type AmountMinor, currencyScale, formatAmount } from '@platform/contracts/money-format';
import { useEffect, useState } from 'react';
import { type JackpotRule, useJackpot, useSiteCurrency } from '../../../api/home-queries.ts';
import { useShellHomeTranslation } from '../../../i18n/shell-home/register-translations.ts';

/** The counter's value (hundredths) at a moment of the server's clock: base plus one step per whole tick. */
export function jackpotValueAt(rule: JackpotRule, serverNowMs: number): number {
  const elapsed = serverNowMs - Date.parse(rule.startedAt);
  const ticks = rule.tickMs > 0 && elapsed > 0 ? Math.floor(elapsed / rule.tickMs) : 0;
  return rule.base + ticks * rule.growthPerTick;
}

/**
 * The counter (hundredths of the currency's major unit) as the merchant's money in the page's
 * language: whole đồng for VND (the hundredths dropped, never rounded up), cents where the currency has them.
 */
export function formatJackpot(hundredths: number, language: string, currency: string): string {
  const scale = currencyScale(currency);
  const minor = scale >= 2 ? hundredths * 10 ** (scale - 2) : Math.floor(hundredths / 10 ** (2 - scale));
  return formatAmount(minor as AmountMinor, currency, language === 'vi' ? 'vi-VN' : 'en-GB');
}

/**
 * The jackpot counter: the server gives the rule and its clock, the page adds one step (165.11 by
 * default) on each tick of that clock, so every visitor sees the same number.
 */
export function JackpotCounter() {
  const { t, i18n } = useShellHomeTranslation();
  const jackpot = useJackpot();
  const currency = useSiteCurrency();
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
          {formatJackpot(0, i18n.language, currency)}
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
        {formatJackpot(value, i18n.language, currency)}
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
