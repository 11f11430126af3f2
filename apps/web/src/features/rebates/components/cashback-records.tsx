import type { CashbackLine, CashbackRecordsValue } from '@platform/contracts/vip';
import { useState } from 'react';
import { FigureList } from '../../../components/figure-list.tsx';
import { DateRangeFields, FilterBar } from '../../../components/filter-fields.tsx';
import { LabelledTable, type TableColumn } from '../../../components/labelled-table.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { ratePpmText } from '../../../lib/rate-format.ts';
import { addDays, siteToday } from '../../../lib/time-format.ts';
import { useCashbackRecords } from '../api/rebates-api.ts';
import { useRebatesTranslation } from '../i18n/register-translations.ts';
import './rebates.css';

/** Days shown at first: the last 30, today included (as the server's default). */
const DEFAULT_DAYS = 30;

/**
 * `bonusDetails`, the cashback tab: the member's cashback records, each with its net loss over the
 * period, the rule's minimum loss, rate and cap, and the amount, filtered by the days its period starts on.
 */
export function CashbackRecords() {
  const { t } = useRebatesTranslation();
  const [filter, setFilter] = useState(() => ({ from: addDays(siteToday(), -(DEFAULT_DAYS - 1)), to: siteToday(), pageNo: 1 }));
  const isValid = filter.from !== '' && filter.to !== '' && filter.from <= filter.to;
  const records = useCashbackRecords(filter, isValid);

  let body = <LoadingState />;
  if (!isValid) body = <p className="form__error">{t('records.rangeInvalid')}</p>;
  else if (records.error) body = <ErrorState error={records.error} onRetry={() => void records.refetch()} />;
  else if (records.data) body = <CashbackBody value={records.data} onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))} />;
  return (
    <div className="rb-stack">
      <FilterBar>
        <DateRangeFields
          fromLabel={t('records.from')}
          toLabel={t('records.to')}
          from={filter.from}
          to={filter.to}
          onChange={(range) => setFilter((f) => ({ ...f, ...range, pageNo: 1 }))}
        />
      </FilterBar>
      <div aria-busy={records.isFetching}>{body}</div>
    </div>
  );
}

function CashbackBody({ value, onPage }: { value: CashbackRecordsValue; onPage: (pageNo: number) => void }) {
  const { t, i18n } = useRebatesTranslation();
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  const columns: TableColumn<CashbackLine>[] = [
    {
      label: t('records.period'),
      cell: (r) => (
        <>
          <span className="rb-line">{r.periodStart === r.periodEnd ? r.periodStart : `${r.periodStart} – ${r.periodEnd}`}</span>
          <span className="rb-line rb-note">{t(`periods.${r.period}`)}</span>
        </>
      ),
    },
    { label: t('cashback.netLoss'), className: 'rb-amount', cell: (r) => money(r.netLoss) },
    { label: t('cashback.minLoss'), className: 'rb-amount', cell: (r) => money(r.minLoss) },
    { label: t('records.rate'), className: 'rb-amount', cell: (r) => ratePpmText(r.ratePpm, i18n.language) },
    { label: t('cashback.cap'), className: 'rb-amount', cell: (r) => (r.maxAmount === null ? t('cashback.noCap') : money(r.maxAmount)) },
    { label: t('cashback.amount'), className: 'rb-amount rb-amount--up', cell: (r) => money(r.amount) },
    {
      label: t('records.status'),
      cell: (r) => <span className={`rb-status rb-status--${r.status}`}>{t(`cashback.statuses.${r.status}`)}</span>,
    },
  ];
  return (
    <div className="rb-stack">
      <FigureList
        className="rb-summary"
        testId="cashback-totals"
        figures={[
          { label: t('records.count'), field: 'count', value: value.totalCount },
          { label: t('cashback.totalNetLoss'), field: 'netLoss', value: money(value.totalNetLoss) },
          { label: t('cashback.totalAmount'), field: 'amount', value: money(value.totalAmount) },
        ]}
      />
      {value.list.length === 0 ? (
        <p className="rb-note rb-empty">{t('cashback.empty')}</p>
      ) : (
        <div className="rb-scroll">
          <LabelledTable
            className="rb-table"
            caption={t('cashback.caption')}
            columns={columns}
            rows={value.list}
            rowKey={(r) => r.id}
            rowAttributes={(r) => ({ 'data-period': r.periodStart })}
            testId="cashback-records"
          />
        </div>
      )}
      {value.totalPages > 1 && <Pager pageNo={value.pageNo} totalPages={value.totalPages} onPage={onPage} />}
    </div>
  );
}
