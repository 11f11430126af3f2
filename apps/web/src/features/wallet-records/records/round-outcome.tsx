import type { RoundOutcome } from '@platform/contracts/round-outcome';
import { useTranslation } from 'react-i18next';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';

/** Pictures for the symbols the house vendors use; any other symbol shows as its name. */
const SYMBOL_GLYPHS: Record<string, string> = {
  SEVEN: '7',
  BAR: 'BAR',
  BELL: '🔔',
  PLUM: '🫐',
  CHERRY: '🍒',
  LEMON: '🍋',
  STAR: '⭐',
  GRAPE: '🍇',
  ORANGE: '🍊',
  APPLE: '🍎',
};
const DIE_FACES = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
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
 * hands of cards, the coin or the wheel. The picture carries a text for screen readers.
 */
export function RoundOutcomeView({ outcome }: { outcome: RoundOutcome }) {
  const { t } = useTranslation(MC_RECORDS_NS);
  switch (outcome.kind) {
    case 'reels':
      return (
        <figure className="rc-outcome">
          <figcaption className="rc-outcome__label">{t('bets.shown.reels')}</figcaption>
          <div className="rc-reels" role="img" aria-label={outcome.reels.map((reel) => reel.join(' ')).join(' | ')}>
            {outcome.reels.map((reel, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a reel is its place from the left.
              <span key={i} className="rc-reel">
                {reel.map((symbol, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a symbol is its place on the reel.
                  <span key={j} className="rc-symbol" title={symbol}>
                    {SYMBOL_GLYPHS[symbol] ?? symbol}
                  </span>
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
            {outcome.bet ? t('bets.shown.diceBet', { bet: outcome.bet }) : t('bets.shown.dice')}
          </figcaption>
          <div className="rc-dice" role="img" aria-label={t('bets.shown.diceTotal', { dice: outcome.dice.join(' + '), total })}>
            {outcome.dice.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a die is its place in the throw.
              <span key={i} className="rc-die">
                {DIE_FACES[d - 1]}
              </span>
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
    case 'numbers':
      return (
        <figure className="rc-outcome">
          <figcaption className="rc-outcome__label">{t('bets.shown.numbers')}</figcaption>
          <p className="rc-numbers">{outcome.numbers.join(' · ')}</p>
        </figure>
      );
  }
}
