import { AGENT_INCOME_KINDS, type AgentIncomeValue } from '@platform/contracts/agents/agent-reports';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list.tsx';
import { SelectFilter } from '../../../components/filter-fields.tsx';
import type { TableColumn } from '../../../components/labelled-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import type { ChartSeries } from '../../../components/trend-chart.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatInZone } from '../../../lib/time-format.ts';
import { useAgentIncome } from '../api/agent-reports-api.ts';
import { AGENT_REPORTS_NS } from '../i18n/register-translations.ts';
import { ReportChart } from './report-chart.tsx';
import { PeriodFilter, PeriodShown, periodParams, ReportBody, ReportTable, useReportState } from './report-controls.tsx';
import './agent-reports.css';

const PAGE_SIZE = 20;

/** agentRevenueReport (my income): what the agent received, by kind and per day, and each line. */
export function AgentIncomePage() {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const { period, setPeriod, problem, pageNo, setPageNo, refilter } = useReportState('thisMonth');
  const [kind, setKind] = useState('');
  const income = useAgentIncome({ ...periodParams(period), kind: kind || undefined, pageNo, pageSize: PAGE_SIZE }, problem === null);

  return (
    <section className="ar-page" aria-label={t('income.title')}>
      <div className="filter-bar">
        <PeriodFilter value={period} onChange={setPeriod} />
        <SelectFilter
          label={t('filters.kind')}
          anyLabel={t('filters.anyKind')}
          value={kind}
          options={AGENT_INCOME_KINDS.map((k) => ({ value: k, label: t(`income.kinds.${k}`) }))}
          onChange={refilter(setKind)}
        />
      </div>
      <ReportBody problem={problem} query={income}>
        {(value) => <IncomeBody value={value} onPage={setPageNo} />}
      </ReportBody>
    </section>
  );
}

function IncomeBody({ value, onPage }: { value: AgentIncomeValue; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  const days = useMemo(() => value.days.map((d) => d.day), [value]);
  const series = useMemo<ChartSeries[]>(
    () => [{ label: t('figures.total'), values: value.days.map((d) => d.total), tone: 'primary' }],
    [value, t],
  );
  const columns: TableColumn<AgentIncomeValue['list'][number]>[] = [
    { label: t('time'), className: 'ar-table__time', cell: (line) => formatInZone(line.createdAt, value.period.timeZone) },
    {
      label: t('filters.kind'),
      cell: (line) => (
        <>
          {t(`income.kinds.${line.kind}`)}
          <span className="ar-sub">{t(`income.wallet.${line.wallet}`)}</span>
        </>
      ),
    },
    { label: t('income.from'), cell: (line) => line.fromUsername ?? '—' },
    { label: t('amount'), className: 'ar-amount--up', cell: (line) => money(line.amount) },
    { label: t('income.note'), cell: (line) => line.note ?? '' },
  ];
  return (
    <div className="ar-stack">
      <PeriodShown period={value.period} />
      <FigureList
        className="ar-summary"
        testId="income-kinds"
        figures={[
          { label: t('figures.total'), field: 'total', value: money(value.total) },
          ...value.byKind.map((k) => ({
            label: t(`income.kinds.${k.kind}`),
            field: k.kind,
            value: (
              <>
                {money(k.amount)}
                <span className="ar-sub">{t('figures.count', { count: k.count })}</span>
              </>
            ),
          })),
        ]}
      />
      {value.total > 0 && <ReportChart title={t('income.chartTitle')} days={days} series={series} format={money} />}
      <ReportTable
        empty={t('income.empty')}
        testId="income-lines"
        caption={t('income.title')}
        columns={columns}
        rows={value.list}
        rowKey={(line) => line.id}
      />
      <Pager pageNo={value.pageNo} totalPages={value.totalPages} onPage={onPage} />
    </div>
  );
}
