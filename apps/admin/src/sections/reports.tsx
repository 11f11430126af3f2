import type {
  ReportGgr,
  ReportLiability,
  ReportMoney,
  ReportPlayers,
  ReportRg,
  ReportRgTriggers,
  ReportTop,
} from '@platform/contracts/reports';
import { RG_REFUSAL_REASONS } from '@platform/contracts/responsible-gaming';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { DayChart } from '../components/day-chart.tsx';
import { Notice, QueueState } from '../components/queue-parts.tsx';
import { addSectionTexts, errorText } from '../i18n/i18n.ts';
import { reportTriggersEn, reportTriggersVi, reportTriggersZh } from '../i18n/report-triggers.ts';
import { money } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

// The triggers tab's texts join the reports' own (deep merge under `reports`).
addSectionTexts('reports', { vi: reportTriggersVi, en: reportTriggersEn, zh: reportTriggersZh });

type Tab = 'ggr' | 'money' | 'players' | 'top' | 'liability' | 'rg' | 'rg-triggers';
const TABS: readonly Tab[] = ['ggr', 'money', 'players', 'top', 'liability', 'rg', 'rg-triggers'];
/** A refusal's reason (a limit, or the member's break or self-exclusion) and its line in the chart. */
const KIND_COLOURS = { deposit: 'accent', loss: 'danger', wager: 'muted', break: 'warn', self_exclusion: 'ok' } as const;
type Grouping = 'day' | 'vendor' | 'category';

/**
 * A date as `YYYY-MM-DD`, `days` from today in the zone (the merchant's, once a report has named it;
 * the browser's before).
 */
function dayFromToday(days: number, timeZone?: string): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function useReport<T>(path: string, enabled = true) {
  return useQuery({ queryKey: ['report', path], queryFn: () => adminGet<T>(path), placeholderData: keepPreviousData, enabled });
}

/**
 * Starts the browser's own download of a streamed CSV export: a one-time link is made for it (a
 * plain link cannot carry the bearer header), then followed, so the rows go straight to a file.
 */
