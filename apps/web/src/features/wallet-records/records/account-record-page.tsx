import { RECORD_TYPES } from '@platform/contracts/records';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectFilter } from '../../../components/filter-fields.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useTransactions } from '../api/records-api.ts';
import { MC_RECORDS_NS } from '../i18n/register-translations.ts';
import { formatInZone, MEMBER_TIME_ZONE_DEFAULT, useMoney } from './format.ts';
import { RecordCard } from './record-card.tsx';
import { DateRangeFilter, initialRange, rangeProblem } from './record-controls.tsx';
import './records.css';

const PAGE_SIZE = 20;

/** Account record: every movement of the member's wallets, filtered by type and date, paged on the server. */
export function AccountRecordPage() {
  const { t } = useTranslation(MC_RECORDS_NS);
  const money = useMoney();
  const [timeZone, setTimeZone] = useState(MEMBER_TIME_ZONE_DEFAULT);
  const [range, setRange] = useState(() => initialRange(MEMBER_TIME_ZONE_DEFAULT));
  const [type, setType] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const problem = rangeProblem(range, t);
  const records = useTransactions(
    {
      types: type || undefined,
      from: range.from,
      to: range.to,
      pageNo,
      pageSize: PAGE_SIZE,
    },
    problem === null,
  );
  // The server names the member's time zone; dates are shown (and presets built) in it.
  const zone = records.data?.timeZone ?? timeZone;
  if (zone !== timeZone) setTimeZone(zone);

  let body = <LoadingState />;
  if (problem) body = <p className="form__error">{problem}</p>;
  else if (records.error) body = <ErrorState error={records.error} onRetry={() => void records.refetch()} />;
  else if (records.data && records.data.list.length === 0) body = <p className="mc-note rc-empty">{t('account.empty')}</p>;
  else if (records.data) {
    body = (
      <>
        <table className="mc-table rc-table">
          <caption className="visually-hidden">{t('account.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('account.time')}</th>
              <th scope="col">{t('account.type')}</th>
              <th scope="col">{t('account.wallet')}</th>
              <th scope="col">{t('account.amount')}</th>
              <th scope="col">{t('account.balanceAfter')}</th>
            </tr>
          </thead>
          <tbody>
            {records.data.list.map((record) => (
              <tr key={record.id} data-type={record.type}>
                <td className="mc-table__time" data-label={t('account.time')}>
                  {formatInZone(record.createdAt, zone)}
                </td>
                <td data-label={t('account.type')}>
                  {t(`types.${record.type}`)}
                  {record.note && <span className="rc-row-note">{record.note}</span>}
                </td>
                <td data-label={t('account.wallet')}>{t(`wallets.${record.wallet}`)}</td>
                <td data-label={t('account.amount')} className={record.amount >= 0 ? 'rc-amount--up' : 'rc-amount--down'}>
                  {record.amount > 0 ? '+' : ''}
                  {money(record.amount, record.currency)}
                </td>
                <td data-label={t('account.balanceAfter')}>
                  {record.balanceAfter === null ? '—' : money(record.balanceAfter, record.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mc-note">{t('account.count', { n: records.data.totalCount })}</p>
        <Pager pageNo={records.data.pageNo} totalPages={records.data.totalPages} onPage={setPageNo} />
      </>
    );
  }

  return (
    <div className="mc-sections">
      <RecordCard label={t('account.title')}>
        <div className="filter-bar">
          <SelectFilter
            label={t('filters.type')}
            value={type}
            options={[{ value: '', label: t('filters.all') }, ...RECORD_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))]}
            onChange={(value) => {
              setType(value);
              setPageNo(1);
            }}
          />
          <DateRangeFilter
            value={range}
            timeZone={zone}
            onChange={(next) => {
              setRange(next);
              setPageNo(1);
            }}
          />
        </div>
        <p className="mc-note">{t('timeZoneNote', { zone })}</p>
        <div aria-busy={records.isFetching}>{body}</div>
      </RecordCard>
    </div>
  );
}
