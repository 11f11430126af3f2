import type { RoundOutcome } from '@platform/contracts/round-outcome';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';

/**
 * The house vendors' reel symbols, drawn (an emoji or a die glyph depends on the device's fonts and
 * showed as an empty box); any other symbol shows as its name.
 */
const SYMBOL_SHAPES: Record<string, ReactNode> = {
  SEVEN: (
    <text x="12" y="19" textAnchor="middle" fontFamily="Georgia, serif" fontWeight="700" fontSize="20" fill="#c1121f">
      7
    </text>
  ),
  BAR: (
    <>
      <rect x="2" y="7" width="20" height="10" rx="2" fill="#1f2937" />
      <text x="12" y="15.5" textAnchor="middle" fontFamily="sans-serif" fontWeight="800" fontSize="7.5" fill="#fde68a">
        BAR
      </text>
    </>
  ),
  BELL: (
    <>
      <path d="M12 3c-4 0-6 3-6 7v5l-2 3h16l-2-3v-5c0-4-2-7-6-7z" fill="#f4b400" />
      <circle cx="12" cy="20" r="2" fill="#b7791f" />
    </>
  ),
  PLUM: (
    <>
      <circle cx="12" cy="14" r="7" fill="#6d28d9" />
      <path d="M12 7c1-3 4-4 6-3-1 2-3 3-6 3z" fill="#16a34a" />
      <circle cx="9.5" cy="11.5" r="1.6" fill="#fff" opacity=".5" />
    </>
  ),
  CHERRY: (
    <>
      <path d="M13 3c1 5 3 8 6 9M13 3c-2 5-4 8-7 10" fill="none" stroke="#16a34a" strokeWidth="1.6" />
      <circle cx="6.5" cy="16" r="4.5" fill="#dc2626" />
      <circle cx="17.5" cy="15" r="4.5" fill="#dc2626" />
    </>
  ),
  LEMON: <ellipse cx="12" cy="12" rx="9" ry="6.5" fill="#facc15" stroke="#ca8a04" strokeWidth="1" />,
  STAR: <path d="M12 2.5l2.8 6 6.5.7-4.9 4.4 1.4 6.4L12 16.7 6.2 20l1.4-6.4-4.9-4.4 6.5-.7z" fill="#fbbf24" stroke="#d97706" />,
  GRAPE: (
    <g fill="#7c3aed">
      {[
        [9, 8],
        [15, 8],
        [12, 12.5],
        [6, 12.5],
        [18, 12.5],
        [9, 17],
        [15, 17],
        [12, 21],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2.8" />
      ))}
    </g>
  ),
  ORANGE: (
    <>
      <circle cx="12" cy="13" r="8" fill="#f97316" />
      <path d="M12 5c1-2 3-3 5-2-1 2-3 2-5 2z" fill="#16a34a" />
    </>
  ),
  APPLE: (
    <>
      <path d="M12 7c-3-2-8-1-8 5 0 5 4 9 8 8 4 1 8-3 8-8 0-6-5-7-8-5z" fill="#dc2626" />
      <path d="M12 7c0-2 1-4 3-5" stroke="#78350f" strokeWidth="1.5" fill="none" />
    </>
  ),
};

function ReelSymbol({ symbol, name }: { symbol: string; name: string }) {
  const shape = SYMBOL_SHAPES[symbol];
  return (
    <span className="rc-symbol" title={name}>
      {shape ? (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          {shape}
        </svg>
      ) : (
        symbol
      )}
    </span>
  );
}

/** The pips of each face of a die, on a 3 × 3 grid (0 to 8, left to right, top to bottom). */
const PIPS: readonly (readonly number[])[] = [[4], [0, 8], [0, 4, 8], [0, 2, 6, 8], [0, 2, 4, 6, 8], [0, 2, 3, 5, 6, 8]];

function Die({ face }: { face: number }) {
  return (
    <svg className="rc-die" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="1.5" y="1.5" width="21" height="21" rx="4.5" fill="#fff" stroke="currentColor" strokeWidth="1.5" />
      {(PIPS[face - 1] ?? []).map((spot) => (
        <circle key={spot} cx={6 + (spot % 3) * 6} cy={6 + Math.floor(spot / 3) * 6} r="2" fill={face === 1 ? '#c1121f' : '#1f2937'} />
      ))}
    </svg>
  );
}

const SUITS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

function CardFace({ card }: { card: string }) {
  if (card === '??') return <span className="rc-card rc-card--hidden">?</span>;
  const suit = card.slice(-1);
  const rank = card.slice(0, -1);
  return (
    <span className={`rc-card${suit === 'H' || suit === 'D' ? ' rc-card--red' : ''}`}>
      {rank}
      {SUITS[suit]}
    </span>
  );
}

/**
 * What a round showed, drawn again from the vendor's report: the reels' symbols, the dice, the
 * hands of cards, the coin, the wheel, or a sportsbook bet's legs (selection, decimal odds, market,
 * event and each leg's result). The picture carries a text for screen readers.
 */
