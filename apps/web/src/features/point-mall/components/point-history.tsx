import type { PointTransaction } from '@platform/contracts/points';
import { useState } from 'react';
import { LabelledTable, type TableColumn } from '../../../components/labelled-table.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { usePointTransactions } from '../api/point-mall-api.ts';
import { usePointMallTranslation } from '../i18n/register-translations.ts';
import { PagePager } from './page-pager.tsx';

/** The member's points movements (the spec's member transaction detail): earned, redeemed, refunded. */
export function PointHistory() {
  const { t, i18n } = usePointMallTranslation();
  const [pageNo, setPageNo] = useState(1);
  const moves = usePointTransactions(pageNo);
  const number = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB', { signDisplay: 'exceptZero' });
  const plain = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB');
  const columns: TableColumn<PointTransaction>[] = [
    { label: t('history.time'), cell: (r) => formatDateTime(r.time) },
    { label: t('history.movement'), cell: (r) => t(`movements.${r.movement}`) },
    { label: t('history.points'), cell: (r) => <span className={r.points < 0 ? 'pm-minus' : 'pm-plus'}>{number.format(r.points)}</span> },
    { label: t('history.balanceAfter'), cell: (r) => (r.balanceAfter === null ? '—' : plain.format(r.balanceAfter)) },
    { label: t('history.note'), cell: (r) => r.note ?? '—' },
  ];
  if (moves.error) return <ErrorState error={moves.error} onRetry={() => void moves.refetch()} />;
  if (!moves.data) return <LoadingState />;
  return (
    <div className="pm-section">
      {moves.data.list.length === 0 ? (
        <p className="pm-empty">{t('history.empty')}</p>
      ) : (
        <div className="pm-scroll">
          <LabelledTable
            className="pm-table"
            caption={t('tabs.history')}
            columns={columns}
            rows={moves.data.list}
            rowKey={(r) => r.id}
            testId="point-history"
          />
        </div>
      )}
      <PagePager pageNo={moves.data.pageNo} totalPages={moves.data.totalPages} onPage={setPageNo} />
    </div>
  );
}
