import type { TeamOverviewValue } from '@platform/contracts/agents/agent-reports';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSeries } from '../../../components/trend-chart.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useTeamOverview } from '../api/agent-reports-api.ts';
import { AGENT_REPORTS_NS } from '../i18n/register-translations.ts';
import { ReportChart } from './report-chart.tsx';
import { Figure, PeriodFilter, PeriodShown, periodParams, ReportBody, useReportState } from './report-controls.tsx';
import './agent-reports.css';

/**
 * agentTeamOverview (the agent centre's default page): the team's size by level, new and active
 * members, deposits, withdrawals, valid bet and win/loss for a period, with charts per day.
 */
export function TeamOverviewPage() {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const { period, setPeriod, problem } = useReportState('today');
  const overview = useTeamOverview(periodParams(period), problem === null);

  return (
    <section className="ar-page" aria-label={t('overview.title')}>
      <div className="filter-bar">
        <PeriodFilter value={period} onChange={setPeriod} />
      </div>
      <ReportBody problem={problem} query={overview}>
        {(value) => <OverviewBody value={value} />}
      </ReportBody>
    </section>
  );
}

function OverviewBody({ value }: { value: TeamOverviewValue }) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  const days = useMemo(() => value.days.map((d) => d.day), [value]);
  const playSeries = useMemo<ChartSeries[]>(
    () => [
      { label: t('figures.validBet'), values: value.days.map((d) => d.validBet), tone: 'primary' },
      { label: t('figures.winLoss'), values: value.days.map((d) => d.winLoss), tone: 'danger' },
    ],
    [value, t],
  );
  const moneySeries = useMemo<ChartSeries[]>(
    () => [
      { label: t('figures.deposits'), values: value.days.map((d) => d.depositAmount), tone: 'primary' },
      { label: t('figures.withdrawals'), values: value.days.map((d) => d.withdrawalAmount), tone: 'muted' },
    ],
    [value, t],
  );
  return (
    <div className="ar-stack">
      <PeriodShown period={value.period} />
      <dl className="ar-summary" data-testid="overview-figures">
        <Figure label={t('figures.teamSize')} field="teamSize">
          {value.teamSize.total}
        </Figure>
        <Figure label={t('figures.newMembers')} field="newMembers">
          {value.newMembers}
        </Figure>
        <Figure label={t('figures.activeMembers')} field="activeMembers">
          {value.activeMembers}
        </Figure>
        <Figure label={t('figures.deposits')} field="deposits">
          {money(value.deposits.amount)}
          <span className="ar-sub">{t('figures.count', { count: value.deposits.count })}</span>
        </Figure>
        <Figure label={t('figures.withdrawals')} field="withdrawals">
          {money(value.withdrawals.amount)}
          <span className="ar-sub">{t('figures.count', { count: value.withdrawals.count })}</span>
        </Figure>
        <Figure label={t('figures.validBet')} field="validBet">
          {money(value.validBet)}
        </Figure>
        <Figure label={t('figures.betCount')} field="betCount">
          {value.betCount}
        </Figure>
        <Figure label={t('figures.winLoss')} field="winLoss" sign={value.winLoss}>
          {money(value.winLoss)}
        </Figure>
      </dl>
      <p className="ar-note">{t('figures.winLossHint')}</p>
      {value.teamSize.total === 0 ? (
        <p className="ar-note ar-empty">{t('overview.noTeam')}</p>
      ) : (
        <div className="ar-scroll">
          <table className="ar-table ar-table--narrow" data-testid="overview-levels">
            <caption>{t('overview.byLevel')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('overview.level')}</th>
                <th scope="col">{t('overview.members')}</th>
              </tr>
            </thead>
            <tbody>
              {value.teamSize.byLevel.map((l) => (
                <tr key={l.level}>
                  <th scope="row" data-label={t('overview.level')}>
                    {t('filters.levelN', { level: l.level })}
                  </th>
                  <td data-label={t('overview.members')}>{l.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ReportChart title={t('overview.chartTitle')} days={days} series={playSeries} format={money} />
      <ReportChart title={t('overview.chartMoney')} days={days} series={moneySeries} format={money} />
      <div className="ar-scroll">
        <table className="ar-table" data-testid="overview-days">
          <caption className="visually-hidden">{t('overview.chartTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('overview.day')}</th>
              <th scope="col">{t('figures.newMembers')}</th>
              <th scope="col">{t('figures.activeMembers')}</th>
              <th scope="col">{t('figures.deposits')}</th>
              <th scope="col">{t('figures.withdrawals')}</th>
              <th scope="col">{t('figures.validBet')}</th>
              <th scope="col">{t('figures.winLoss')}</th>
            </tr>
          </thead>
          <tbody>
            {[...value.days].reverse().map((d) => (
              <tr key={d.day} data-day={d.day}>
                <th scope="row" className="ar-table__time" data-label={t('overview.day')}>
                  {d.day}
                </th>
                <td data-label={t('figures.newMembers')}>{d.newMembers}</td>
                <td data-label={t('figures.activeMembers')}>{d.activeMembers}</td>
                <td data-label={t('figures.deposits')}>{money(d.depositAmount)}</td>
                <td data-label={t('figures.withdrawals')}>{money(d.withdrawalAmount)}</td>
                <td data-label={t('figures.validBet')}>{money(d.validBet)}</td>
                <td
                  data-label={t('figures.winLoss')}
                  className={d.winLoss > 0 ? 'ar-amount--up' : d.winLoss < 0 ? 'ar-amount--down' : undefined}
                >
                  {money(d.winLoss)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