export function RoundOutcomeView({ outcome }: { outcome: RoundOutcome }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  const symbolName = (symbol: string) => t(`bets.shown.symbol.${symbol}`, { defaultValue: symbol });
  switch (outcome.kind) {
    case 'reels':
      return (
        <figure className="rc-outcome">
          <figcaption className="rc-outcome__label">{t('bets.shown.reels')}</figcaption>
          <div className="rc-reels" role="img" aria-label={outcome.reels.map((reel) => reel.map(symbolName).join(' ')).join(' | ')}>
            {outcome.reels.map((reel, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a reel is its place from the left.
              <span key={i} className="rc-reel">
                {reel.map((symbol, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a symbol is its place on the reel.
                  <ReelSymbol key={j} symbol={symbol} name={symbolName(symbol)} />
                ))}
              </span>
            ))}
          </div>
        </figure>
      );
    case 'dice': {
      const total = outcome.dice.reduce((sum, d) => sum + d, 0);
      return (
        <figure className="rc-outcome">
          <figcaption className="rc-outcome__label">
            {outcome.bet
              ? t('bets.shown.diceBet', { bet: t(`bets.shown.diceBets.${outcome.bet}`, { defaultValue: outcome.bet }) })
              : t('bets.shown.dice')}
          </figcaption>
          <div className="rc-dice" role="img" aria-label={t('bets.shown.diceTotal', { dice: outcome.dice.join(' + '), total })}>
            {outcome.dice.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a die is its place in the throw.
              <Die key={i} face={d} />
            ))}
            <span className="rc-dice__total">= {total}</span>
          </div>
        </figure>
      );
    }
    case 'cards':
      return (
        <figure className="rc-outcome">
          <figcaption className="rc-outcome__label">{t('bets.shown.cards')}</figcaption>
          <ul className="rc-hands">
            {outcome.hands.map((hand) => (
              <li key={hand.name} className="rc-hand">
                <span className="rc-hand__name">
                  {hand.name}
                  {hand.score !== undefined && ` · ${hand.score}`}
                </span>
                <span className="rc-hand__cards" role="img" aria-label={hand.cards.join(' ')}>
                  {hand.cards.map((card, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a card is its place in the hand.
                    <CardFace key={i} card={card} />
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </figure>
      );
    case 'coin':
      return (
        <p className="rc-outcome rc-outcome--text">
          {outcome.call
            ? t('bets.shown.coinCall', { side: t(`bets.shown.side.${outcome.side}`), call: t(`bets.shown.side.${outcome.call}`) })
            : t('bets.shown.coin', { side: t(`bets.shown.side.${outcome.side}`) })}
        </p>
      );
    case 'wheel':
      return (
        <p className="rc-outcome rc-outcome--text">
          {t('bets.shown.wheel', { segment: outcome.segment + 1, multiplier: outcome.multiplier })}
        </p>
      );
    case 'fishing':
      return (
        <figure className="rc-outcome">
          <figcaption className="rc-outcome__label">
            {t('bets.shown.fishing', { shots: outcome.shots, hits: outcome.hits, kills: outcome.kills.length })}
          </figcaption>
          {outcome.kills.length === 0 ? (
            <p className="rc-numbers">{t('bets.shown.fishingNone')}</p>
          ) : (
            <p className="rc-numbers">
              {outcome.kills
                .map((kill) =>
                  t('bets.shown.fishingKill', {
                    fish: t(`bets.shown.fish.${kill.fish}`, { defaultValue: kill.fish }),
                    multiplier: kill.multiplier,
                  }),
                )
                .join(' · ')}
            </p>
          )}
        </figure>
      );
    case 'fight':
      return (
        <p className="rc-outcome rc-outcome--text">
          {t('bets.shown.fight', {
            fight: outcome.fight,
            result: t(`bets.shown.fightSide.${outcome.result}`),
            side: t(`bets.shown.fightSide.${outcome.side}`),
          })}
        </p>
      );
    case 'slip':
      return (
        <figure className="rc-outcome">
          <figcaption className="rc-outcome__label">
            {t(`bets.shown.slip.${outcome.bet}`, { count: outcome.legs.length, system: outcome.system ?? '' })}
          </figcaption>
          <ol className="rc-legs">
            {outcome.legs.map((leg, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a leg is its place on the slip.
              <li key={i} className={`rc-leg${leg.outcome ? ` rc-leg--${leg.outcome}` : ''}`}>
                <span className="rc-leg__pick">
                  {t('bets.shown.leg', { selection: leg.selection, odds: (leg.odds / 1000).toFixed(2) })}
                </span>
                <span className="rc-leg__market">
                  {leg.market} · {leg.event}
                </span>
                <span className="rc-leg__outcome">{t(`bets.shown.legOutcome.${leg.outcome ?? 'open'}`)}</span>
              </li>
            ))}
          </ol>
        </figure>
      );
    case 'numbers':
      return (
        <figure className="rc-outcome">
          <figcaption className="rc-outcome__label">{t('bets.shown.numbers')}</figcaption>
          <p className="rc-numbers">{outcome.numbers.join(' · ')}</p>
        </figure>
      );
  }
}
