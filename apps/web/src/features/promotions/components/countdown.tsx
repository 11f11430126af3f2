import { useEffect, useState } from 'react';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Days, hours, minutes and seconds left until `to`, as the page writes them. */
export function timeLeft(to: number, now: number): { d: number; h: string; m: string; s: string } | null {
  const ms = to - now;
  if (ms <= 0) return null;
  const total = Math.floor(ms / 1000);
  return {
    d: Math.floor(total / 86_400),
    h: pad(Math.floor((total % 86_400) / 3600)),
    m: pad(Math.floor((total % 3600) / 60)),
    s: pad(total % 60),
  };
}

/** The clock, ticking each second while shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * A live countdown to a period's start or end, or to a grant's expiry; `null` as the instant means
 * the promotion has no end.
 */
export function Countdown({ kind, at }: { kind: 'startsIn' | 'endsIn' | 'expiresIn'; at: string | null }) {
  const { t } = usePromotionsTranslation();
  const now = useNow();
  if (at === null) return <span className="pr-countdown">{t('countdown.noEnd')}</span>;
  const left = timeLeft(Date.parse(at), now);
  return (
    <span className="pr-countdown" data-testid="promotion-countdown">
      {left ? t(`countdown.${kind}`, { time: t('countdown.days', left) }) : t('countdown.ended')}
    </span>
  );
}
