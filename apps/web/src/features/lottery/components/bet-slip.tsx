import type { LotteryBetTypeCode, LotteryGameEntry, LotteryPlayType, TicketLineInput } from '@platform/contracts/lottery';
import { useId, useState } from 'react';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { useRequireRealAccount } from '../../../hooks/use-require-real-account.ts';
import { errorText } from '../../../lib/api-client.ts';
import { parseAmountInput, useMoneyFormat } from '../../../lib/money-format.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { type PlayTypes, usePlaceTicket } from '../api/lottery-api.ts';
import { useLotteryTranslation } from '../i18n/register-translations.ts';
import { gridNumbers, lineCost, linesFromPick, type SlipIssue, togglePick, winPerHit } from '../slip-rules.ts';

const MAX_LINES = 50;

function NumberGrid({
  digits,
  picked,
  onToggle,
  label,
}: {
  digits: number;
  picked: readonly string[];
  onToggle: (number: string) => void;
  label: string;
}) {
  return (
    <fieldset className={`lottery-grid lottery-grid--${digits}`}>
      <legend className="visually-hidden">{label}</legend>
      {gridNumbers(digits).map((number) => (
        <button
          key={number}
          type="button"
          className="lottery-grid__cell"
          aria-pressed={picked.includes(number)}
          onClick={() => onToggle(number)}
        >
          {number}
        </button>
      ))}
    </fieldset>
  );
}

/** Typed entry for 3- and 4-digit numbers (a grid of 1,000 or 10,000 would not help anyone). */
function TypedNumbers({ digits, picked, onAdd }: { digits: number; picked: readonly string[]; onAdd: (number: string) => void }) {
  const { t } = useLotteryTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const isValid = new RegExp(`^[0-9]{${digits}}$`).test(text);
  return (
    <div className="lottery-typed">
      <label htmlFor={id} className="form-field__label">
        {t('slip.typeNumber', { digits })}
      </label>
      <div className="lottery-typed__row">
        <input
          id={id}
          className="form-field__input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={digits}
          value={text}
          onChange={(event) => setText(event.target.value.replace(/\D/g, ''))}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && isValid) {
              event.preventDefault();
              onAdd(text);
              setText('');
            }
          }}
        />
        <button
          type="button"
          className="button"
          disabled={!isValid || picked.includes(text)}
          onClick={() => {
            onAdd(text);
            setText('');
          }}
        >
          {t('slip.addNumber')}
        </button>
      </div>
    </div>
  );
}

/**
 * The bet slip: a bet type of the game's region, numbers, a stake per unit, then lines gathered into
 * one ticket on the open draw. Costs and wins are shown with the server's multipliers and odds.
 */
