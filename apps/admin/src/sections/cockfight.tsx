import type { ArenaView, FightView, SettingsChange } from '@platform/contracts/cockfight';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';
import { amountOf, dateTime, oddsOf } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

type Side = 'meron' | 'wala' | 'draw' | 'cancelled';
type Action = {
  arenaId: string | null;
  action: 'open' | 'close' | 'result' | 'settings' | 'create' | 'retire';
  body: Record<string, unknown>;
  what: string;
};
type Form = {
  name: string;
  mode: 'pari-mutuel' | 'fixed';
  commission: string;
  meron: string;
  wala: string;
  streamUrl: string;
  min: string;
  max: string;
  drawMax: string;
};

/** A commission typed in percent (5 or 2.5) in basis points; NaN when not a number. */
function commissionOf(text: string): number {
  const t = text.trim().replace(',', '.');
  return /^[0-9]{1,2}(\.[0-9]{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}

const formOf = (arena: ArenaView): Form => ({
  name: arena.settings.name,
  mode: arena.settings.mode,
  commission: String(arena.settings.commissionBp / 100),
  meron: (arena.settings.odds.meron / 1000).toFixed(2),
  wala: (arena.settings.odds.wala / 1000).toFixed(2),
  streamUrl: arena.settings.streamUrl,
  min: String(arena.settings.limits.min),
  max: String(arena.settings.limits.max),
  drawMax: String(arena.settings.limits.drawMax),
});

/**
 * The house cockfight arenas (a new one with its name, stream and mode; members find them in the
 * game's list of arenas): each arena's current fight with its live pools and returns per 100
 * (or its fixed odds), the operator's buttons to open betting, close it and declare the result (with
 * a confirmation), the arena's settings (mode, commission, odds, limits, stream address) and the last
 * fights. Reading needs game:read; acting needs game:write, and the platform audits every action.
 */
export default function CockfightSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'game:write') : false;
  const [notice, setNotice] = useState<string | null>(null);
  const [declaring, setDeclaring] = useState<{ arenaId: string; fight: number; side: Side } | null>(null);
  const [retiring, setRetiring] = useState<ArenaView | null>(null);
  const [forms, setForms] = useState<Record<string, Form>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; streamUrl: string; mode: Form['mode'] }>({
    name: '',
    streamUrl: '',
    mode: 'pari-mutuel',
  });
  const arenas = useQuery({
    queryKey: ['queue', 'cockfight'],
    queryFn: () => adminGet<{ arenas: ArenaView[] }>('/house/cockfight'),
    refetchInterval: 3_000,
  });
  const number = (amount: number) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : i18n.language === 'zh' ? 'zh-CN' : 'vi-VN').format(amount);
  const act = useDecision(
    (value: Action) =>
      adminCall('POST', value.arenaId ? `/house/cockfight/${value.arenaId}/${value.action}` : '/house/cockfight/arenas', value.body),
    (value) => {
      setNotice(t('cockfight.done', { what: value.what }));
      setDeclaring(null);
      setRetiring(null);
      if (value.action === 'create') setCreated({ name: '', streamUrl: '', mode: 'pari-mutuel' });
      // The saved settings are the arena's now: the form shows them again.
      if (value.action === 'settings' && value.arenaId) setForms(({ [value.arenaId as string]: _saved, ...rest }) => rest);
    },
  );
  const sideName = (side: string | null) => (side ? t(`cockfight.sides.${side}`) : '—');
  /** The arena's name as members read it: the operator's, else "Arena <n>". */
  const arenaName = (arena: ArenaView) => arena.settings.name || t('cockfight.arenaNamed', { n: arena.arenaId.replace(/^a/, '') });

  const historyColumns: Column<FightView>[] = [
    { key: 'fight', header: '#', numeric: true, cell: (f) => f.fight },
    { key: 'result', header: t('cockfight.result'), cell: (f) => <strong className={`cf-${f.result}`}>{sideName(f.result)}</strong> },
    { key: 'mode', header: t('cockfight.modeColumn'), cell: (f) => t(`cockfight.modes.${f.terms.mode}`) },
    { key: 'staked', header: t('cockfight.staked'), numeric: true, cell: (f) => number(f.staked) },
    { key: 'paid', header: t('cockfight.paid'), numeric: true, cell: (f) => number(f.paid) },
  ];

  function saveSettings(arena: ArenaView) {
    const form = forms[arena.arenaId] ?? formOf(arena);
    const change: SettingsChange = {
      ...(form.name.trim() ? { name: form.name.trim() } : {}),
      mode: form.mode,
      commissionBp: commissionOf(form.commission),
      odds: { meron: oddsOf(form.meron), wala: oddsOf(form.wala) },
      streamUrl: form.streamUrl.trim(),
      limits: { min: amountOf(form.min), max: amountOf(form.max), drawMax: amountOf(form.drawMax) },
    };
    const numbers = [
      change.commissionBp,
      change.odds?.meron,
      change.odds?.wala,
      change.limits?.min,
      change.limits?.max,
      change.limits?.drawMax,
    ];
    if (numbers.some((n) => n === undefined || Number.isNaN(n))) {
      setFormError(t('cockfight.badNumber'));
      return;
    }
    setFormError(null);
    act.run({ arenaId: arena.arenaId, action: 'settings', body: change, what: t('cockfight.saved', { arena: arenaName(arena) }) });
  }

  function fightPanel(arena: ArenaView) {
    const fight = arena.fight;
    const label = (key: string) => t(key);
    return (
      <div className="cf-fight" data-testid={`cockfight-${arena.arenaId}`}>
        {fight ? (
          <>
            <h3>
              {t('cockfight.fight', { fight: fight.fight })} ·{' '}
              <span className={`badge cf-phase-${fight.phase}`}>{t(`cockfight.phase.${fight.phase}`)}</span>{' '}
              <span className="muted">{t(`cockfight.modes.${fight.terms.mode}`)}</span>
            </h3>
            <dl className="cf-figures">
              {(['meron', 'wala', 'draw'] as const).map((side) => (
                <div key={side}>
                  <dt>{sideName(side)}</dt>
                  <dd>
                    {t('cockfight.pools')}: <strong>{number(fight.pools[side])}</strong>
                    {side !== 'draw' && fight.terms.mode === 'pari-mutuel' ? (
                      <>
                        {' '}
                        · {t('cockfight.per100')}: {fight.per100[side] === null ? '—' : (fight.per100[side] / 100).toFixed(2)}
                      </>
                    ) : null}
                    {side !== 'draw' && fight.terms.mode === 'fixed' ? (
                      <>
                        {' '}
                        · {t('cockfight.odds')}: {(fight.terms.odds[side] / 1000).toFixed(2)}
                      </>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="muted">
              {t('cockfight.bets', { count: fight.betCount, staked: number(fight.staked) })}
              {fight.result ? ` · ${t('cockfight.result')}: ${sideName(fight.result)}` : ''}
            </p>
          </>
        ) : (
          <p className="muted">{t('cockfight.noFight')}</p>
        )}
        {mayWrite ? (
          <div className="cf-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={act.isPending || (fight !== null && fight.phase !== 'settled')}
              onClick={() => act.run({ arenaId: arena.arenaId, action: 'open', body: {}, what: label('cockfight.open') })}
            >
              {t('cockfight.open')}
            </button>
            <button
              type="button"
              className="button"
              disabled={act.isPending || fight?.phase !== 'betting'}
              onClick={() => act.run({ arenaId: arena.arenaId, action: 'close', body: {}, what: label('cockfight.close') })}
            >
              {t('cockfight.close')}
            </button>
            {(['meron', 'wala', 'draw', 'cancelled'] as const).map((side) => (
              <button
                key={side}
                type="button"
                className={`button cf-declare cf-${side}`}
                disabled={act.isPending || fight?.phase !== 'closed'}
                onClick={() => {
                  act.clearError();
                  if (fight) setDeclaring({ arenaId: arena.arenaId, fight: fight.fight, side });
                }}
              >
                {t('cockfight.declare', { side: sideName(side) })}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    );
  }

  function settingsForm(arena: ArenaView) {
    const form = forms[arena.arenaId] ?? formOf(arena);
    const set = (patch: Partial<Form>) => setForms((all) => ({ ...all, [arena.arenaId]: { ...form, ...patch } }));
    const input = (name: Exclude<keyof Form, 'mode'>, label: string, inputMode: 'numeric' | 'decimal' | 'url' | 'text' = 'numeric') => (
      <label className="field" key={name}>
        <span>{label}</span>
        <input
          name={name}
          inputMode={inputMode}
          placeholder={name === 'name' ? arenaName(arena) : undefined}
          value={form[name]}
          disabled={!mayWrite}
          onChange={(e) => set({ [name]: e.target.value })}
        />
      </label>
    );
    return (
      <form
        className="cf-settings"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          saveSettings(arena);
        }}
      >
        <h3>{t('cockfight.settings')}</h3>
        {input('name', t('cockfight.name'), 'text')}
        <label className="field">
          <span>{t('cockfight.mode')}</span>
          <select name="mode" value={form.mode} disabled={!mayWrite} onChange={(e) => set({ mode: e.target.value as Form['mode'] })}>
            <option value="pari-mutuel">{t('cockfight.modes.pari-mutuel')}</option>
            <option value="fixed">{t('cockfight.modes.fixed')}</option>
          </select>
        </label>
        {input('commission', t('cockfight.commission'), 'decimal')}
        {input('meron', t('cockfight.oddsMeron'), 'decimal')}
        {input('wala', t('cockfight.oddsWala'), 'decimal')}
        {input('streamUrl', t('cockfight.streamUrl'), 'url')}
        {input('min', t('cockfight.min'))}
        {input('max', t('cockfight.max'))}
        {input('drawMax', t('cockfight.drawMax'))}
        {formError ? (
          <p className="alert alert--error" role="alert">
            {formError}
          </p>
        ) : null}
        {mayWrite ? (
          <button type="submit" className="button button--primary" disabled={act.isPending}>
            {t('cockfight.save')}
          </button>
        ) : null}
      </form>
    );
  }

  function createForm() {
    return (
      <form
        className="card cf-create cf-settings"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const name = created.name.trim();
          if (!name) return setCreateError(t('cockfight.create.needName'));
          setCreateError(null);
          act.run({
            arenaId: null,
            action: 'create',
            body: { name, mode: created.mode, streamUrl: created.streamUrl.trim() },
            what: t('cockfight.create.created', { arena: name }),
          });
        }}
      >
        <h2>{t('cockfight.create.title')}</h2>
        <label className="field">
          <span>{t('cockfight.name')}</span>
          <input name="name" value={created.name} onChange={(e) => setCreated({ ...created, name: e.target.value })} />
        </label>
        <label className="field">
          <span>{t('cockfight.streamUrl')}</span>
          <input
            name="streamUrl"
            inputMode="url"
            value={created.streamUrl}
            onChange={(e) => setCreated({ ...created, streamUrl: e.target.value })}
          />
        </label>
        <label className="field">
          <span>{t('cockfight.modeColumn')}</span>
          <select name="mode" value={created.mode} onChange={(e) => setCreated({ ...created, mode: e.target.value as Form['mode'] })}>
            <option value="pari-mutuel">{t('cockfight.modes.pari-mutuel')}</option>
            <option value="fixed">{t('cockfight.modes.fixed')}</option>
          </select>
        </label>
        {createError ? (
          <p className="alert alert--error" role="alert">
            {createError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={act.isPending}>
          {t('cockfight.create.submit')}
        </button>
      </form>
    );
  }

  return (
    <section className="section" aria-labelledby="cockfight-title">
      <header className="section__head">
        <h1 id="cockfight-title">{t('cockfight.title')}</h1>
      </header>
      <p className="muted">{t('cockfight.intro')}</p>
      <Notice text={notice} />
      {act.error && !declaring && !retiring ? (
        <p className="alert alert--error" role="alert">
          {act.error}
        </p>
      ) : null}
      {mayWrite ? createForm() : null}
      <QueueState
        isLoading={arenas.isLoading}
        error={arenas.error}
        isEmpty={(arenas.data?.arenas.length ?? 0) === 0}
        onRetry={() => void arenas.refetch()}
      >
        {/* The open arenas first; a closed one stays listed for its past fights. */}
        {[...(arenas.data?.arenas ?? [])]
          .sort((a, b) => Number(a.closedAt !== null) - Number(b.closedAt !== null))
          .map((arena) => (
            <article
              key={arena.arenaId}
              className={`card cf-arena${arena.closedAt !== null ? ' cf-arena--closed' : ''}`}
              data-testid={`arena-${arena.arenaId}`}
            >
              <h2>
                {arenaName(arena)} <span className="muted">{arena.arenaId}</span>
                {arena.closedAt !== null ? (
                  <>
                    {' '}
                    <span className="badge">
                      {t('cockfight.closedOn', { date: dateTime(new Date(arena.closedAt).toISOString(), i18n.language) })}
                    </span>
                  </>
                ) : null}
              </h2>
              {arena.closedAt !== null ? (
                <p className="muted">{t('cockfight.closedNote')}</p>
              ) : (
                <>
                  <p className="muted">
                    {t('cockfight.stream')}: {arena.settings.streamUrl || t('cockfight.noStream')}
                  </p>
                  {fightPanel(arena)}
                  {settingsForm(arena)}
                  {mayWrite ? (
                    <div className="cf-actions">
                      <button
                        type="button"
                        className="button button--danger"
                        disabled={act.isPending}
                        onClick={() => {
                          act.clearError();
                          setRetiring(arena);
                        }}
                      >
                        {t('cockfight.retire')}
                      </button>
                    </div>
                  ) : null}
                </>
              )}
              <h3>{t('cockfight.history')}</h3>
              <DataTable
                columns={historyColumns}
                rows={arena.history}
                rowKey={(f) => String(f.fight)}
                rowTestId={(f) => `fight-${f.fight}`}
              />
            </article>
          ))}
      </QueueState>
      {retiring ? (
        <DecisionDialog
          title={t('cockfight.retireTitle', { arena: arenaName(retiring) })}
          hint={t('cockfight.retireHint')}
          submitLabel={t('cockfight.retire')}
          tone="danger"
          error={act.error}
          isPending={act.isPending}
          onSubmit={() =>
            act.run({
              arenaId: retiring.arenaId,
              action: 'retire',
              body: {},
              what: t('cockfight.retired', { arena: arenaName(retiring) }),
            })
          }
          onClose={() => setRetiring(null)}
        />
      ) : null}
      {declaring ? (
        <DecisionDialog
          title={t('cockfight.confirmTitle', { fight: declaring.fight })}
          hint={t('cockfight.confirmHint', { side: sideName(declaring.side) })}
          submitLabel={t('cockfight.confirm', { side: sideName(declaring.side) })}
          tone="danger"
          error={act.error}
          isPending={act.isPending}
          onSubmit={() =>
            act.run({
              arenaId: declaring.arenaId,
              action: 'result',
              body: { result: declaring.side, fight: declaring.fight },
              what: t('cockfight.declare', { side: sideName(declaring.side) }),
            })
          }
          onClose={() => setDeclaring(null)}
        />
      ) : null}
    </section>
  );
}
