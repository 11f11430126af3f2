import { GAME_CATEGORIES } from '@platform/contracts/games';
import type { RebateLine, RebateRecordsValue } from '@platform/contracts/vip';
import { useState } from 'react';
import { FigureList } from '../../../components/figure-list.tsx';
import { DateRangeFields, FilterBar, SelectFilter } from '../../../components/filter-fields.tsx';
import { LabelledTable, type TableColumn } from '../../../components/labelled-table.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useGameCategoryName } from '../../../hooks/use-game-category-name.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { ratePpmText } from '../../../lib/rate-format.ts';
import { addDays, siteToday } from '../../../lib/time-format.ts';
import { useRebateRecords } from '../api/rebates-api.ts';
import { useRebatesTranslation } from '../i18n/register-translations.ts';
import './rebates.css';

/** Days shown at first: the last 30, today included (as the server's default). */
const DEFAULT_DAYS = 30;

/**
 * `bonusDetails`: the member's rebate records, each with its bet base (valid bet of the category
 * over the period), rate and amount, filtered by the days its period starts on and by game type.
 */
export function RebateRecords() {
  const { t } = useRebatesTranslation();
  const categoryName = useGameCategoryName();
  const [filter, setFilter] = useState(() => ({
    from: addDays(siteToday(), -(DEFAULT_DAYS - 1)),
    to: siteToday(),
    category: '',
    pageNo: 1,
  }));
  const isValid = filter.from !== '' && filter.to !== '' && filter.from <= filter.to;
  const records = useRebateRecords(filter, isValid);

  let body = <LoadingState />;
  if (!isValid) body = <p className="form__error">{t('records.rangeInvalid')}</p>;
  else if (records.error) body = <ErrorState error={records.error} onRetry={() => void records.refetch()} />;
  else if (records.data) body = <RecordsBody value={records.data} onPage={(pageNo) => setFilter((f) => ({ ...f, pageNo }))} />;
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
        <SelectFilter
          label={t('records.category')}
          value={filter.category}
          anyLabel={t('records.anyCategory')}
          options={GAME_CATEGORIES.map((c) => ({ value: c, label: categoryName(c) }))}
          onChange={(category) => setFilter((f) => ({ ...f, category, pageNo: 1 }))}
        />
      </FilterBar>
      <div aria-busy={records.isFetching}>{body}</div>
    </div>
  );
}

function RecordsBody({ value, onPage }: { value: RebateRecordsValue; onPage: (pageNo: number) => void }) {
  const { t, i18n } = useRebatesTranslation();
  const categoryName = useGameCategoryName();
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  const columns: TableColumn<RebateLine>[] = [
    {
      label: t('records.period'),
      cell: (r) => (
        <>
          <span className="rb-line">{r.periodStart === r.periodEnd ? r.periodStart : `${r.periodStart} – ${r.periodEnd}`}</span>
          <span className="rb-line rb-note">{t(`periods.${r.period}`)}</span>
        </>
      ),
    },
    { label: t('records.game'), cell: (r) => categoryName(r.category) },
    { label: t('records.betBase'), className: 'rb-amount', cell: (r) => money(r.betBase) },
    { label: t('records.rate'), className: 'rb-amount', cell: (r) => ratePpmText(r.ratePpm, i18n.language) },
    { label: t('records.amount'), className: 'rb-amount rb-amount--up', cell: (r) => money(r.amount) },
    { label: t('records.status'), cell: (r) => <span className={`rb-status rb-status--${r.status}`}>{t(`statuses.${r.status}`)}</span> },
  ];
  return (
    <div className="rb-stack">
      <FigureList
        className="rb-summary"
        testId="rebate-totals"
        figures={[
          { label: t('records.count'), field: 'count', value: value.totalCount },
          { label: t('records.totalBetBase'), field: 'betBase', value: money(value.totalBetBase) },
          { label: t('records.totalAmount'), field: 'amount', value: money(value.totalAmount) },
        ]}
      />
      {value.list.length === 0 ? (
        <p className="rb-note rb-empty">{t('records.empty')}</p>
      ) : (
        <div className="rb-scroll">
          <LabelledTable
            className="rb-table"
            caption={t('records.caption')}
            columns={columns}
            rows={value.list}
            rowKey={(r) => r.id}
            rowAttributes={(r) => ({ 'data-period': r.periodStart, 'data-category': r.category })}
            testId="rebate-records"
          />
        </div>
      )}
      {value.totalPages > 1 && <Pager pageNo={value.pageNo} totalPages={value.totalPages} onPage={onPage} />}
    </div>
  );
}
