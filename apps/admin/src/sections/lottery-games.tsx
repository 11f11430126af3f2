import {
  type AdminChangeRequest,
  type AdminLotteryGame,
  LOTTERY_CHANGE_KINDS,
  LOTTERY_CHANGE_STATUSES,
  type LotteryChangeStatus,
} from '@platform/contracts/lottery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, PagedTable, SelectFilter, Tabs } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useDecision, useQueuePage } from '../components/use-queue.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { lotteryGamesEn, lotteryGamesVi, lotteryGamesZh } from '../i18n/lottery-games.ts';
import { dateTime } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';
import { NewGameDialog, StationSchedule, scheduleProblem, WEEKDAYS, weekdayList } from './lottery-schedule.tsx';

addSectionTexts('lotteryGames', { vi: lotteryGamesVi, en: lotteryGamesEn, zh: lotteryGamesZh });

type Tab = 'games' | 'odds' | 'voids' | 'requests';
const TABS: readonly Tab[] = ['games', 'odds', 'voids', 'requests'];
const REGIONS = ['north', 'central', 'south'] as const;
type Region = (typeof REGIONS)[number];
type Odds = { region: Region; betType: string; oddsMilli: number; stakeMultiplier: number; isEnabled: boolean };
type OddsChange = { region: Region; betType: string; oddsMilli?: number; stakeMultiplier?: number; isEnabled?: boolean };
type VoidChange = { gameId: string; numero: string };
type Asking = { odds: Odds; oddsText: string; multiplierText: string; isEnabled: boolean };
type Deciding = { request: AdminChangeRequest; decision: 'approve' | 'reject' };
const ALL = 'all';

/** Typed odds ("95", "98,5") as thousandths per unit; NaN when not above 0 with at most 3 decimals. */
export function oddsMilliOf(text: string): number {
  const typed = text.trim().replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(typed)) return Number.NaN;
  const [whole = '0', fraction = ''] = typed.split('.');
  const milli = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return milli > 0 ? milli : Number.NaN;
}

/**
 * What an odds request sends: only the fields that differ from the odds in force (null when nothing
 * does), or the field the operator must correct.
 */
export function oddsRequestOf(
  asking: Asking,
): { change: Omit<OddsChange, 'region' | 'betType'> | null } | { problem: 'odds' | 'multiplier' } {
  const oddsMilli = oddsMilliOf(asking.oddsText);
  if (Number.isNaN(oddsMilli)) return { problem: 'odds' };
  const multiplier = asking.multiplierText.trim();
  if (!/^\d{1,4}$/.test(multiplier) || Number(multiplier) < 1 || Number(multiplier) > 1000) return { problem: 'multiplier' };
  const change: Omit<OddsChange, 'region' | 'betType'> = {};
  if (oddsMilli !== asking.odds.oddsMilli) change.oddsMilli = oddsMilli;
  if (Number(multiplier) !== asking.odds.stakeMultiplier) change.stakeMultiplier = Number(multiplier);
  if (asking.isEnabled !== asking.odds.isEnabled) change.isEnabled = asking.isEnabled;
  return { change: Object.keys(change).length > 0 ? change : null };
}

type GameForm = {
  isEnabled: boolean;
  lockSeconds: string;
  minStake: string;
  maxStake: string;
  maxPayoutPerNumber: string;
  sort: string;
  /** A station's weekdays and draw time (a fast game keeps its interval). */
  drawDays: number[];
  drawTime: string;
};
const GAME_NUMBERS = ['lockSeconds', 'minStake', 'maxStake', 'maxPayoutPerNumber', 'sort'] as const;

/** A game's form from the game as it is. */
export const gameFormOf = (game: AdminLotteryGame): GameForm => ({
  isEnabled: game.isEnabled,
  lockSeconds: String(game.lockSeconds),
  minStake: String(game.minStake),
  maxStake: String(game.maxStake),
  maxPayoutPerNumber: String(game.maxPayoutPerNumber),
  sort: String(game.sort),
  drawDays: [...game.drawDays],
  drawTime: game.drawTime ?? '',
});

/**
 * What a game's edit sends: only the fields that changed (null when none did), or the first field
 * that is not a whole number (group separators allowed) or a minimum stake above the maximum.
 */
