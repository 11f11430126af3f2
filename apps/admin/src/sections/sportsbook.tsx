import {
  SPORTSBOOK_EVENT_STATES,
  type SportsbookEventLiability,
  type SportsbookEventState,
  type SportsbookLimitsView,
  type SportsbookOverview,
} from '@platform/contracts/sportsbook-operator';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { dayInstant, SelectFilter, TextFilter } from '../components/data-table.tsx';
import { DecisionDialog, Notice, Pager, QueueState } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';
import { amountOf, dateTime, oddsOf } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

type Market = SportsbookEventLiability['markets'][number];
type MarketView = NonNullable<Market['market']>;
type EventView = NonNullable<SportsbookEventLiability['event']>;
type Call = { call: string; body: Record<string, unknown>; what: string };
type Dialog =
  | { kind: 'settle' | 'result'; event: SportsbookEventLiability }
  | { kind: 'cancel'; event: SportsbookEventLiability; market: MarketView | null }
  | { kind: 'rollback'; market: MarketView };

const NEW_MARKET_TYPES = ['1x2', 'moneyline', 'ah', 'ou', 'oddEven', 'dnb', 'doubleChance', 'correctScore'] as const;
type NewMarketType = (typeof NEW_MARKET_TYPES)[number] | 'outright';
const SELECTIONS: Record<Exclude<NewMarketType, 'correctScore' | 'outright'>, readonly string[]> = {
  '1x2': ['home', 'draw', 'away'],
  moneyline: ['home', 'away'],
  ah: ['home', 'away'],
  ou: ['over', 'under'],
  oddEven: ['odd', 'even'],
  dnb: ['home', 'away'],
  doubleChance: ['1X', '12', 'X2'],
};

/** A line typed as -0.75 or 2,5 in quarters (-3, 10); NaN when not a multiple of 0.25. */
export function lineOf(text: string): number {
  const t = text.trim().replace(',', '.');
  if (!/^[+-]?[0-9]{1,3}(\.[0-9]{1,2})?$/.test(t)) return Number.NaN;
  const quarters = Number(t) * 4;
  return Number.isInteger(quarters) ? quarters : Number.NaN;
}

/**
 * Correct-score prices typed one per line as "2-1 8.5" (or "2:1 8,5"): the scores and their odds in
 * thousandths; null when a line is not of that shape, a score repeats or no line is given.
 */
export function correctScoresOf(text: string): { scores: { home: number; away: number }[]; prices: Record<string, number> } | null {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const scores: { home: number; away: number }[] = [];
  const prices: Record<string, number> = {};
  for (const line of lines) {
    const m = /^([0-9]{1,2})\s*[-:]\s*([0-9]{1,2})\s+(\S+)$/.exec(line);
    const odds = m ? oddsOf(m[3] as string) : Number.NaN;
    if (!m || Number.isNaN(odds)) return null;
    const score = { home: Number(m[1]), away: Number(m[2]) };
    const key = `${score.home}-${score.away}`;
    if (key in prices) return null;
    scores.push(score);
    prices[key] = odds;
  }
  return scores.length > 0 ? { scores, prices } : null;
}

/** A score typed as a whole number, 0 or more; null when empty, NaN when not a number. */
function scoreOf(text: string): number | null {
  const t = text.trim();
  if (!t) return null;
  return /^[0-9]{1,3}$/.test(t) ? Number(t) : Number.NaN;
}

/** The market's definition again from its view and its event (the same definition reprices the same market). */
function specOf(m: MarketView, event: EventView | null): Record<string, unknown> | null {
  const v = m as MarketView & { period?: string; line?: number; map?: number };
  switch (m.type) {
    case 'correctScore': {
      const scores = m.selections
        .filter((s) => s.id !== 'other')
        .map((s) => {
          const [home, away] = s.id.split('-').map(Number);
          return { home, away };
        });
      return { type: m.type, period: v.period ?? 'ft', scores };
    }
    case 'outright': {
      const places = Number(m.key.split(':')[1]);
      return event?.competitors && Number.isInteger(places) ? { type: m.type, places, competitors: event.competitors } : null;
    }
    case '1x2':
    case 'moneyline':
    case 'oddEven':
    case 'doubleChance':
    case 'dnb':
      return { type: m.type, period: v.period ?? 'ft' };
    case 'ah':
    case 'ou':
      return { type: m.type, period: v.period ?? 'ft', line: v.line };
    case 'mapWinner':
      return { type: m.type, map: v.map };
    case 'mapHandicap':
    case 'totalMaps':
      return { type: m.type, line: v.line };
    case 'mapRoundHandicap':
    case 'mapTotalRounds':
      return { type: m.type, map: v.map, line: v.line };
    default:
      return null;
  }
}

