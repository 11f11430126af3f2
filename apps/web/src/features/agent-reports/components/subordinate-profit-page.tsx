import type { SubordinateProfitValue, SubordinateRow, TeamFigures } from '@platform/contracts/agents/agent-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list.tsx';
import type { TableColumn } from '../../../components/labelled-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { useSubordinateProfit } from '../api/agent-reports-api.ts';
import { AGENT_REPORTS_NS } from '../i18n/register-translations.ts';
import { PeriodFilter, PeriodShown, periodParams, ReportBody, ReportTable, signClass, useReportState } from './report-controls.tsx';
import './agent-reports.css';

const PAGE_SIZE = 20;

/**
 * palStatementsAgentCopy (subordinate profit and loss): one row per direct downline member with its
 * whole team rolled up; a member's name opens its own downline, and the breadcrumb climbs back.
 */
export function SubordinateProfitPage() {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const { period, setPeriod, problem, pageNo, setPageNo, refilter } = useReportState('thisMonth');
  const [parent, setParent] = useState('');
  const report = useSubordinateProfit(
    { ...periodParams(period), parent: parent || undefined, pageNo, pageSize: PAGE_SIZE },
    problem === null,
  );
  const open = refilter(setParent);

  return (
    <section className="ar-page" aria-label={t('subordinate.title')}>
      <div className="filter-bar">
        <PeriodFilter value={period} onChange={setPeriod} />
      </div>
      <ReportBody problem={problem} query={report}>
        {(value) => <ProfitBody value={value} onOpen={open} onPage={setPageNo} />}
      </ReportBody>
    </section>
  );
}

/** A row of the table: a member of the downline with its team, or the listed member's own play. */
type Row = SubordinateRow | TeamFigures;

function ProfitBody({
  value,
  onOpen,
  onPage,
}: {
  value: SubordinateProfitValue;
  onOpen: (username: string) => void;
  onPage: (pageNo: number) => void;
}) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  const last = value.breadcrumb.length - 1;
  const totals = value.totals;
  const isMember = (row: Row): row is SubordinateRow => row !== value.self;
  // Below the top of the team, the member whose downline is shown leads with its own play.
  const rows: Row[] = value.breadcrumb.length > 1 ? [value.self, ...value.list] : value.list;
  const columns: TableColumn<Row>[] = [
    {
      label: t('subordinate.member'),
      cell: (row) =>
        !isMember(row) ? (
          t('subordinate.self')
        ) : row.teamSize > 1 ? (
          <button
            type="button"
            className="ar-link"
            aria-label={t('subordinate.drill', { username: row.username })}
            onClick={() => onOpen(row.username)}
          >
            {row.username}
          </button>
        ) : (
          row.username
        ),
    },
    { label: t('subordinate.teamSize'), cell: (row) => (isMember(row) ? row.teamSize : 1) },
    { label: t('figures.validBet'), cell: (row) => money(row.validBet) },
    { label: t('figures.stake'), cell: (row) => money(row.stake) },
    { label: t('figures.payout'), cell: (row) => money(row.payout) },
    { label: t('figures.winLoss'), className: (row) => signClass(row.winLoss), cell: (row) => money(row.winLoss) },
    { label: t('figures.deposits'), cell: (row) => money(row.depositAmount) },
    { label: t('figures.withdrawals'), cell: (row) => money(row.withdrawalAmount) },
  ];
  return (
    <div className="ar-stack">
      <nav aria-label={t('subordinate.breadcrumb')} className="ar-breadcrumb">
        <ol>
          {value.breadcrumb.map((b, index) => (
            <li key={b.memberId}>
              {index === last ? (
                <span aria-current="page">{b.username}</span>
              ) : (
                <button type="button" className="ar-link" onClick={() => onOpen(index === 0 ? '' : b.username)}>
                  {b.username}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <PeriodShown period={value.period} />
      <FigureList
        className="ar-summary"
        testId="subordinate-totals"
        figures={[
          { label: t('figures.validBet'), field: 'validBet', value: money(totals.validBet) },
          { label: t('figures.stake'), field: 'stake', value: money(totals.stake) },
          { label: t('figures.payout'), field: 'payout', value: money(totals.payout) },
          { label: t('figures.winLoss'), field: 'winLoss', value: money(totals.winLoss), tone: signClass(totals.winLoss) },
          { label: t('figures.deposits'), field: 'deposits', value: money(totals.depositAmount) },
          { label: t('figures.withdrawals'), field: 'withdrawals', value: money(totals.withdrawalAmount) },
        ]}
      />
      <ReportTable
        testId="subordinate-rows"
        caption={t('subordinate.title')}
        columns={columns}
        rows={rows}
        rowKey={(row) => (isMember(row) ? row.memberId : 'self')}
        rowAttributes={(row) =>
          isMember(row) ? { 'data-member': row.username } : { className: 'ar-table__self', 'data-member': value.breadcrumb[last]?.username }
        }
      />
      {value.list.length === 0 && <p className="ar-note ar-empty">{t('subordinate.empty')}</p>}
      <Pager pageNo={value.pageNo} totalPages={value.totalPages} onPage={onPage} />
    </div>
  );
}
