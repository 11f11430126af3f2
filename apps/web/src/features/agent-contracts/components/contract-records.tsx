import type { ContractRecord, ContractRecordsValue } from '@platform/contracts/agents/agent-contract-records';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { useMemo, useState } from 'react';
import { FigureList } from '../../../components/figure-list.tsx';
import { DateRangeFields, FilterBar } from '../../../components/filter-fields.tsx';
import { LabelledTable, type TableColumn } from '../../../components/labelled-table.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { type ChartSeries, TrendChart } from '../../../components/trend-chart.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { addDays, formatTableTime, hourMinuteOf, siteToday, withZoneLabel } from '../../../lib/time-format.ts';
import { useContractRecords } from '../api/agent-contracts-api.ts';
import { useAgentContractsTranslation } from '../i18n/register-translations.ts';
import { rateText } from './tiers-table.tsx';

/** Days shown at first: the last 30, today included (as the server's default). */
const DEFAULT_DAYS = 30;

/** How long a slot of the slot kinds lasts, in minutes. */
const SLOT_MINUTES: Partial<Record<ContractKind, number>> = { hourlyWage: 60, realtimeSalary: 5 };

/** A record's period as the agent reads it: its days, or for an hour or a 5-minute slot its start and end in the site's zone. */
function periodText(r: ContractRecord): string {
  const minutes = SLOT_MINUTES[r.kind];
  if (r.slotStart && minutes) {
    const end = new Date(Date.parse(r.slotStart) + minutes * 60_000).toISOString();
    return `${formatTableTime(r.slotStart).slice(0, 16)} – ${hourMinuteOf(end)}`;
  }
  return r.periodStart === r.periodEnd ? r.periodStart : `${r.periodStart} – ${r.periodEnd}`;
}

/** The settlement records of the kind: each settled period with its inputs, and the range's totals. */
export function ContractRecords({ kind }: { kind: ContractKind }) {
  const { t } = useAgentContractsTranslation();
  const [range, setRange] = useState(() => ({ from: addDays(siteToday(), -(DEFAULT_DAYS - 1)), to: siteToday() }));
  const [pageNo, setPageNo] = useState(1);
  const isValid = range.from !== '' && range.to !== '' && range.from <= range.to;
  const records = useContractRecords(kind, { ...range, pageNo }, isValid);

  let body = <LoadingState />;
  if (!isValid) body = <p className="form__error">{t('records.rangeInvalid')}</p>;
  else if (records.error) body = <ErrorState error={records.error} onRetry={() => void records.refetch()} />;
  else if (records.data) body = <RecordsBody value={records.data} onPage={setPageNo} />;
  return (
    <div className="ac-stack">
      <FilterBar>
        <DateRangeFields
          fromLabel={t('records.from')}
          toLabel={t('records.to')}
          from={range.from}
          to={range.to}
          onChange={(next) => {
            setRange(next);
            setPageNo(1);
          }}
        />
      </FilterBar>
      <div aria-busy={records.isFetching}>{body}</div>
    </div>
  );
}

function RecordsBody({ value, onPage }: { value: ContractRecordsValue; onPage: (pageNo: number) => void }) {
  const { t } = useAgentContractsTranslation();
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  const columns: TableColumn<ContractRecord>[] = [
    {
      // The slot kinds' periods are times of day: the heading names their zone.
      label: value.list.some((r) => r.slotStart) ? withZoneLabel(t('records.period')) : t('records.period'),
      cell: periodText,
    },
    {
      label: t('records.metrics'),
      cell: (r) => (
        <>
          <span className="ac-line">{t('records.bet', { amount: money(r.metrics.bet) })}</span>
          {r.kind === 'dividend' && <span className="ac-line">{t('records.validBet', { amount: money(r.metrics.validBet) })}</span>}
          <span className="ac-line">{t('records.active', { count: r.metrics.activeMembers })}</span>
          {(r.kind === 'dividend' || r.kind === 'realtimeSalary') && (
            <span className="ac-line">{t('records.netLoss', { amount: money(r.metrics.netLoss) })}</span>
          )}
        </>
      ),
    },
    {
      label: t('records.tierRate'),
      cell: (r) => (r.tier === null ? t('records.noTier') : `${t('records.tierN', { n: r.tier + 1 })} · ${rateText(r.rateBasisPoints)}`),
    },
    { label: t('records.own'), className: 'ac-amount', cell: (r) => money(r.ownAmount) },
    {
      label: t('records.downlines'),
      className: 'ac-amount',
      cell: (r) =>
        r.downlines.length === 0
          ? money(0)
          : r.downlines.map((d) => (
              <span key={d.username} className="ac-line">
                {d.username}: {money(d.amount)}
              </span>
            )),
    },
    {
      label: t('records.payout'),
      className: 'ac-amount ac-amount--up',
      cell: (r) => (
        <>
          {money(r.payout)}
          {r.clampAmount > 0 && <span className="ac-line ac-note">{t('records.clamp', { amount: money(r.clampAmount) })}</span>}
          {r.deductedAmount > 0 && <span className="ac-line ac-note">{t('records.deducted', { amount: money(r.deductedAmount) })}</span>}
        </>
      ),
    },
    { label: t('records.paidBy'), cell: (r) => t(`records.payers.${r.paidBy}`, { name: r.payerUsername ?? '' }) },
  ];
  return (
    <div className="ac-stack">
      <RecordsChart value={value} money={money} />
      <FigureList
        className="ac-summary"
        testId="records-totals"
        figures={[
          { label: t('records.totals.count'), field: 'count', value: value.totals.count },
          { label: t('records.totals.own'), field: 'own', value: money(value.totals.ownAmount) },
          { label: t('records.totals.downlines'), field: 'downlines', value: money(value.totals.downlineAmount) },
          { label: t('records.totals.payout'), field: 'payout', value: money(value.totals.payout) },
        ]}
      />
      {value.list.length === 0 ? (
        <p className="ac-note ac-empty">{t('records.empty')}</p>
      ) : (
        <div className="ac-scroll">
          <LabelledTable
            className="ac-table"
            caption={t('records.caption')}
            columns={columns}
            rows={value.list}
            rowKey={(r) => r.id}
            rowAttributes={(r) => ({ 'data-period': r.periodStart })}
            hasRowHeaders
            testId="contract-records"
          />
        </div>
      )}
      <Pager pageNo={value.pageNo} totalPages={value.totalPages} onPage={onPage} />
    </div>
  );
}

/** The range's payouts per day of their period's start: the agent's own amount and what it kept. */
function RecordsChart({ value, money }: { value: ContractRecordsValue; money: (amount: number) => string }) {
  const { t } = useAgentContractsTranslation();
  const days = useMemo(() => value.byDay.map((d) => d.day), [value.byDay]);
  const series = useMemo<ChartSeries[]>(
    () => [
      { label: t('records.chartPayout'), values: value.byDay.map((d) => d.payout), tone: 'primary' },
      { label: t('records.chartOwn'), values: value.byDay.map((d) => d.ownAmount), tone: 'muted' },
    ],
    [value.byDay, t],
  );
  if (days.length === 0) return null;
  return (
    <TrendChart
      title={t('records.chartTitle')}
      days={days}
      series={series}
      format={money}
      summary={t('records.chartSummary', { count: days.length, from: days[0], to: days[days.length - 1] })}
      loadingLabel={t('records.chartLoading')}
      testId="records-chart"
      dayRange={[value.from, value.to]}
    />
  );
}
