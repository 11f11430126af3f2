import { type ExchangeRecord, MALL_ORDER_STATUSES, type MallOrderStatusName } from '@platform/contracts/points';
import { useState } from 'react';
import { LabelledTable, type TableColumn } from '../../../components/labelled-table.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useRedeemList } from '../api/point-mall-api.ts';
import { usePointMallTranslation } from '../i18n/register-translations.ts';
import { PagePager } from './page-pager.tsx';

/** The exchange records: transaction no., type, product, quantity, points, amount, status, time and remark. */
export function RedeemRecords({
  status,
  onStatus,
}: {
  status: MallOrderStatusName | null;
  onStatus: (status: MallOrderStatusName | null) => void;
}) {
  const { t, i18n } = usePointMallTranslation();
  const money = useMoneyFormat();
  const [pageNo, setPageNo] = useState(1);
  const records = useRedeemList(pageNo, status);
  const number = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB');
  const columns: TableColumn<ExchangeRecord>[] = [
    { label: t('records.transactionNo'), cell: (r) => <span className="pm-mono">{r.transactionNo}</span> },
    { label: t('records.type'), cell: (r) => t(`kinds.${r.type}`) },
    { label: t('records.productName'), cell: (r) => r.productName },
    { label: t('records.quantity'), cell: (r) => number.format(r.quantity) },
    { label: t('records.pointsNeeded'), cell: (r) => number.format(r.pointsNeeded) },
    { label: t('records.amount'), cell: (r) => (r.amount === null ? '—' : money(r.amount, r.currency)) },
    { label: t('records.status'), cell: (r) => <span className={`pm-status pm-status--${r.status}`}>{t(`statuses.${r.status}`)}</span> },
    { label: t('records.time'), cell: (r) => formatDateTime(r.time) },
    { label: t('records.remark'), cell: (r) => r.remark ?? '—' },
  ];
  return (
    <div className="pm-section">
      <fieldset className="pm-filters">
        <legend className="visually-hidden">{t('records.status')}</legend>
        {[null, ...MALL_ORDER_STATUSES].map((each) => (
          <button
            key={each ?? 'all'}
            type="button"
            aria-pressed={each === status}
            className={`pm-chip${each === status ? ' pm-chip--on' : ''}`}
            onClick={() => {
              setPageNo(1);
              onStatus(each);
            }}
          >
            {each === null ? t('records.all') : t(`statuses.${each}`)}
          </button>
        ))}
      </fieldset>
      {records.error ? (
        <ErrorState error={records.error} onRetry={() => void records.refetch()} />
      ) : !records.data ? (
        <LoadingState />
      ) : records.data.list.length === 0 ? (
        <p className="pm-empty">{t('records.empty')}</p>
      ) : (
        <div className="pm-scroll">
          <LabelledTable
            className="pm-table"
            caption={t('tabs.records')}
            columns={columns}
            rows={records.data.list}
            rowKey={(r) => r.transactionNo}
            rowAttributes={(r) => ({ 'data-status': r.status })}
            testId="redeem-records"
          />
        </div>
      )}
      {records.data && <PagePager pageNo={records.data.pageNo} totalPages={records.data.totalPages} onPage={setPageNo} />}
    </div>
  );
}