export function gamePatchOf(
  game: AdminLotteryGame,
  form: GameForm,
): { patch: Record<string, number | boolean | string | number[]> | null } | { problem: string } {
  const patch: Record<string, number | boolean | string | number[]> = {};
  const values: Record<string, number> = {};
  for (const field of GAME_NUMBERS) {
    const digits = form[field].replace(/[\s.,_]/g, '');
    if (!/^\d{1,15}$/.test(digits)) return { problem: field };
    values[field] = Number(digits);
    if (values[field] !== Number(game[field])) patch[field] = values[field] as number;
  }
  if ((values.minStake as number) > (values.maxStake as number)) return { problem: 'stakes' };
  if (form.isEnabled !== game.isEnabled) patch.isEnabled = form.isEnabled;
  if (game.category === 'LOTT') {
    const problem = scheduleProblem(form);
    if (problem) return { problem };
    const days = WEEKDAYS.filter((day) => form.drawDays.includes(day));
    if (days.length !== game.drawDays.length || days.some((day) => !game.drawDays.includes(day))) patch.drawDays = days;
    if (form.drawTime.trim() !== game.drawTime) patch.drawTime = form.drawTime.trim();
  }
  return { patch: Object.keys(patch).length > 0 ? patch : null };
}

/**
 * Lottery games and odds (`lottery:read`): the stations and fast games, the odds per region and bet
 * type, and the four-eyes requests that change odds (`lottery:config`) or void a draw
 * (`lottery:result`), which another operator approves or rejects (`lottery:confirm`); the asker may
 * withdraw. Only an approval changes anything.
 */