async function downloadCsv(name: string, params: Record<string, string | number>): Promise<void> {
  const { url } = await adminCall<{ url: string }>('POST', '/reports/downloads', {
    path: `/admin-api/reports/${name}.csv${queryString(params)}`,
  });
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The column names of the table a row is in: each cell carries its own (the narrow layout shows them beside the values). */
const ColumnNames = createContext<readonly string[]>([]);

function Table({ head, children, testId }: { head: readonly string[]; children: ReactNode; testId?: string }) {
  return (
    <div className="table-wrap" data-testid={testId}>
      <table className="table">
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <ColumnNames.Provider value={head}>{children}</ColumnNames.Provider>
        </tbody>
      </table>
    </div>
  );
}

function Cells({ label, values, className }: { label: string; values: readonly (string | number | null)[]; className?: string }) {
  const head = useContext(ColumnNames);
  return (
    <tr className={className}>
      <td data-label={head[0]}>{label}</td>
      {values.map((v, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are fixed columns
        <td key={i} className="num" data-label={head[i + 1]}>
          {v ?? '—'}
        </td>
      ))}
    </tr>
  );
}

/** The reports: GGR and NGR, money, players, top members, liability and responsible gaming, each with its CSV. */
export default function ReportsSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const canExport = operator ? mayUse(operator, 'report:export') : false;
  const [tab, setTab] = useState<Tab>('ggr');
  const [from, setFrom] = useState(() => dayFromToday(-6));
  const [to, setTo] = useState(() => dayFromToday(0));
  const [by, setBy] = useState<Grouping>('day');
  const [isRangeChosen, setIsRangeChosen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const range = { from, to };
  const isRange = from !== '' && to !== '' && from <= to;

  const ggr = useReport<ReportGgr>(`/reports/ggr${queryString({ ...range, by })}`, tab === 'ggr' && isRange);
  const cash = useReport<ReportMoney>(`/reports/money${queryString(range)}`, tab === 'money' && isRange);
  const players = useReport<ReportPlayers>(`/reports/players${queryString(range)}`, tab === 'players' && isRange);
  const top = useReport<ReportTop>(`/reports/top${queryString({ ...range, limit: 20 })}`, tab === 'top' && isRange);
  const liability = useReport<ReportLiability>('/reports/liability', tab === 'liability');
  const rg = useReport<ReportRg>('/reports/responsible-gaming', tab === 'rg');
  const triggers = useReport<ReportRgTriggers>(`/reports/rg-triggers${queryString(range)}`, tab === 'rg-triggers' && isRange);

  // The default range is the merchant's last seven days: moved to its zone once a report names it.
  const zone = ggr.data?.timeZone ?? cash.data?.timeZone ?? players.data?.timeZone ?? top.data?.timeZone ?? triggers.data?.timeZone;
  useEffect(() => {
    if (zone === undefined || isRangeChosen) return;
    setFrom(dayFromToday(-6, zone));
    setTo(dayFromToday(0, zone));
  }, [zone, isRangeChosen]);

  const currency = ggr.data?.currency ?? cash.data?.currency ?? top.data?.currency ?? liability.data?.balances[0]?.currency ?? 'VND';
  const amount = (value: number | null) => (value === null ? null : money(value, currency, i18n.language));

  const exportFile = async (name: string, params: Record<string, string | number>) => {
    setExportError(null);
    try {
      await downloadCsv(name, params);
      setNotice(t('reports.downloading', { name: t(`reports.files.${name}`) }));
    } catch (error) {
      setExportError(errorText(error));
    }
  };
  const exportButton = (name: string, params: Record<string, string | number>) =>
    canExport ? (
      <button
        type="button"
        className="button"
        disabled={!isRange}
        onClick={() => void exportFile(name, params)}
        data-testid={`export-${name}`}
      >
        {t('reports.download', { name: t(`reports.files.${name}`) })}
      </button>
    ) : null;

  const ggrDays = useMemo(() => (ggr.data?.by === 'day' ? ggr.data.rows.map((r) => r.key) : []), [ggr.data]);
  const ggrSeries = useMemo(
    () =>
      ggr.data?.by === 'day'
        ? [
            { label: t('reports.ggr'), values: ggr.data.rows.map((r) => r.ggr), colour: 'accent' as const },
            { label: t('reports.ngr'), values: ggr.data.rows.map((r) => r.ngr ?? 0), colour: 'muted' as const },
          ]
        : [],
    [ggr.data, t],
  );
  const cashDays = useMemo(() => cash.data?.rows.map((r) => r.day) ?? [], [cash.data]);
  const cashSeries = useMemo(
    () => [
      { label: t('reports.deposits'), values: cash.data?.rows.map((r) => r.deposits) ?? [], colour: 'accent' as const },
      { label: t('reports.withdrawals'), values: cash.data?.rows.map((r) => r.withdrawals) ?? [], colour: 'danger' as const },
    ],
    [cash.data, t],
  );
  const playerDays = useMemo(() => players.data?.rows.map((r) => r.day) ?? [], [players.data]);
  const playerSeries = useMemo(
    () => [
      { label: t('reports.active'), values: players.data?.rows.map((r) => r.active) ?? [], colour: 'accent' as const },
      { label: t('reports.registered'), values: players.data?.rows.map((r) => r.registered) ?? [], colour: 'muted' as const },
      { label: t('reports.depositing'), values: players.data?.rows.map((r) => r.depositing) ?? [], colour: 'danger' as const },
    ],
    [players.data, t],
  );
  const plain = (v: number) => new Intl.NumberFormat(i18n.language).format(v);
  const triggerDays = useMemo(() => [...new Set(triggers.data?.rows.map((r) => r.day) ?? [])], [triggers.data]);
  const triggerSeries = useMemo(
    () =>
      RG_REFUSAL_REASONS.map((kind) => ({
        label: t(`reports.triggers.kinds.${kind}`),
        values: triggerDays.map((day) => triggers.data?.rows.find((r) => r.day === day && r.kind === kind)?.refusals ?? 0),
        colour: KIND_COLOURS[kind],
      })),
    [triggers.data, triggerDays, t],
  );

  return (
    <section className="section" aria-labelledby="reports-title">
      <header className="section__head">
        <h1 id="reports-title">{t('reports.title')}</h1>
        <div className="filters">
          <label>
            {t('reports.from')}
            <input
              type="date"
              name="from"
              value={from}
              max={to}
              onChange={(e) => {
                setIsRangeChosen(true);
                setFrom(e.target.value);
              }}
            />
          </label>
          <label>
            {t('reports.to')}
            <input
              type="date"
              name="to"
              value={to}
              min={from}
              onChange={(e) => {
                setIsRangeChosen(true);
                setTo(e.target.value);
              }}
            />
          </label>
          {tab === 'ggr' ? (
            <label>
              {t('reports.groupBy')}
              <select name="by" value={by} onChange={(e) => setBy(e.target.value as Grouping)}>
                <option value="day">{t('reports.by.day')}</option>
                <option value="vendor">{t('reports.by.vendor')}</option>
                <option value="category">{t('reports.by.category')}</option>
              </select>
            </label>
          ) : null}
        </div>
      </header>
      <div className="tabs tabs--wrap" role="tablist" aria-label={t('reports.title')}>
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={`tab${tab === key ? ' tab--active' : ''}`}
            onClick={() => setTab(key)}
          >
            {t(`reports.tabs.${key}`)}
          </button>
        ))}
      </div>
      <p className="muted">{t('reports.hint', { zone: zone ?? '' })}</p>
      {canExport ? (
        <div className="report-exports">
          {exportButton('bets', range)}
          {exportButton('transactions', range)}
        </div>
      ) : null}
      {exportError ? (
        <p className="alert alert--error" role="alert">
          {exportError}
        </p>
      ) : null}
      <Notice text={notice} />
      {!isRange && tab !== 'liability' && tab !== 'rg' ? <p className="alert alert--error">{t('reports.badRange')}</p> : null}

      {tab === 'ggr' ? (
        <QueueState isLoading={ggr.isLoading} error={ggr.error} isEmpty={!ggr.data} onRetry={() => void ggr.refetch()}>
          <DayChart
            title={t('reports.ggrChart')}
            range={[from, to]}
            days={ggrDays}
            series={ggrSeries}
            format={(v) => amount(v) ?? ''}
            summary={t('reports.ggrSummary', { ggr: amount(ggr.data?.total.ggr ?? 0), ngr: amount(ggr.data?.total.ngr ?? 0) })}
            testId="ggr-chart"
          />
          <div className="report-exports">{exportButton('ggr', { ...range, by })}</div>
          <Table
            testId="ggr-table"
            head={[
              t(`reports.by.${by}`),
              t('reports.players'),
              t('reports.rounds'),
              t('reports.stake'),
              t('reports.validBet'),
              t('reports.payout'),
              t('reports.ggr'),
              t('reports.bonus'),
              t('reports.rebate'),
              t('reports.ngr'),
            ]}
          >
            {[...(ggr.data?.rows ?? []), ...(ggr.data ? [ggr.data.total] : [])].map((r) => (
              <Cells
                key={r.key}
                className={r.key === 'total' ? 'total' : undefined}
                label={r.key === 'total' ? t('reports.total') : r.key}
                values={[
                  r.players,
                  r.rounds,
                  amount(r.stake),
                  amount(r.validBet),
                  amount(r.payout),
                  amount(r.ggr),
                  amount(r.bonus),
                  amount(r.rebate),
                  amount(r.ngr),
                ]}
              />
            ))}
          </Table>
        </QueueState>
      ) : null}

      {tab === 'money' ? (
        <QueueState isLoading={cash.isLoading} error={cash.error} isEmpty={!cash.data} onRetry={() => void cash.refetch()}>
          <DayChart
            title={t('reports.moneyChart')}
            range={[from, to]}
            days={cashDays}
            series={cashSeries}
            format={(v) => amount(v) ?? ''}
            summary={t('reports.moneySummary', {
              deposits: amount(cash.data?.total.deposits ?? 0),
              withdrawals: amount(cash.data?.total.withdrawals ?? 0),
            })}
          />
          <div className="report-exports">
            {exportButton('money', range)}
            {exportButton('deposit-channels', range)}
          </div>
          <Table
            head={[
              t('reports.day'),
              t('reports.deposits'),
              t('reports.depositCount'),
              t('reports.depositing'),
              t('reports.withdrawals'),
              t('reports.withdrawalCount'),
              t('reports.net'),
            ]}
          >
            {cash.data?.rows.map((r) => (
              <Cells
                key={r.day}
                label={r.day}
                values={[amount(r.deposits), r.depositCount, r.depositors, amount(r.withdrawals), r.withdrawalCount, amount(r.net)]}
              />
            ))}
            {cash.data ? (
              <Cells
                className="total"
                label={t('reports.total')}
                values={[
                  amount(cash.data.total.deposits),
                  cash.data.total.depositCount,
                  cash.data.total.depositors,
                  amount(cash.data.total.withdrawals),
                  cash.data.total.withdrawalCount,
                  amount(cash.data.total.net),
                ]}
              />
            ) : null}
          </Table>
          <h2>{t('reports.byChannel')}</h2>
          <Table head={[t('reports.channel'), t('reports.depositCount'), t('reports.deposits')]}>
            {cash.data?.channels.map((c) => (
              <Cells key={c.channelId} label={`${c.channel} (${c.type})`} values={[c.count, amount(c.amount)]} />
            ))}
          </Table>
        </QueueState>
      ) : null}

      {tab === 'players' ? (
        <QueueState isLoading={players.isLoading} error={players.error} isEmpty={!players.data} onRetry={() => void players.refetch()}>
          <DayChart
            title={t('reports.playersChart')}
            range={[from, to]}
            days={playerDays}
            series={playerSeries}
            format={plain}
            summary={t('reports.playersSummary', {
              active: players.data?.total.active ?? 0,
              registered: players.data?.total.registered ?? 0,
            })}
          />
          <div className="report-exports">{exportButton('players', range)}</div>
          <Table head={[t('reports.day'), t('reports.registered'), t('reports.active'), t('reports.depositing')]}>
            {players.data?.rows.map((r) => (
              <Cells key={r.day} label={r.day} values={[r.registered, r.active, r.depositing]} />
            ))}
            {players.data ? (
              <Cells
                className="total"
                label={t('reports.total')}
                values={[players.data.total.registered, players.data.total.active, players.data.total.depositing]}
              />
            ) : null}
          </Table>
        </QueueState>
      ) : null}

      {tab === 'top' ? (
        <QueueState isLoading={top.isLoading} error={top.error} isEmpty={!top.data} onRetry={() => void top.refetch()}>
          <div className="report-exports">{exportButton('top', { ...range, limit: 20 })}</div>
          {(['winners', 'losers'] as const).map((side) => (
            <div key={side}>
              <h2>{t(`reports.${side}`)}</h2>
              <Table head={[t('common.member'), t('reports.rounds'), t('reports.stake'), t('reports.payout'), t('reports.result')]}>
                {top.data?.[side].map((m) => (
                  <Cells key={m.memberId} label={m.username} values={[m.betCount, amount(m.stake), amount(m.payout), amount(m.winLoss)]} />
                ))}
              </Table>
            </div>
          ))}
        </QueueState>
      ) : null}

      {tab === 'liability' ? (
        <QueueState
          isLoading={liability.isLoading}
          error={liability.error}
          isEmpty={!liability.data}
          onRetry={() => void liability.refetch()}
        >
          <p className="muted">{t('reports.liabilityHint')}</p>
          <Table head={[t('reports.wallet'), t('reports.accounts'), t('reports.balance')]}>
            {liability.data?.balances.map((b) => (
              <Cells
                key={`${b.kind}-${b.currency}`}
                label={`${b.kind} (${b.currency})`}
                values={[b.accounts, money(b.balance, b.currency, i18n.language)]}
              />
            ))}
            {liability.data?.reservations.map((r) => (
              <Cells key={`held-${r.code}`} label={t('reports.held', { code: r.code })} values={[r.count, amount(r.amount)]} />
            ))}
            {liability.data ? (
              <Cells label={t('reports.openRounds')} values={[liability.data.openRounds.rounds, amount(liability.data.openRounds.stake)]} />
            ) : null}
          </Table>
        </QueueState>
      ) : null}

      {tab === 'rg' ? (
        <QueueState isLoading={rg.isLoading} error={rg.error} isEmpty={!rg.data} onRetry={() => void rg.refetch()}>
          <h2>{t('reports.selfExcluded', { count: rg.data?.selfExcluded.length ?? 0 })}</h2>
          <Table head={[t('common.member'), t('reports.until')]}>
            {rg.data?.selfExcluded.map((m) => (
              <Cells
                key={m.memberId}
                label={m.username}
                values={[m.permanent ? t('reports.permanent') : (m.until?.slice(0, 10) ?? null)]}
              />
            ))}
          </Table>
          <h2>{t('reports.onBreak', { count: rg.data?.onBreak.length ?? 0 })}</h2>
          <Table head={[t('common.member'), t('reports.until')]}>
            {rg.data?.onBreak.map((m) => (
              <Cells key={m.memberId} label={m.username} values={[m.until.slice(0, 10)]} />
            ))}
          </Table>
          <h2>{t('reports.limits', { count: rg.data?.limits.filter((l) => l.reached).length ?? 0 })}</h2>
          <Table head={[t('common.member'), t('reports.limit'), t('reports.used'), t('reports.reached')]}>
            {rg.data?.limits.map((l) => (
              <Cells
                key={`${l.memberId}-${l.kind}-${l.period}`}
                label={`${l.username} · ${t(`reports.limitKinds.${l.kind}`)} · ${t(`reports.periods.${l.period}`)}`}
                values={[amount(l.amount), amount(l.used), l.reached ? t('reports.yes') : t('reports.no')]}
              />
            ))}
          </Table>
        </QueueState>
      ) : null}

      {tab === 'rg-triggers' ? (
        <QueueState isLoading={triggers.isLoading} error={triggers.error} isEmpty={!triggers.data} onRetry={() => void triggers.refetch()}>
          <p className="muted">{t('reports.triggers.hint')}</p>
          <DayChart
            title={t('reports.triggers.chart')}
            range={[from, to]}
            days={triggerDays}
            series={triggerSeries}
            format={plain}
            summary={t('reports.triggers.summary', {
              refusals: plain(triggers.data?.totals.reduce((sum, x) => sum + x.refusals, 0) ?? 0),
            })}
            testId="rg-triggers-chart"
          />
          <div className="report-exports">{exportButton('rg-triggers', range)}</div>
          {triggers.data?.rows.length === 0 ? (
            <p className="empty">{t('reports.triggers.empty')}</p>
          ) : (
            <Table
              testId="rg-triggers-table"
              head={[t('reports.triggers.day'), t('reports.triggers.kind'), t('reports.triggers.members'), t('reports.triggers.refusals')]}
            >
              {triggers.data?.rows.map((r) => (
                <Cells key={`${r.day}-${r.kind}`} label={r.day} values={[t(`reports.triggers.kinds.${r.kind}`), r.members, r.refusals]} />
              ))}
              {triggers.data?.totals.map((x) => (
                <Cells
                  key={`total-${x.kind}`}
                  className="total"
                  label={t('reports.triggers.totalOf', { kind: t(`reports.triggers.kinds.${x.kind}`) })}
                  values={['', x.members, x.refusals]}
                />
              ))}
            </Table>
          )}
        </QueueState>
      ) : null}
    </section>
  );
}
