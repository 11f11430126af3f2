import { TEAM_BET_STATUSES, TEAM_LEVEL_MAX, type TeamBetsValue } from '@platform/contracts/agents/agent-reports';
import { GAME_CATEGORIES } from '@platform/contracts/records';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVendorLanes } from '../../../api/get-vendor-lanes.ts';
import { FigureList } from '../../../components/figure-list.tsx';
import { SelectFilter } from '../../../components/filter-fields.tsx';
import type { TableColumn } from '../../../components/labelled-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useGameCategoryName } from '../../../hooks/use-game-category-name.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatInZone } from '../../../lib/time-format.ts';
import { useTeamBets } from '../api/agent-reports-api.ts';
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
/** Levels offered in the filter; deeper ones are rare and reached through the member filter. */
const LEVELS_SHOWN = Math.min(TEAM_LEVEL_MAX, 10);

/** personalHistoryCopy in the agent centre (team betting): the rounds of the whole team, with totals. */
export function TeamBetsPage() {
  const { t, i18n } = useTranslation(AGENT_REPORTS_NS);
  const categoryName = useGameCategoryName();
  const { period, setPeriod, problem, pageNo, setPageNo, refilter: change } = useReportState('thisWeek');
  const [username, setUsername] = useState('');
  const [level, setLevel] = useState('');
  const [category, setCategory] = useState('');
  const [vendor, setVendor] = useState('');
  const [status, setStatus] = useState('');
  const lanes = useVendorLanes(i18n.language);
  const vendors = [
    ...new Map(
      (lanes.data ?? [])
        .filter((lane) => !category || lane.gameType === category)
        .flatMap((lane) => lane.cards)
        .flatMap((card) => (card.vassalage ? [[card.vassalage, { value: card.vassalage, label: card.displayName }] as const] : [])),
    ).values(),
  ];
  const bets = useTeamBets(
    {
      ...periodParams(period),
      username: username || undefined,
      level: level ? Number(level) : undefined,
      gameCategory: category || undefined,
      vendorCode: vendor || undefined,
      status: status || undefined,
      pageNo,
      pageSize: PAGE_SIZE,
    },
    problem === null,
  );

  return (
    <section className="ar-page" aria-label={t('bets.title')}>
      <div className="filter-bar">
        <PeriodFilter value={period} onChange={setPeriod} />
        <MemberFilter value={username} onChange={change(setUsername)} />
        <SelectFilter
          label={t('filters.level')}
          anyLabel={t('filters.anyLevel')}
          value={level}
          options={Array.from({ length: LEVELS_SHOWN }, (_, i) => ({ value: String(i + 1), label: t('filters.levelN', { level: i + 1 }) }))}
          onChange={change(setLevel)}
        />
        <SelectFilter
          label={t('filters.category')}
          anyLabel={t('filters.anyCategory')}
          value={category}
          options={GAME_CATEGORIES.filter((c) => c !== 'OTHER').map((c) => ({ value: c, label: categoryName(c) }))}
          onChange={change((value: string) => {
            setCategory(value);
            setVendor('');
          })}
        />
        <SelectFilter
          label={t('filters.vendor')}
          anyLabel={t('filters.anyVendor')}
          value={vendor}
          options={vendors}
          onChange={change(setVendor)}
        />
        <SelectFilter
          label={t('filters.status')}
          anyLabel={t('filters.anyStatus')}
          value={status}
          options={TEAM_BET_STATUSES.map((s) => ({ value: s, label: t(`bets.statuses.${s}`) }))}
          onChange={change(setStatus)}
        />
      </div>
      <ReportBody problem={problem} query={bets}>
        {(value) => <BetsBody value={value} onPage={setPageNo} />}
      </ReportBody>
    </section>
  );
}

function BetsBody({ value, onPage }: { value: TeamBetsValue; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation(AGENT_REPORTS_NS);
  const categoryName = useGameCategoryName();
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  const totals = value.totals;
  const columns: TableColumn<TeamBetsValue['list'][number]>[] = [
    {
      label: t('bets.member'),
      cell: (bet) => <MemberLevel member={bet.member} />,
    },
    {
      label: t('bets.game'),
      cell: (bet) => (
        <>
          {bet.gameName ?? bet.gameCode}
          <span className="ar-sub">
            {bet.vendorName ?? bet.vendorCode} · {categoryName(bet.gameCategory)}
          </span>
        </>
      ),
    },
    { label: t('bets.time'), className: 'ar-table__time', cell: (bet) => formatInZone(bet.openedAt, value.period.timeZone) },
    { label: t('bets.status'), cell: (bet) => t(`bets.statuses.${bet.status}`) },
    { label: t('figures.stake'), cell: (bet) => money(bet.stake) },
    { label: t('figures.validBet'), cell: (bet) => money(bet.validBet) },
    { label: t('figures.payout'), cell: (bet) => money(bet.payout) },
    { label: t('figures.winLoss'), className: (bet) => signClass(bet.winLoss), cell: (bet) => money(bet.winLoss) },
  ];
  return (
    <div className="ar-stack">
      <PeriodShown period={value.period} />
      <FigureList
        className="ar-summary"
        testId="bets-totals"
        figures={[
          { label: t('figures.betCount'), field: 'count', value: totals.count },
          { label: t('figures.stake'), field: 'stake', value: money(totals.stake) },
          { label: t('figures.validBet'), field: 'validBet', value: money(totals.validBet) },
          { label: t('figures.payout'), field: 'payout', value: money(totals.payout) },
          { label: t('figures.winLoss'), field: 'winLoss', value: money(totals.winLoss), tone: signClass(totals.winLoss) },
        ]}
      />
      <ReportTable
        empty={t('bets.empty')}
        testId="team-bets"
        caption={t('bets.title')}
        columns={columns}
        rows={value.list}
        rowKey={(bet) => bet.id}
        rowAttributes={(bet) => ({ 'data-round': bet.roundId })}
      />
      <Pager pageNo={value.pageNo} totalPages={value.totalPages} onPage={onPage} />
    </div>
  );
}