const LIMIT_FIELDS = ['minStake', 'maxStake', 'maxStakePerEvent', 'maxPayout', 'liabilityLimit'] as const;

/**
 * An outright's finishing order as the operator enters it: groups of competitors, one group per
 * place, several in one group for a dead heat (they share the places the group spans). As many
 * groups are shown as it takes to cover the places paid.
 */
function standingGroups(entered: string[][], places: number): string[][] {
  const groups: string[][] = [];
  for (let covered = 0, i = 0; covered < places; i++) {
    const given = entered[i];
    const group = given && given.length > 0 ? given : [''];
    groups.push(group);
    covered += group.length;
  }
  return groups;
}

/**
 * The house sportsbook: the events with their liability (per market, each selection's stakes and
 * what it would pay if it wins; the worst case first), the risk stops with a button to lift them,
 * manual entry (a new match, a new market or new odds, bet stop, phase, result, settle, roll back,
 * cancel) and the limits. Reading needs game:read; acting needs game:write; the platform audits
 * every change and the game server keeps the book.
 */
export default function SportsbookSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'game:write') : false;
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [limitsForm, setLimitsForm] = useState<Record<string, string> | null>(null);
  const [scores, setScores] = useState({ ftHome: '', ftAway: '', h1Home: '', h1Away: '' });
  const [reason, setReason] = useState('');
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [repricing, setRepricing] = useState<string | null>(null);
  const [created, setCreated] = useState({
    kind: 'match' as 'match' | 'outright',
    sportId: 'football',
    competitionId: 'fb-premier',
    home: '',
    away: '',
    name: '',
    competitors: '',
    startsAt: '',
  });
  const [newMarket, setNewMarket] = useState<{ type: NewMarketType; period: 'ft' | 'h1'; line: string; scores: string; places: string }>({
    type: '1x2',
    period: 'ft',
    line: '',
    scores: '',
    places: '1',
  });
  const [standings, setStandings] = useState<string[][]>([]);
  const [eventCaps, setEventCaps] = useState<Record<string, string>>({});
  const [filters, setFilters] = useState<{ sportId: string; state: '' | SportsbookEventState; day: string; q: string }>({
    sportId: '',
    state: '',
    day: '',
    q: '',
  });
  const [page, setPage] = useState(1);
  const filter = (patch: Partial<typeof filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  const query = queryString({
    sportId: filters.sportId,
    state: filters.state,
    from: filters.day ? Date.parse(dayInstant(filters.day, 'start') ?? '') : undefined,
    to: filters.day ? Date.parse(dayInstant(filters.day, 'end') ?? '') : undefined,
    q: filters.q,
    page,
  });
  const book = useQuery({
    queryKey: ['queue', 'sportsbook', query],
    queryFn: () => adminGet<SportsbookOverview>(`/house/sportsbook${query}`),
    refetchInterval: 5_000,
    placeholderData: keepPreviousData,
  });
  const locale = i18n.language === 'en' ? 'en-GB' : i18n.language === 'zh' ? 'zh-CN' : 'vi-VN';
  const number = (amount: number) => new Intl.NumberFormat(locale).format(amount);
  /** An event's start: a real time, in the operator's time zone. */
  const time = (ms: number) => dateTime(new Date(ms).toISOString(), i18n.language);
  const act = useDecision(
    (value: Call) => adminCall('POST', `/house/sportsbook/${value.call}`, value.body),
    (value) => {
      setNotice(t('sportsbook.done', { what: value.what }));
      setDialog(null);
      setRepricing(null);
      setPrices({});
      setFormError(null);
    },
  );
  const run = (call: string, body: Record<string, unknown>, what: string) => {
    setFormError(null);
    act.clearError();
    act.run({ call, body, what });
  };
  const refuse = () => setFormError(t('sportsbook.badNumber'));

  const limitsOf = (l: SportsbookLimitsView): Record<string, string> => ({
    ...Object.fromEntries(LIMIT_FIELDS.map((k) => [k, String(l[k])])),
    inPlayDelay: String(l.inPlayDelayMs / 1000),
    cashOutMargin: String(l.cashOutMarginBp / 100),
  });

  function saveLimits(current: SportsbookLimitsView) {
    const form = limitsForm ?? limitsOf(current);
    const delay = Number((form.inPlayDelay ?? '').trim().replace(',', '.'));
    const margin = Number((form.cashOutMargin ?? '').trim().replace(',', '.'));
    const body: Record<string, number> = Object.fromEntries(LIMIT_FIELDS.map((k) => [k, amountOf(form[k] ?? '')]));
    body.inPlayDelayMs = Math.round(delay * 1000);
    body.cashOutMarginBp = Math.round(margin * 100);
    if (
      Object.values(body).some((n) => !Number.isFinite(n) || n < 0) ||
      !(form.inPlayDelay ?? '').trim() ||
      !(form.cashOutMargin ?? '').trim()
    )
      return refuse();
    run('limits/set', body, t('sportsbook.limits.saved'));
  }

  function resultOf(): Record<string, { home: number; away: number }> | null {
    const ftHome = scoreOf(scores.ftHome);
    const ftAway = scoreOf(scores.ftAway);
    const h1Home = scoreOf(scores.h1Home);
    const h1Away = scoreOf(scores.h1Away);
    const all = [ftHome, ftAway, h1Home, h1Away];
    if (ftHome === null || ftAway === null || all.some((n) => Number.isNaN(n)) || (h1Home === null) !== (h1Away === null)) return null;
    return { ft: { home: ftHome, away: ftAway }, ...(h1Home !== null && h1Away !== null ? { h1: { home: h1Home, away: h1Away } } : {}) };
  }

  /** Sends a market's prices; a selection left empty takes no bets (at least one price is needed). */
  function sendPrices(
    eventId: string,
    spec: Record<string, unknown>,
    selections: readonly string[],
    what: string,
    extra: Record<string, number> = {},
  ) {
    const typed = selections.filter((s) => (prices[s] ?? '').trim() !== '');
    const given = { ...Object.fromEntries(typed.map((s) => [s, oddsOf(prices[s] ?? '')])), ...extra };
    const isPartialOk = spec.type === 'outright' || spec.type === 'correctScore';
    if ((!isPartialOk && typed.length < selections.length) || Object.keys(given).length === 0) return refuse();
    if (Object.values(given).some((n) => Number.isNaN(n))) return refuse();
    run('manual/odds', { eventId, spec, prices: given }, what);
  }

  const priceInputs = (selections: readonly { id: string; name: string }[]) =>
    selections.map((s) => (
      <label className="field" key={s.id}>
        <span>{s.name}</span>
        <input
          name={`price-${s.id}`}
          inputMode="decimal"
          value={prices[s.id] ?? ''}
          onChange={(e) => setPrices((p) => ({ ...p, [s.id]: e.target.value }))}
        />
      </label>
    ));

  function marketRow(row: SportsbookEventLiability, m: Market) {
    const view = m.market;
    const eventId = row.event?.id ?? '';
    const name = view?.name ?? m.marketId;
    const spec = view ? specOf(view, row.event) : null;
    // Every competitor of an outright takes a price (the view lists the priced ones only).
    const repriced =
      view?.type === 'outright' && row.event?.competitors
        ? row.event.competitors.map((c) => ({ id: c, name: c }))
        : (view?.selections ?? []);
    const exposure = (id: string) => m.selections[id] ?? { stake: 0, bets: 0, payout: 0 };
    return (
      <div key={m.marketId} className="card sb-market" data-testid={`market-${m.marketId}`}>
        <h4>
          {name} <span className="badge">{view ? t(`sportsbook.statuses.${view.status}`) : '—'}</span>
          {m.riskStopped ? <span className="badge badge--danger"> {t('sportsbook.events.riskStopped')}</span> : null} ·{' '}
          {t('sportsbook.events.worst')}: <strong>{number(m.worstPayout)}</strong>
        </h4>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>{t('sportsbook.events.selection')}</th>
                <th className="num">{t('sportsbook.events.odds')}</th>
                <th className="num">{t('sportsbook.events.stake')}</th>
                <th className="num">{t('sportsbook.events.bets')}</th>
                <th className="num">{t('sportsbook.events.payout')}</th>
              </tr>
            </thead>
            <tbody>
              {(view?.selections ?? Object.keys(m.selections).map((id) => ({ id, name: id, odds: null }))).map((s) => (
                <tr key={s.id}>
                  <td data-label={t('sportsbook.events.selection')}>{s.name}</td>
                  <td className="num" data-label={t('sportsbook.events.odds')}>
                    {s.odds === null ? '—' : (s.odds / 1000).toFixed(2)}
                  </td>
                  <td className="num" data-label={t('sportsbook.events.stake')}>
                    {number(exposure(s.id).stake)}
                  </td>
                  <td className="num" data-label={t('sportsbook.events.bets')}>
                    {exposure(s.id).bets}
                  </td>
                  <td className="num" data-label={t('sportsbook.events.payout')}>
                    {number(exposure(s.id).payout)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {mayWrite && view ? (
          <div className="actions sb-actions">
            {view.status === 'open' ? (
              <button
                type="button"
                className="button"
                disabled={act.isPending}
                onClick={() => run('manual/stop', { eventId, marketIds: [view.id] }, `${t('sportsbook.actions.stopMarket')} ${name}`)}
              >
                {t('sportsbook.actions.stopMarket')}
              </button>
            ) : null}
            {spec && (view.status === 'open' || view.status === 'suspended') ? (
              <button
                type="button"
                className="button"
                onClick={() => {
                  setPrices({});
                  setRepricing(repricing === view.id ? null : view.id);
                }}
              >
                {t('sportsbook.actions.reprice')}
              </button>
            ) : null}
            {view.status === 'settled' ? (
              <button
                type="button"
                className="button"
                onClick={() => {
                  act.clearError();
                  setDialog({ kind: 'rollback', market: view });
                }}
              >
                {t('sportsbook.actions.rollback')}
              </button>
            ) : null}
            {view.status !== 'void' ? (
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  act.clearError();
                  setReason('');
                  if (row.event) setDialog({ kind: 'cancel', event: row, market: view });
                }}
              >
                {t('sportsbook.actions.cancelMarket')}
              </button>
            ) : null}
          </div>
        ) : null}
        {repricing === view?.id && spec && view ? (
          <form
            className="sb-prices sb-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              sendPrices(
                eventId,
                spec,
                repriced.map((s) => s.id),
                `${t('sportsbook.actions.reprice')} ${name}`,
              );
            }}
          >
            {priceInputs(repriced)}
            <button type="submit" className="button button--primary" disabled={act.isPending}>
              {t('sportsbook.actions.saveOdds')}
            </button>
          </form>
        ) : null}
      </div>
    );
  }

  /** The event's own stake cap (per member, all their undecided bets on it), or the global one. */
  function eventCapForm(event: EventView, limits: SportsbookLimitsView) {
    const own = limits.maxStakeByEvent[event.id];
    const value = eventCaps[event.id] ?? (own === undefined ? '' : String(own));
    const save = (maxStake: number | null, what: string) => {
      setEventCaps(({ [event.id]: _, ...rest }) => rest);
      run('limits/set', { maxStakeForEvent: { eventId: event.id, maxStake } }, what);
    };
    return (
      <form
        className="sb-event-cap sb-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const amount = amountOf(value);
          if (!value.trim() || !Number.isFinite(amount) || amount < 0) return refuse();
          save(amount, t('sportsbook.limits.eventSaved', { event: event.name }));
        }}
      >
        <label className="field">
          <span>
            {t('sportsbook.limits.eventCap')}{' '}
            <small className="muted">
              (
              {own === undefined
                ? t('sportsbook.limits.eventCapGlobal', { value: number(limits.maxStakePerEvent) })
                : t('sportsbook.limits.eventCapOwn')}
              )
            </small>
          </span>
          <input
            name={`event-cap-${event.id}`}
            inputMode="numeric"
            placeholder={String(limits.maxStakePerEvent)}
            value={value}
            disabled={!mayWrite}
            onChange={(e) => setEventCaps({ ...eventCaps, [event.id]: e.target.value })}
          />
        </label>
        {mayWrite ? (
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={act.isPending}>
              {t('sportsbook.limits.eventSave')}
            </button>
            {own !== undefined ? (
              <button
                type="button"
                className="button"
                disabled={act.isPending}
                onClick={() => save(null, t('sportsbook.limits.eventRemoved', { event: event.name }))}
              >
                {t('sportsbook.limits.eventRemove')}
              </button>
            ) : null}
          </div>
        ) : null}
      </form>
    );
  }

  function eventCard(row: SportsbookEventLiability, limits: SportsbookLimitsView) {
    const event = row.event;
    if (!event) return null;
    const expanded = open === event.id;
    return (
      <article key={event.id} className="card sb-event" data-testid={`event-${event.id}`}>
        <header className="sb-event__head">
          <button type="button" className="link-button" aria-expanded={expanded} onClick={() => setOpen(expanded ? null : event.id)}>
            <strong>{event.name}</strong>
          </button>{' '}
          <span className="muted">
            {event.competition.name} · {time(event.startsAt)} · {t(`sportsbook.phases.${event.phase}`)}
            {event.cancelled ? ` · ${t('sportsbook.events.cancelled')}` : ''} · {t('sportsbook.events.markets')}: {row.markets.length}
          </span>{' '}
          · {t('sportsbook.events.worst')}: <strong>{number(row.worstPayout)}</strong>
        </header>
        {expanded ? (
          <>
            {mayWrite ? (
              <div className="actions sb-actions">
                <button
                  type="button"
                  className="button"
                  disabled={act.isPending}
                  onClick={() => run('manual/stop', { eventId: event.id }, `${t('sportsbook.actions.stopEvent')} ${event.name}`)}
                >
                  {t('sportsbook.actions.stopEvent')}
                </button>
                {(['prematch', 'live', 'ended'] as const)
                  .filter((p) => p !== event.phase)
                  .map((p) => (
                    <button
                      key={p}
                      type="button"
                      className="button"
                      disabled={act.isPending}
                      onClick={() => run('manual/phase', { eventId: event.id, phase: p }, `${event.name}: ${t(`sportsbook.phases.${p}`)}`)}
                    >
                      {t('sportsbook.actions.setPhase', { phase: t(`sportsbook.phases.${p}`) })}
                    </button>
                  ))}
                {(['result', 'settle'] as const).map((kind) => (
                  <button
                    key={kind}
                    type="button"
                    className="button"
                    onClick={() => {
                      act.clearError();
                      setScores({ ftHome: '', ftAway: '', h1Home: '', h1Away: '' });
                      setStandings([]);
                      setFormError(null);
                      setDialog({ kind, event: row });
                    }}
                  >
                    {t(`sportsbook.actions.${kind}`)}
                  </button>
                ))}
                <button
                  type="button"
                  className="button button--danger"
                  onClick={() => {
                    act.clearError();
                    setReason('');
                    setDialog({ kind: 'cancel', event: row, market: null });
                  }}
                >
                  {t('sportsbook.actions.cancelEvent')}
                </button>
              </div>
            ) : null}
            {eventCapForm(event, limits)}
            {row.markets.map((m) => marketRow(row, m))}
            {mayWrite ? newMarketForm(event) : null}
          </>
        ) : null}
      </article>
    );
  }

  function newMarketForm(event: EventView) {
    const isOutright = event.kind === 'outright';
    const type: NewMarketType = isOutright ? 'outright' : newMarket.type;
    const competitors = event.competitors ?? [];
    const selections =
      type === 'outright'
        ? competitors.map((c) => ({ id: c, name: c }))
        : type === 'correctScore'
          ? [{ id: 'other', name: t('sportsbook.market.otherScores') }]
          : SELECTIONS[type].map((id) => ({ id, name: t(`sportsbook.market.selections.${id}`) }));
    const withLine = type === 'ah' || type === 'ou';
    return (
      <form
        className="sb-new-market sb-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (type === 'outright') {
            const places = Number(newMarket.places);
            if (!Number.isInteger(places) || places < 1 || places >= competitors.length) return refuse();
            return sendPrices(event.id, { type, places, competitors }, competitors, t('sportsbook.market.submit'));
          }
          if (type === 'correctScore') {
            const scores = correctScoresOf(newMarket.scores);
            if (!scores) return refuse();
            return sendPrices(
              event.id,
              { type, period: newMarket.period, scores: scores.scores },
              ['other'],
              t('sportsbook.market.submit'),
              scores.prices,
            );
          }
          const line = withLine ? lineOf(newMarket.line) : 0;
          if (Number.isNaN(line)) return refuse();
          const spec = { type, period: newMarket.period, ...(withLine ? { line } : {}) };
          sendPrices(event.id, spec, SELECTIONS[type], t('sportsbook.market.submit'));
        }}
      >
        <h4>{t('sportsbook.market.title')}</h4>
        {isOutright ? (
          <label className="field">
            <span>{t('sportsbook.market.places')}</span>
            <input
              name="places"
              inputMode="numeric"
              value={newMarket.places}
              onChange={(e) => setNewMarket({ ...newMarket, places: e.target.value })}
            />
          </label>
        ) : (
          <>
            <label className="field">
              <span>{t('sportsbook.market.type')}</span>
              <select
                name="type"
                value={newMarket.type}
                onChange={(e) => setNewMarket({ ...newMarket, type: e.target.value as NewMarketType })}
              >
                {NEW_MARKET_TYPES.map((each) => (
                  <option key={each} value={each}>
                    {t(`sportsbook.market.types.${each}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="field">
              <span>{t('sportsbook.market.period')}</span>
              <select
                name="period"
                value={newMarket.period}
                onChange={(e) => setNewMarket({ ...newMarket, period: e.target.value as 'ft' | 'h1' })}
              >
                <option value="ft">{t('sportsbook.market.periods.ft')}</option>
                <option value="h1">{t('sportsbook.market.periods.h1')}</option>
              </select>
            </label>
          </>
        )}
        {withLine ? (
          <label className="field">
            <span>{t('sportsbook.market.line')}</span>
            <input
              name="line"
              inputMode="decimal"
              value={newMarket.line}
              onChange={(e) => setNewMarket({ ...newMarket, line: e.target.value })}
            />
          </label>
        ) : null}
        {type === 'correctScore' ? (
          <label className="field field--wide">
            <span>{t('sportsbook.market.scores')}</span>
            <textarea
              name="scores"
              rows={5}
              value={newMarket.scores}
              onChange={(e) => setNewMarket({ ...newMarket, scores: e.target.value })}
            />
          </label>
        ) : null}
        {repricing === null ? priceInputs(selections) : null}
        <button type="submit" className="button button--primary" disabled={act.isPending}>
          {t('sportsbook.market.submit')}
        </button>
      </form>
    );
  }

  function createForm() {
    const field = (name: Exclude<keyof typeof created, 'kind' | 'competitors'>, type = 'text') => (
      <label className="field" key={name}>
        <span>{t(`sportsbook.create.${name}`)}</span>
        <input name={name} type={type} value={created[name]} onChange={(e) => setCreated({ ...created, [name]: e.target.value })} />
      </label>
    );
    const competitorsField = (
      <label className="field" key="competitors">
        <span>{t('sportsbook.create.competitors')}</span>
        <textarea
          name="competitors"
          rows={4}
          value={created.competitors}
          onChange={(e) => setCreated({ ...created, competitors: e.target.value })}
        />
      </label>
    );
    const isOutright = created.kind === 'outright';
    return (
      <form
        className="card sb-create sb-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // The operator's clock: the time typed is a real time in the operator's time zone.
          const startsAt = new Date(created.startsAt).getTime();
          const common = {
            sportId: created.sportId,
            competitionId: created.competitionId,
            startsAt: Number.isNaN(startsAt) ? null : startsAt,
          };
          if (isOutright) {
            const competitors = created.competitors
              .split('\n')
              .map((c) => c.trim())
              .filter(Boolean);
            run('manual/event', { ...common, name: created.name, competitors }, t('sportsbook.create.created', { event: created.name }));
            return;
          }
          run(
            'manual/event',
            { ...common, home: created.home, away: created.away },
            t('sportsbook.create.created', { event: `${created.home} – ${created.away}` }),
          );
        }}
      >
        <h2>{t('sportsbook.create.title')}</h2>
        <label className="field">
          <span>{t('sportsbook.create.kind')}</span>
          <select
            name="kind"
            value={created.kind}
            onChange={(e) => setCreated({ ...created, kind: e.target.value as 'match' | 'outright' })}
          >
            <option value="match">{t('sportsbook.create.kinds.match')}</option>
            <option value="outright">{t('sportsbook.create.kinds.outright')}</option>
          </select>
        </label>
        {field('sportId')}
        {field('competitionId')}
        {isOutright ? [field('name'), competitorsField] : [field('home'), field('away')]}
        {field('startsAt', 'datetime-local')}
        <button type="submit" className="button button--primary" disabled={act.isPending}>
          {t(isOutright ? 'sportsbook.create.submitOutright' : 'sportsbook.create.submit')}
        </button>
      </form>
    );
  }

  function limitsCard(data: SportsbookOverview) {
    const form = limitsForm ?? limitsOf(data.limits);
    const defaults = limitsOf(data.defaults);
    const input = (name: string, label: string) => (
      <label className="field" key={name}>
        <span>
          {label} <small className="muted">({t('sportsbook.limits.default', { value: defaults[name] })})</small>
        </span>
        <input
          name={name}
          inputMode="decimal"
          value={form[name] ?? ''}
          disabled={!mayWrite}
          onChange={(e) => setLimitsForm({ ...form, [name]: e.target.value })}
        />
      </label>
    );
    return (
      <form
        className="card sb-limits sb-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          saveLimits(data.limits);
        }}
      >
        <h2>{t('sportsbook.limits.title')}</h2>
        {LIMIT_FIELDS.map((k) => input(k, t(`sportsbook.limits.${k}`)))}
        {input('inPlayDelay', t('sportsbook.limits.inPlayDelay'))}
        {input('cashOutMargin', t('sportsbook.limits.cashOutMargin'))}
        <div className="field field--wide" data-testid="event-caps">
          <span>{t('sportsbook.limits.eventCaps')}</span>
          {data.eventLimits.length === 0 ? <p className="muted">{t('sportsbook.limits.eventCapsNone')}</p> : null}
          <ul>
            {data.eventLimits.map((each) => (
              <li key={each.eventId}>
                {each.event} · {number(each.maxStake)}{' '}
                {mayWrite ? (
                  <button
                    type="button"
                    className="button"
                    disabled={act.isPending}
                    onClick={() =>
                      run(
                        'limits/set',
                        { maxStakeForEvent: { eventId: each.eventId, maxStake: null } },
                        t('sportsbook.limits.eventRemoved', { event: each.event }),
                      )
                    }
                  >
                    {t('sportsbook.limits.eventRemove')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
        {mayWrite ? (
          <button type="submit" className="button button--primary" disabled={act.isPending}>
            {t('sportsbook.limits.save')}
          </button>
        ) : null}
      </form>
    );
  }

  function riskCard(data: SportsbookOverview) {
    return (
      <section className="card sb-risk" data-testid="risk-stops">
        <h2>{t('sportsbook.risk.title')}</h2>
        <p className="muted">{t('sportsbook.risk.hint')}</p>
        {data.stops.length === 0 ? <p>{t('sportsbook.risk.none')}</p> : null}
        <ul>
          {data.stops.map((stop) => {
            const name = `${stop.event} · ${stop.market}`;
            return (
              <li key={stop.marketId}>
                {name} · {t('sportsbook.events.worst')}: {number(stop.worstPayout)}{' '}
                {mayWrite ? (
                  <button
                    type="button"
                    className="button"
                    disabled={act.isPending}
                    onClick={() => run('risk/lift', { marketId: stop.marketId }, t('sportsbook.risk.lifted', { market: name }))}
                  >
                    {t('sportsbook.risk.lift')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
        {data.owed.length > 0 ? (
          <>
            <h3>{t('sportsbook.owed.title')}</h3>
            <p className="muted">{t('sportsbook.owed.hint')}</p>
            <ul>
              {data.owed.map((o) => (
                <li key={o.betId}>
                  {o.username} · {o.betId} · {number(o.amount)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
    );
  }

  function dialogView(d: Dialog) {
    if (d.kind === 'rollback')
      return (
        <DecisionDialog
          title={t('sportsbook.dialogs.rollbackTitle', { market: d.market.name })}
          hint={t('sportsbook.dialogs.rollbackHint')}
          submitLabel={t('sportsbook.actions.rollback')}
          tone="danger"
          error={act.error}
          isPending={act.isPending}
          onSubmit={() => run('manual/rollback', { marketId: d.market.id }, `${t('sportsbook.actions.rollback')} ${d.market.name}`)}
          onClose={() => setDialog(null)}
        />
      );
    const event = d.event.event;
    if (!event) return null;
    if (d.kind === 'cancel') {
      const what = d.market ? `${event.name} · ${d.market.name}` : event.name;
      return (
        <DecisionDialog
          title={t('sportsbook.dialogs.cancelTitle', { what })}
          hint={t('sportsbook.dialogs.cancelHint')}
          submitLabel={t(d.market ? 'sportsbook.actions.cancelMarket' : 'sportsbook.actions.cancelEvent')}
          tone="danger"
          error={act.error}
          isPending={act.isPending}
          onSubmit={() =>
            run(
              'manual/cancel',
              { eventId: event.id, ...(d.market ? { marketIds: [d.market.id] } : {}), reason },
              `${t('sportsbook.actions.cancelEvent')}: ${what}`,
            )
          }
          onClose={() => setDialog(null)}
        >
          <label className="field">
            <span>{t('sportsbook.dialogs.reason')}</span>
            <input name="reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
        </DecisionDialog>
      );
    }
    const settle = d.kind === 'settle';
    if (event.kind === 'outright') {
      // An outright's result is its finishing order: as many places as its markets pay; a dead heat
      // puts several competitors in one place.
      const places = Math.max(1, ...d.event.markets.map((m) => Number(m.market?.key.split(':')[1]) || 1));
      const competitors = event.competitors ?? [];
      const groups = standingGroups(standings, places);
      const setGroup = (i: number, group: string[]) => setStandings(groups.map((g, j) => (j === i ? group : g)));
      let position = 1;
      return (
        <DecisionDialog
          title={t(settle ? 'sportsbook.dialogs.settleTitle' : 'sportsbook.dialogs.resultTitle', { event: event.name })}
          hint={`${t(settle ? 'sportsbook.dialogs.settleHint' : 'sportsbook.dialogs.resultHint')} ${t('sportsbook.dialogs.deadHeatHint')}`}
          submitLabel={t(settle ? 'sportsbook.actions.settle' : 'sportsbook.actions.result')}
          tone={settle ? 'danger' : 'primary'}
          error={formError ?? act.error}
          isPending={act.isPending}
          onSubmit={() => {
            const named = groups.flat();
            if (named.some((c) => !c) || new Set(named).size !== named.length) return setFormError(t('sportsbook.dialogs.pickPlaces'));
            run(
              settle ? 'manual/settle' : 'manual/result',
              { eventId: event.id, result: { standings: groups } },
              `${t(`sportsbook.actions.${d.kind}`)} ${event.name}`,
            );
          }}
          onClose={() => setDialog(null)}
        >
          {groups.map((group, i) => {
            const place = position;
            position += group.length;
            const tied = group.length > 1;
            return (
              <fieldset className="sb-place" key={`place-${place}`} data-testid={`place-${i + 1}`}>
                <legend>
                  {t('sportsbook.dialogs.place', { place })}
                  {tied ? ` · ${t('sportsbook.dialogs.deadHeat', { count: group.length })}` : ''}
                </legend>
                {group.map((chosen, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a tied competitor's slot is its position in the place
                  <div className="sb-place__row" key={`${place}-${j}`}>
                    <select
                      name={`place-${i + 1}${j > 0 ? `-${j + 1}` : ''}`}
                      aria-label={
                        j === 0 ? t('sportsbook.dialogs.place', { place }) : t('sportsbook.dialogs.tiedWith', { place, n: j + 1 })
                      }
                      value={chosen}
                      onChange={(e) =>
                        setGroup(
                          i,
                          group.map((c, k) => (k === j ? e.target.value : c)),
                        )
                      }
                    >
                      <option value="">—</option>
                      {competitors.map((c) => (
                        <option key={c} value={c}>
                          {c}
                        </option>
                      ))}
                    </select>
                    {j > 0 ? (
                      <button
                        type="button"
                        className="button"
                        onClick={() =>
                          setGroup(
                            i,
                            group.filter((_, k) => k !== j),
                          )
                        }
                      >
                        {t('sportsbook.dialogs.untie')}
                      </button>
                    ) : null}
                  </div>
                ))}
                {group.length < competitors.length - 1 ? (
                  <button type="button" className="link-button" onClick={() => setGroup(i, [...group, ''])}>
                    {t('sportsbook.dialogs.addTie', { place })}
                  </button>
                ) : null}
              </fieldset>
            );
          })}
        </DecisionDialog>
      );
    }
    return (
      <DecisionDialog
        title={t(settle ? 'sportsbook.dialogs.settleTitle' : 'sportsbook.dialogs.resultTitle', { event: event.name })}
        hint={t(settle ? 'sportsbook.dialogs.settleHint' : 'sportsbook.dialogs.resultHint')}
        submitLabel={t(settle ? 'sportsbook.actions.settle' : 'sportsbook.actions.result')}
        tone={settle ? 'danger' : 'primary'}
        error={formError ?? act.error}
        isPending={act.isPending}
        onSubmit={() => {
          const result = resultOf();
          if (!result) return refuse();
          run(
            settle ? 'manual/settle' : 'manual/result',
            { eventId: event.id, result },
            `${t(`sportsbook.actions.${d.kind}`)} ${event.name}`,
          );
        }}
        onClose={() => setDialog(null)}
      >
        {(['ftHome', 'ftAway', 'h1Home', 'h1Away'] as const).map((k) => (
          <label className="field" key={k}>
            <span>{t(`sportsbook.dialogs.${k}`)}</span>
            <input name={k} inputMode="numeric" value={scores[k]} onChange={(e) => setScores({ ...scores, [k]: e.target.value })} />
          </label>
        ))}
      </DecisionDialog>
    );
  }

  const data = book.data;
  return (
    <section className="section" aria-labelledby="sportsbook-title">
      <header className="section__head">
        <h1 id="sportsbook-title">{t('sportsbook.title')}</h1>
      </header>
      <p className="muted">{t('sportsbook.intro')}</p>
      <Notice text={notice} />
      {(formError || act.error) && !dialog ? (
        <p className="alert alert--error" role="alert">
          {formError ?? act.error}
        </p>
      ) : null}
      <QueueState isLoading={book.isLoading} error={book.error} isEmpty={false} onRetry={() => void book.refetch()}>
        {data ? (
          <>
            {riskCard(data)}
            {limitsCard(data)}
            {mayWrite ? createForm() : null}
            <h2>{t('sportsbook.events.title')}</h2>
            <div className="filters sb-filters">
              <SelectFilter
                label={t('sportsbook.filters.sport')}
                name="sportId"
                value={filters.sportId}
                options={['', ...new Set([...data.sports.map((each) => each.id), ...(filters.sportId ? [filters.sportId] : [])])]}
                optionLabel={(id) => {
                  const sport = data.sports.find((each) => each.id === id);
                  return id === '' ? t('common.all') : sport ? `${sport.name} (${sport.count})` : id;
                }}
                onChange={(sportId) => filter({ sportId })}
              />
              <SelectFilter
                label={t('sportsbook.filters.state')}
                name="state"
                value={filters.state}
                options={['', ...SPORTSBOOK_EVENT_STATES] as const}
                optionLabel={(state) => t(`sportsbook.filters.states.${state || 'open'}`)}
                onChange={(state) => filter({ state })}
              />
              <label className="filters">
                {t('sportsbook.filters.day')}
                <input name="day" type="date" value={filters.day} onChange={(e) => filter({ day: e.target.value })} />
              </label>
              <TextFilter label={t('sportsbook.filters.search')} name="q" onApply={(q) => filter({ q })} />
            </div>
            {data.events.length === 0 ? <p className="muted">{t('sportsbook.events.none')}</p> : null}
            {data.events.map((row) => eventCard(row, data.limits))}
            {data.total > data.pageSize || page > 1 ? (
              <Pager page={data.page} pages={Math.max(1, Math.ceil(data.total / data.pageSize))} total={data.total} onPage={setPage} />
            ) : null}
          </>
        ) : null}
      </QueueState>
      {dialog ? dialogView(dialog) : null}
    </section>
  );
}
