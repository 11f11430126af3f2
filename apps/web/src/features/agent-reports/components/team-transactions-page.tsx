import { TEAM_TRANSACTION_KINDS, type TeamTransactionsValue } from '@platform/contracts/agents/agent-reports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureList } from '../../../components/figure-list.tsx';
import { SelectFilter } from '../../../components/filter-fields.tsx';
import type { TableColumn } from '../../../components/labelled-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatInZone } from '../../../lib/time-format.ts';
import { useTeamTransactions } from '../api/agent-reports-api.ts';
import { AGENT_REPORTS_NS } from '../i18n/register-translations.ts';
import {
  MemberFilter,
  MemberLevel,
  PeriodFilter,
  PeriodShown,
  periodParams,
  ReportBody,
  ReportTable,
  signClass,
  useReportState,
} from './report-controls.tsx';
import './agent-reports.css';

const PAGE_SIZE = 20;

/** agentDownlineTransactionDetailsCopy (team transactions): the team's money lines, with totals. */
export function TeamTransactionsPage() {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const { period, setPeriod, problem, pageNo, setPageNo, refilter: change } = useReportState('thisWeek');
  const [username, setUsername] = useState('');
  const [kind, setKind] = useState('');
  const transactions = useTeamTransactions(
    { ...periodParams(period), username: username || undefined, kind: kind || undefined, pageNo, pageSize: PAGE_SIZE },
    problem === null,
  );

  return (
    <section className="ar-page" aria-label={t('transactions.title')}>
      <div className="filter-bar">
        <PeriodFilter value={period} onChange={setPeriod} />
        <MemberFilter value={username} onChange={change(setUsername)} />
        <SelectFilter
          label={t('filters.kind')}
          anyLabel={t('filters.anyKind')}
          value={kind}
          options={TEAM_TRANSACTION_KINDS.map((k) => ({ value: k, label: t(`transactions.kinds.${k}`) }))}
          onChange={change(setKind)}
        />
      </div>
      <ReportBody problem={problem} query={transactions}>
        {(value) => <TransactionsBody value={value} onPage={setPageNo} />}
      </ReportBody>
    </section>
  );
}

function TransactionsBody({ value, onPage }: { value: TeamTransactionsValue; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  const totals = value.totals;
  const columns: TableColumn<TeamTransactionsValue['list'][number]>[] = [
    { label: t('time'), className: 'ar-table__time', cell: (line) => formatInZone(line.createdAt, value.period.timeZone) },
    {
      label: t('bets.member'),
      cell: (line) => <MemberLevel member={line.member} />,
    },
    {
      label: t('filters.kind'),
      cell: (line) => (
        <>
          {t(`transactions.kinds.${line.kind}`)}
          {line.note && <span className="ar-sub">{line.note}</span>}
        </>
      ),
    },
    { label: t('amount'), className: (line) => signClass(line.amount), cell: (line) => money(line.amount) },
    { label: t('transactions.balanceAfter'), cell: (line) => (line.balanceAfter === null ? '—' : money(line.balanceAfter)) },
  ];
  const withCount = (amount: number, count: number) => (
    <>
      {money(amount)}
      <span className="ar-sub">{t('figures.count', { count })}</span>
    </>
  );
  return (
    <div className="ar-stack">
      <PeriodShown period={value.period} />
      <FigureList
        className="ar-summary"
        testId="transactions-totals"
        figures={[
          { label: t('figures.deposits'), field: 'deposits', value: withCount(totals.depositAmount, totals.depositCount) },
          { label: t('figures.withdrawals'), field: 'withdrawals', value: withCount(totals.withdrawalAmount, totals.withdrawalCount) },
          { label: t('transactions.transferIn'), field: 'transferIn', value: money(totals.transferInAmount) },
          { label: t('transactions.transferOut'), field: 'transferOut', value: money(totals.transferOutAmount) },
          { label: t('transactions.bonus'), field: 'bonus', value: money(totals.bonusAmount) },
        ]}
      />
      <ReportTable
        empty={t('transactions.empty')}
        testId="team-transactions"
        caption={t('transactions.title')}
        columns={columns}
        rows={value.list}
        rowKey={(line) => line.id}
        rowAttributes={(line) => ({ 'data-kind': line.kind })}
      />
      <Pager pageNo={value.pageNo} totalPages={value.totalPages} onPage={onPage} />
    </div>
  );
}
