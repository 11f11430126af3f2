import type { SportsbookEventLiability, SportsbookLimitsView, SportsbookOverview } from '@platform/contracts/sportsbook-operator';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';
import { amountOf, oddsOf } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

type Market = SportsbookEventLiability['markets'][number];
type MarketView = NonNullable<Market['market']>;
type Call = { call: string; body: Record<string, unknown>; what: string };
type Dialog =
  | { kind: 'settle' | 'result'; event: SportsbookEventLiability }
  | { kind: 'cancel'; event: SportsbookEventLiability; market: MarketView | null }
  | { kind: 'rollback'; market: MarketView };

const NEW_MARKET_TYPES = ['1x2', 'moneyline', 'ah', 'ou', 'oddEven', 'dnb', 'doubleChance'] as const;
type NewMarketType = (typeof NEW_MARKET_TYPES)[number];
const SELECTIONS: Record<NewMarketType, readonly string[]> = {
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

/** A score typed as a whole number, 0 or more; null when empty, NaN when not a number. */
function scoreOf(text: string): number | null {
  const t = text.trim();
  if (!t) return null;
  return /^[0-9]{1,3}$/.test(t) ? Number(t) : Number.NaN;
}

/** The market's definition again from its view (the same definition reprices the same market); null for correct score and outrights. */
function specOf(m: MarketView): Record<string, unknown> | null {
  const v = m as MarketView & { period?: string; line?: number; map?: number };
  switch (m.type) {
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

const LIMIT_FIELDS = ['minStake', 'maxStake', 'maxPayout', 'liabilityLimit'] as const;

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
  const [created, setCreated] = useState({ sportId: 'football', competitionId: 'fb-premier', home: '', away: '', startsAt: '' });
  const [newMarket, setNewMarket] = useState<{ type: NewMarketType; period: 'ft' | 'h1'; line: string }>({
    type: '1x2',
    period: 'ft',
    line: '',
  });
  const book = useQuery({
    queryKey: ['queue', 'sportsbook'],
    queryFn: () => adminGet<SportsbookOverview>('/house/sportsbook'),
    refetchInterval: 5_000,
  });
  const locale = i18n.language === 'en' ? 'en-GB' : i18n.language === 'zh' ? 'zh-CN' : 'vi-VN';
  const number = (amount: number) => new Intl.NumberFormat(locale).format(amount);
  const time = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(ms);
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

  function sendPrices(eventId: string, spec: Record<string, unknown>, selections: readonly string[], what: string) {
    const given = Object.fromEntries(selections.map((s) => [s, oddsOf(prices[s] ?? '')]));
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
    const spec = view ? specOf(view) : null;
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
                view.selections.map((s) => s.id),
                `${t('sportsbook.actions.reprice')} ${name}`,
              );
            }}
          >
            {priceInputs(view.selections)}
            <button type="submit" className="button button--primary" disabled={act.isPending}>
              {t('sportsbook.actions.saveOdds')}
            </button>
          </form>
        ) : null}
      </div>
    );
  }

  function eventCard(row: SportsbookEventLiability) {
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
            {row.markets.map((m) => marketRow(row, m))}
            {mayWrite ? newMarketForm(event.id) : null}
          </>
        ) : null}
      </article>
    );
  }

  function newMarketForm(eventId: string) {
    const selections = SELECTIONS[newMarket.type].map((id) => ({ id, name: t(`sportsbook.market.selections.${id}`) }));
    const withLine = newMarket.type === 'ah' || newMarket.type === 'ou';
    return (
      <form
        className="sb-new-market sb-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const line = withLine ? lineOf(newMarket.line) : 0;
          if (Number.isNaN(line)) return refuse();
          const spec = { type: newMarket.type, period: newMarket.period, ...(withLine ? { line } : {}) };
          sendPrices(eventId, spec, SELECTIONS[newMarket.type], t('sportsbook.market.submit'));
        }}
      >
        <h4>{t('sportsbook.market.title')}</h4>
        <label className="field">
          <span>{t('sportsbook.market.type')}</span>
          <select
            name="type"
            value={newMarket.type}
            onChange={(e) => setNewMarket({ ...newMarket, type: e.target.value as NewMarketType })}
          >
            {NEW_MARKET_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`sportsbook.market.types.${type}`)}
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
        {repricing === null ? priceInputs(selections) : null}
        <button type="submit" className="button button--primary" disabled={act.isPending}>
          {t('sportsbook.market.submit')}
        </button>
      </form>
    );
  }

  function createForm() {
    const field = (name: keyof typeof created, type = 'text') => (
      <label className="field" key={name}>
        <span>{t(`sportsbook.create.${name}`)}</span>
        <input name={name} type={type} value={created[name]} onChange={(e) => setCreated({ ...created, [name]: e.target.value })} />
      </label>
    );
    return (
      <form
        className="card sb-create sb-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const startsAt = new Date(created.startsAt).getTime();
          const body = {
            sportId: created.sportId,
            competitionId: created.competitionId,
            home: created.home,
            away: created.away,
            startsAt: Number.isNaN(startsAt) ? null : startsAt,
          };
          run('manual/event', body, t('sportsbook.create.created', { event: `${created.home} – ${created.away}` }));
        }}
      >
        <h2>{t('sportsbook.create.title')}</h2>
        {field('sportId')}
        {field('competitionId')}
        {field('home')}
        {field('away')}
        {field('startsAt', 'datetime-local')}
        <button type="submit" className="button button--primary" disabled={act.isPending}>
          {t('sportsbook.create.submit')}
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
        {mayWrite ? (
          <button type="submit" className="button button--primary" disabled={act.isPending}>
            {t('sportsbook.limits.save')}
          </button>
        ) : null}
      </form>
    );
  }

  function riskCard(data: SportsbookOverview) {
    const stopped = data.events.flatMap((row) => row.markets.filter((m) => m.riskStopped).map((m) => ({ row, m })));
    return (
      <section className="card sb-risk" data-testid="risk-stops">
        <h2>{t('sportsbook.risk.title')}</h2>
        <p className="muted">{t('sportsbook.risk.hint')}</p>
        {stopped.length === 0 ? <p>{t('sportsbook.risk.none')}</p> : null}
        <ul>
          {stopped.map(({ row, m }) => {
            const name = `${row.event?.name ?? ''} · ${m.market?.name ?? m.marketId}`;
            return (
              <li key={m.marketId}>
                {name} · {t('sportsbook.events.worst')}: {number(m.worstPayout)}{' '}
                {mayWrite ? (
                  <button
                    type="button"
                    className="button"
                    disabled={act.isPending}
                    onClick={() => run('risk/lift', { marketId: m.marketId }, t('sportsbook.risk.lifted', { market: name }))}
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
            {data.events.length === 0 ? <p className="muted">{t('sportsbook.events.none')}</p> : null}
            {data.events.map(eventCard)}
          </>
        ) : null}
      </QueueState>
      {dialog ? dialogView(dialog) : null}
    </section>
  );
}