export default function LotteryGamesSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const may = (permission: Parameters<typeof mayUse>[1]) => (operator ? mayUse(operator, permission) : false);
  const [tab, setTab] = useState<Tab>('odds');
  const [region, setRegion] = useState<Region>('north');
  const [status, setStatus] = useState<LotteryChangeStatus>('requested');
  const [kind, setKind] = useState<string>(ALL);
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [askReason, setAskReason] = useState('');
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [voidForm, setVoidForm] = useState({ gameId: '', numero: '', reason: '' });
  const [voidProblem, setVoidProblem] = useState<string | null>(null);
  const [editingGame, setEditingGame] = useState<{ game: AdminLotteryGame; form: GameForm } | null>(null);
  const [gameProblem, setGameProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const games = useQuery({
    queryKey: ['lottery', 'games'],
    queryFn: async () => (await adminGet<{ list: AdminLotteryGame[] }>('/lottery/games')).list,
  });
  const odds = useQuery({
    queryKey: ['queue', 'lottery-odds', region],
    queryFn: async () => (await adminGet<{ list: Odds[] }>(`/lottery/odds?region=${region}`)).list,
  });
  const waitingOdds = useQueuePage<AdminChangeRequest>('lottery-games', '/lottery/change-requests?status=requested&kind=odds&pageSize=100');
  const requests = useQueuePage<AdminChangeRequest>(
    'lottery-games',
    `/lottery/change-requests${queryString({ status, kind: kind === ALL ? undefined : kind, pageNo: page })}`,
  );

  const ask = useDecision(
    (value: { path: string; body: object }) => adminCall<AdminChangeRequest>('POST', value.path, value.body),
    (value, created) => {
      setNotice(t('lotteryGames.asked', { id: created.id }));
      if (value.path === '/lottery/voids') setVoidForm((form) => ({ gameId: form.gameId, numero: '', reason: '' }));
      else {
        setAsking(null);
        setAskReason('');
      }
    },
  );
  const saveGame = useDecision(
    (value: { gameId: string; patch: Record<string, number | boolean | string | number[]> }) =>
      adminCall<AdminLotteryGame>('PATCH', `/lottery/games/${value.gameId}`, value.patch),
    (value) => {
      setNotice(t('lotteryGames.gameSaved', { game: gameName(value.gameId) }));
      setEditingGame(null);
      void games.refetch();
    },
  );
  const decide = useDecision(
    (value: Deciding & { text: string }) =>
      adminCall<AdminChangeRequest>(
        'POST',
        `/lottery/change-requests/${value.request.id}/${value.decision}`,
        value.decision === 'approve' ? (value.text ? { note: value.text } : {}) : { reason: value.text },
      ),
    (value) => {
      setNotice(t(value.decision === 'approve' ? 'lotteryGames.approved' : 'lotteryGames.rejected', { id: value.request.id }));
      setDeciding(null);
      void odds.refetch();
    },
  );

  const regionName = (r: string) => t(`lotteryGames.regions.${r}`, { defaultValue: r });
  const betTypeName = (b: string) => t(`lotteryGames.betTypes.${b}`, { defaultValue: b });
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : i18n.language === 'zh' ? 'zh-CN' : 'vi-VN', {
      maximumFractionDigits: digits,
    }).format(value);
  const oddsText = (milli: number) => number(milli / 1000, 3);
  const gameName = (code: string) => {
    const game = games.data?.find((g) => g.gameId === code);
    return game ? `${game.name[i18n.language] ?? game.name.en ?? code} (${code})` : code;
  };
  const who = (id: number | null) => (id === null ? '—' : id === operator?.id ? t('lotteryGames.you') : t('lotteryGames.operator', { id }));
  const onOff = (on: boolean) => (on ? t('lotteryGames.on') : t('lotteryGames.off'));

  function describe(request: AdminChangeRequest): string {
    if (request.kind === 'void') {
      const change = request.change as VoidChange;
      const before = (request.before ?? {}) as { openTickets?: number; openStake?: number };
      const text = t('lotteryGames.voidOf', {
        game: gameName(change.gameId),
        numero: change.numero,
        tickets: number(before.openTickets ?? 0),
        stake: number(before.openStake ?? 0),
      });
      const refunded = (request.outcome as { refundedTickets?: number } | null)?.refundedTickets;
      return refunded === undefined ? text : `${text} · ${t('lotteryGames.refunded', { count: refunded })}`;
    }
    const change = request.change as OddsChange;
    const before = request.before as Omit<Odds, 'region' | 'betType'> | null;
    const parts: string[] = [];
    if (change.oddsMilli !== undefined)
      parts.push(t('lotteryGames.oddsFrom', { from: before ? oddsText(before.oddsMilli) : '—', to: oddsText(change.oddsMilli) }));
    if (change.stakeMultiplier !== undefined)
      parts.push(
        t('lotteryGames.multiplierFrom', { from: before ? number(before.stakeMultiplier) : '—', to: number(change.stakeMultiplier) }),
      );
    if (change.isEnabled !== undefined)
      parts.push(t('lotteryGames.offeredFrom', { from: before ? onOff(before.isEnabled) : '—', to: onOff(change.isEnabled) }));
    return t('lotteryGames.oddsChange', {
      betType: betTypeName(change.betType),
      region: regionName(change.region),
      changes: parts.join(', '),
    });
  }

  const waitingFor = (o: Odds) => waitingOdds.data?.list.find((r) => r.subject === `${o.region}:${o.betType}`);

  const gameColumns: Column<AdminLotteryGame>[] = [
    {
      key: 'game',
      header: t('lotteryGames.game'),
      className: 'text',
      cell: (g) => `${g.name[i18n.language] ?? g.name.en ?? g.gameId} (${g.gameId})`,
    },
    { key: 'region', header: t('lotteryGames.region'), cell: (g) => regionName(g.region) },
    {
      key: 'schedule',
      header: t('lotteryGames.schedule'),
      cell: (g) =>
        g.intervalSeconds
          ? t('lotteryGames.everyInterval', { seconds: g.intervalSeconds })
          : t('lotteryGames.weekdays', {
              days:
                g.drawDays.length === 7
                  ? t('lotteryGames.everyDay')
                  : weekdayList(g.drawDays, (day) => t(`lotteryGames.weekdayNames.${day}`)),
              time: g.drawTime ?? '',
            }),
    },
    { key: 'stakes', header: t('lotteryGames.stakes'), numeric: true, cell: (g) => `${number(g.minStake)} – ${number(g.maxStake)}` },
    { key: 'state', header: t('lotteryGames.state'), cell: (g) => onOff(g.isEnabled) },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (g) =>
        may('lottery:config') ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              saveGame.clearError();
              setGameProblem(null);
              setEditingGame({ game: g, form: gameFormOf(g) });
            }}
          >
            {t('lotteryGames.editGame')}
          </button>
        ) : null,
    },
  ];
  const oddsColumns: Column<Odds>[] = [
    { key: 'betType', header: t('lotteryGames.betType'), cell: (o) => betTypeName(o.betType) },
    { key: 'odds', header: t('lotteryGames.odds'), numeric: true, cell: (o) => oddsText(o.oddsMilli) },
    { key: 'multiplier', header: t('lotteryGames.multiplier'), numeric: true, cell: (o) => number(o.stakeMultiplier) },
    { key: 'state', header: t('lotteryGames.state'), cell: (o) => onOff(o.isEnabled) },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (o) => {
        const waiting = waitingFor(o);
        if (waiting) return <span className="badge badge--warn">{t('lotteryGames.waiting', { id: waiting.id })}</span>;
        return may('lottery:config') ? (
          <button type="button" className="button" onClick={() => openAsk(o)}>
            {t('lotteryGames.askChange')}
          </button>
        ) : null;
      },
    },
  ];
  const requestColumns: Column<AdminChangeRequest>[] = [
    { key: 'id', header: '#', cell: (r) => r.id },
    { key: 'kind', header: t('lotteryGames.request'), cell: (r) => t(`lotteryGames.kinds.${r.kind}`) },
    { key: 'what', header: t('lotteryGames.what'), className: 'text', cell: describe },
    { key: 'reason', header: t('lotteryGames.reason'), className: 'text', cell: (r) => r.reason },
    { key: 'askedBy', header: t('lotteryGames.askedBy'), cell: (r) => who(r.requestedBy) },
    status === 'requested'
      ? { key: 'age', header: t('common.age'), cell: (r) => <SlaAge createdAt={r.createdAt} /> }
      : {
          key: 'decided',
          header: t('lotteryGames.decidedBy'),
          cell: (r) =>
            `${who(r.status === 'withdrawn' ? r.requestedBy : r.decidedBy)} · ${r.decidedAt ? dateTime(r.decidedAt, i18n.language) : ''}`,
        },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (r) => {
        if (r.status !== 'requested') return r.decisionNote ?? null;
        const own = r.requestedBy === operator?.id;
        if (own)
          return (
            <div className="actions">
              <span className="muted">{t('lotteryGames.ownRequest')}</span>
              <button type="button" className="button" onClick={() => openDecide(r, 'reject')}>
                {t('lotteryGames.withdraw')}
              </button>
            </div>
          );
        return may('lottery:confirm') ? (
          <div className="actions">
            <button type="button" className="button button--primary" onClick={() => openDecide(r, 'approve')}>
              {t('lotteryGames.approve')}
            </button>
            <button type="button" className="button button--danger" onClick={() => openDecide(r, 'reject')}>
              {t('lotteryGames.reject')}
            </button>
          </div>
        ) : null;
      },
    },
  ];

  function openAsk(o: Odds) {
    ask.clearError();
    setProblem(null);
    setAsking({ odds: o, oddsText: String(o.oddsMilli / 1000), multiplierText: String(o.stakeMultiplier), isEnabled: o.isEnabled });
  }
  function openDecide(request: AdminChangeRequest, decision: 'approve' | 'reject') {
    decide.clearError();
    setDeciding({ request, decision });
  }
  function submitAsk() {
    if (!asking) return;
    const checked = oddsRequestOf(asking);
    if ('problem' in checked)
      return setProblem(t(checked.problem === 'odds' ? 'lotteryGames.oddsInvalid' : 'lotteryGames.multiplierInvalid'));
    if (checked.change === null) return setProblem(t('lotteryGames.nothingChanged'));
    if (askReason.trim().length < 3) return setProblem(t('lotteryGames.reasonRequired'));
    setProblem(null);
    ask.run({
      path: '/lottery/odds/requests',
      body: { region: asking.odds.region, betType: asking.odds.betType, ...checked.change, reason: askReason.trim() },
    });
  }

  function submitVoid() {
    const numero = voidForm.numero.trim();
    if (!voidForm.gameId) return setVoidProblem(t('lotteryGames.numeroInvalid'));
    if (!/^[0-9-]{1,32}$/.test(numero)) return setVoidProblem(t('lotteryGames.numeroInvalid'));
    if (voidForm.reason.trim().length < 3) return setVoidProblem(t('lotteryGames.reasonRequired'));
    setVoidProblem(null);
    ask.run({ path: '/lottery/voids', body: { gameId: voidForm.gameId, numero, reason: voidForm.reason.trim() } });
  }

  return (
    <section className="section" aria-labelledby="lottery-games-title">
      <header className="section__head">
        <h1 id="lottery-games-title">{t('lotteryGames.title')}</h1>
      </header>
      <p className="muted">{t('lotteryGames.intro')}</p>
      <Tabs
        tabs={TABS.filter((each) => each !== 'voids' || may('lottery:result'))}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setNotice(null);
        }}
        label={(key) => t(`lotteryGames.tabs.${key}`)}
      />
      <Notice text={notice} />
      {tab === 'games' ? (
        <div className="section__head">
          <p className="muted">{t('lotteryGames.scheduleRule')}</p>
          {may('lottery:config') ? (
            <button type="button" className="button button--primary" onClick={() => setAdding(true)}>
              {t('lotteryGames.newGame.title')}
            </button>
          ) : null}
        </div>
      ) : null}
      {tab === 'games' ? (
        <QueueState
          isLoading={games.isLoading}
          error={games.error}
          isEmpty={(games.data?.length ?? 0) === 0}
          onRetry={() => void games.refetch()}
        >
          <DataTable columns={gameColumns} rows={games.data ?? []} rowKey={(g) => g.gameId} rowTestId={(g) => `lottery-game-${g.gameId}`} />
        </QueueState>
      ) : null}
      {tab === 'odds' ? (
        <>
          <div className="filters">
            <SelectFilter
              label={t('lotteryGames.region')}
              name="region"
              value={region}
              options={REGIONS}
              optionLabel={regionName}
              onChange={(next) => setRegion(next)}
            />
          </div>
          <QueueState
            isLoading={odds.isLoading}
            error={odds.error}
            isEmpty={(odds.data?.length ?? 0) === 0}
            onRetry={() => void odds.refetch()}
          >
            <DataTable
              columns={oddsColumns}
              rows={odds.data ?? []}
              rowKey={(o) => o.betType}
              rowTestId={(o) => `odds-${o.region}-${o.betType}`}
            />
          </QueueState>
        </>
      ) : null}
      {tab === 'voids' ? (
        <form
          className="card form-card"
          onSubmit={(event) => {
            event.preventDefault();
            submitVoid();
          }}
        >
          <p className="muted">{t('lotteryGames.voidIntro')}</p>
          <label className="field">
            {t('lotteryGames.game')}
            <select name="gameId" value={voidForm.gameId} onChange={(e) => setVoidForm({ ...voidForm, gameId: e.target.value })}>
              <option value="">—</option>
              {(games.data ?? []).map((g) => (
                <option key={g.gameId} value={g.gameId}>
                  {gameName(g.gameId)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('lotteryGames.numero')}
            <input
              name="numero"
              value={voidForm.numero}
              onChange={(e) => setVoidForm({ ...voidForm, numero: e.target.value })}
              autoComplete="off"
            />
          </label>
          <label className="field">
            {t('lotteryGames.reason')}
            <textarea
              name="reason"
              value={voidForm.reason}
              onChange={(e) => setVoidForm({ ...voidForm, reason: e.target.value })}
              rows={2}
            />
          </label>
          {voidProblem || ask.error ? (
            <p className="alert alert--error" role="alert">
              {voidProblem ?? ask.error}
            </p>
          ) : null}
          <div className="actions">
            <button type="submit" className="button button--danger" disabled={ask.isPending}>
              {t('lotteryGames.askVoid')}
            </button>
          </div>
        </form>
      ) : null}
      {tab === 'requests' ? (
        <>
          <div className="filters">
            <SelectFilter
              label={t('lotteryGames.state')}
              name="status"
              value={status}
              options={LOTTERY_CHANGE_STATUSES}
              optionLabel={(value) => t(`lotteryGames.statuses.${value}`)}
              onChange={(next) => {
                setStatus(next);
                setPage(1);
              }}
            />
            <SelectFilter
              label={t('lotteryGames.request')}
              name="kind"
              value={kind}
              options={[ALL, ...LOTTERY_CHANGE_KINDS]}
              optionLabel={(value) => (value === ALL ? t('lotteryGames.allKinds') : t(`lotteryGames.kinds.${value}`))}
              onChange={(next) => {
                setKind(next);
                setPage(1);
              }}
            />
          </div>
          <PagedTable
            query={requests}
            page={page}
            onPage={setPage}
            columns={requestColumns}
            rowKey={(r) => r.id}
            rowTestId={(r) => `change-${r.id}`}
          />
        </>
      ) : null}
      {asking ? (
        <DecisionDialog
          title={t('lotteryGames.askTitle', { betType: betTypeName(asking.odds.betType), region: regionName(asking.odds.region) })}
          hint={t('lotteryGames.askHint')}
          submitLabel={t('lotteryGames.askChange')}
          error={problem ?? ask.error}
          isPending={ask.isPending}
          onSubmit={submitAsk}
          onClose={() => setAsking(null)}
        >
          <label className="field">
            {t('lotteryGames.oddsField')}
            <input
              name="odds"
              inputMode="decimal"
              value={asking.oddsText}
              onChange={(e) => setAsking({ ...asking, oddsText: e.target.value })}
            />
          </label>
          <label className="field">
            {t('lotteryGames.multiplierField')}
            <input
              name="multiplier"
              inputMode="numeric"
              value={asking.multiplierText}
              onChange={(e) => setAsking({ ...asking, multiplierText: e.target.value })}
            />
          </label>
          <label className="check">
            <input type="checkbox" checked={asking.isEnabled} onChange={(e) => setAsking({ ...asking, isEnabled: e.target.checked })} />{' '}
            {t('lotteryGames.offered')}
          </label>
          <label className="field">
            {t('lotteryGames.reason')}
            <textarea name="reason" rows={2} value={askReason} onChange={(e) => setAskReason(e.target.value)} />
          </label>
        </DecisionDialog>
      ) : null}
      {editingGame ? (
        <DecisionDialog
          title={t('lotteryGames.editGameTitle', { game: gameName(editingGame.game.gameId) })}
          hint={t('lotteryGames.editGameHint')}
          submitLabel={t('lotteryGames.saveGame')}
          error={gameProblem ?? saveGame.error}
          isPending={saveGame.isPending}
          onSubmit={() => {
            const checked = gamePatchOf(editingGame.game, editingGame.form);
            if ('problem' in checked) return setGameProblem(t(`lotteryGames.gameProblems.${checked.problem}`));
            if (checked.patch === null) return setGameProblem(t('lotteryGames.nothingChanged'));
            setGameProblem(null);
            saveGame.run({ gameId: editingGame.game.gameId, patch: checked.patch });
          }}
          onClose={() => setEditingGame(null)}
        >
          {editingGame.game.category === 'LOTT' ? (
            <StationSchedule
              drawDays={editingGame.form.drawDays}
              drawTime={editingGame.form.drawTime}
              onChange={(change) => setEditingGame({ ...editingGame, form: { ...editingGame.form, ...change } })}
            />
          ) : (
            <p className="muted">{t('lotteryGames.intervalFixed', { seconds: editingGame.game.intervalSeconds ?? 0 })}</p>
          )}
          <label className="check">
            <input
              type="checkbox"
              checked={editingGame.form.isEnabled}
              onChange={(e) => setEditingGame({ ...editingGame, form: { ...editingGame.form, isEnabled: e.target.checked } })}
            />{' '}
            {t('lotteryGames.offered')}
          </label>
          {GAME_NUMBERS.map((field) => (
            <label className="field" key={field}>
              {t(`lotteryGames.gameFields.${field}`)}
              <input
                name={field}
                inputMode="numeric"
                value={editingGame.form[field]}
                onChange={(e) => setEditingGame({ ...editingGame, form: { ...editingGame.form, [field]: e.target.value } })}
              />
            </label>
          ))}
        </DecisionDialog>
      ) : null}
      {adding ? (
        <NewGameDialog
          onDone={(game) => {
            setAdding(false);
            setNotice(
              t('lotteryGames.newGame.added', { game: `${game.name[i18n.language] ?? game.name.en ?? game.gameId} (${game.gameId})` }),
            );
            void games.refetch();
          }}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {deciding ? (
        <ReasonDialog
          title={t(
            deciding.decision === 'approve'
              ? 'lotteryGames.approveTitle'
              : deciding.request.requestedBy === operator?.id
                ? 'lotteryGames.withdrawTitle'
                : 'lotteryGames.rejectTitle',
            { id: deciding.request.id },
          )}
          hint={
            deciding.decision === 'approve'
              ? `${describe(deciding.request)}. ${t(deciding.request.kind === 'void' ? 'lotteryGames.approveVoidHint' : 'lotteryGames.approveOddsHint')}`
              : describe(deciding.request)
          }
          submitLabel={t(
            deciding.decision === 'approve'
              ? 'lotteryGames.approve'
              : deciding.request.requestedBy === operator?.id
                ? 'lotteryGames.withdraw'
                : 'lotteryGames.reject',
          )}
          tone={deciding.decision === 'approve' && deciding.request.kind === 'odds' ? 'primary' : 'danger'}
          decision={decide}
          text={deciding.decision === 'approve' ? 'optional' : 'required'}
          requiredText={t('lotteryGames.reasonRequired')}
          onConfirm={(text) => {
            if (deciding.decision === 'reject' && text.length < 3) return t('lotteryGames.reasonRequired');
            return decide.run({ ...deciding, text });
          }}
          onClose={() => setDeciding(null)}
        />
      ) : null}
    </section>
  );
}