export function BetSlip({
  game,
  playTypes,
  currency,
  initialBetType,
}: {
  game: LotteryGameEntry;
  playTypes: PlayTypes;
  currency: string;
  /** The address's playType: the bet type the slip starts on when the game offers it. */
  initialBetType?: string | null;
}) {
  const { t } = useLotteryTranslation();
  const money = useMoneyFormat();
  const customerId = useSessionStore((s) => s.userInfo?.customerId ?? null);
  const requireRealAccount = useRequireRealAccount();
  const place = usePlaceTicket(customerId);
  const stakeId = useId();
  const [betType, setBetType] = useState<LotteryBetTypeCode>(
    () => playTypes.list.find((p) => p.betType === initialBetType)?.betType ?? playTypes.list[0]?.betType ?? 'lo2',
  );
  const [picked, setPicked] = useState<string[]>([]);
  const [stakeText, setStakeText] = useState('');
  const [lines, setSlipLines] = useState<(TicketLineInput & { key: number })[]>([]);
  // One request id per submission of these lines: a double tap or a retry after a lost answer buys
  // one ticket; changed lines are a new submission.
  const { requestId, renew, settle } = useRequestId();
  const setLines = (next: (TicketLineInput & { key: number })[]) => {
    setSlipLines(next);
    renew();
  };
  const [issue, setIssue] = useState<SlipIssue | null>(null);
  const [placed, setPlaced] = useState<string | null>(null);
  const [nextKey, setNextKey] = useState(1);

  const byType = new Map(playTypes.list.map((p) => [p.betType, p]));
  const playType = byType.get(betType) ?? playTypes.list[0];
  if (!playType) return <p className="lottery-state">{t('slip.noTypes')}</p>;
  const stake = parseAmountInput(stakeText, currency);
  const total = lines.reduce((sum, line) => sum + lineCost(line.stakePerUnit, byType.get(line.betType) ?? playType), 0);

  const chooseType = (next: LotteryPlayType) => {
    setBetType(next.betType);
    setPicked([]);
    setIssue(null);
  };
  const addLines = () => {
    const outcome = linesFromPick(playType, picked, stake, playTypes);
    if ('issue' in outcome) {
      setIssue(outcome.issue);
      return;
    }
    if (lines.length + outcome.lines.length > MAX_LINES) {
      setIssue('tooManyLines');
      return;
    }
    setLines([...lines, ...outcome.lines.map((line, index) => ({ ...line, key: nextKey + index }))]);
    setNextKey(nextKey + outcome.lines.length);
    setPicked([]);
    setIssue(null);
    setPlaced(null);
  };
  const submit = () =>
    requireRealAccount(() => {
      if (!game.numero) return;
      place.mutate(
        { gameId: game.gameId, numero: game.numero, lines: lines.map(({ key: _key, ...line }) => line), requestId },
        {
          onSuccess: (ticket) => {
            setLines([]);
            setPlaced(ticket.ticketId);
          },
          onError: settle,
        },
      );
    });

  return (
    <section className="lottery-card lottery-slip" aria-labelledby="lottery-slip-title">
      <h2 id="lottery-slip-title" className="lottery-card__title">
        {t('slip.title')}
      </h2>
      <fieldset className="lottery-types">
        <legend className="form-field__label">{t('slip.betType')}</legend>
        <div className="lottery-types__list">
          {playTypes.list.map((p) => (
            <button
              key={p.betType}
              type="button"
              className="lottery-chip"
              aria-pressed={p.betType === playType.betType}
              onClick={() => chooseType(p)}
            >
              {t(`betTypes.${p.betType}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <p className="lottery-slip__rule">
        {t(playType.count > 1 ? 'slip.ruleCombo' : 'slip.ruleSingle', {
          count: playType.count,
          digits: playType.digits,
          multiplier: playType.stakeMultiplier,
          odds: (playType.oddsMilli / 1000).toLocaleString(),
        })}
      </p>
      {playType.digits <= 2 ? (
        <NumberGrid
          digits={playType.digits}
          picked={picked}
          label={t('slip.numbers')}
          onToggle={(number) => setPicked(togglePick(picked, number, playType.count))}
        />
      ) : (
        <TypedNumbers digits={playType.digits} picked={picked} onAdd={(number) => setPicked(togglePick(picked, number, playType.count))} />
      )}
      <p className="lottery-slip__picked" aria-live="polite">
        {picked.length > 0 ? t('slip.picked', { numbers: picked.join(', ') }) : t('slip.pickedNone')}
      </p>
      <div className="form-field">
        <label htmlFor={stakeId} className="form-field__label">
          {t('slip.stake', { min: money(playTypes.minStake, currency), max: money(playTypes.maxStake, currency) })}
        </label>
        <input
          id={stakeId}
          className="form-field__input"
          inputMode="decimal"
          autoComplete="off"
          value={stakeText}
          onChange={(event) => setStakeText(event.target.value)}
        />
        {stake !== null && (
          <p className="lottery-slip__hint">
            {t('slip.costPerNumber', {
              cost: money(lineCost(stake, playType), currency),
              win: money(winPerHit(stake, playType), currency),
            })}
          </p>
        )}
      </div>
      {issue && (
        <p className="lottery-error" role="alert">
          {t(`slip.issues.${issue}`, { count: playType.count, max: MAX_LINES })}
        </p>
      )}
      <button type="button" className="button" onClick={addLines}>
        {t('slip.addLines')}
      </button>

      <h3 className="lottery-slip__subtitle">{t('slip.lines', { count: lines.length })}</h3>
      {lines.length === 0 ? (
        <p className="lottery-state">{t('slip.empty')}</p>
      ) : (
        <ul className="lottery-lines">
          {lines.map((line) => {
            const type = byType.get(line.betType) ?? playType;
            return (
              <li key={line.key} className="lottery-lines__item" data-bet-type={line.betType}>
                <span className="lottery-lines__what">
                  <strong>{t(`betTypes.${line.betType}`)}</strong> {line.numbers.join(' - ')}
                </span>
                <span className="lottery-lines__cost">{money(lineCost(line.stakePerUnit, type), currency)}</span>
                <button
                  type="button"
                  className="icon-button icon-button--small"
                  aria-label={t('slip.remove', { numbers: line.numbers.join(' - ') })}
                  onClick={() => setLines(lines.filter((l) => l.key !== line.key))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p className="lottery-slip__total">
        {t('slip.total')} <strong data-total={total}>{money(total, currency)}</strong>
      </p>
      {place.isError && (
        <p className="lottery-error" role="alert">
          {errorText(place.error)}
        </p>
      )}
      {placed && (
        <p className="lottery-success" role="status">
          {t('slip.placed', { ticketId: placed })}
        </p>
      )}
      <button
        type="button"
        className="button button--primary button--block"
        disabled={lines.length === 0 || place.isPending || !game.numero}
        onClick={submit}
      >
        {place.isPending ? t('slip.placing') : t('slip.place', { numero: game.numero ?? '' })}
      </button>
    </section>
  );
}
