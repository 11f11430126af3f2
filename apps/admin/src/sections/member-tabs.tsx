import type { adminDepositOrderSchema } from '@platform/contracts/deposits';
import type { AdminWithdrawalValue } from '@platform/contracts/withdrawals';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { adminGet, queryString } from '../api/client.ts';
import { type Column, DataTable, dayInstant, PagedTable, useFilterForm } from '../components/data-table.tsx';
import { Pager, QueueState } from '../components/queue-parts.tsx';
import { PAGE_SIZE, useQueuePage } from '../components/use-queue.ts';
import { dateTime, money } from '../lib/format.ts';

/* The member file's filtered tabs: transactions, bets, deposits, withdrawals and the agent tree. */

type Transaction = { entryId: number; currency: string; amount: number; balanceAfter: number | null; code: string; createdAt: string };
type Bet = {
  id: number;
  gameName: string | null;
  gameCode: string;
  vendorCode: string;
  currency: string;
  stake: number;
  payout: number;
  result: string;
  status: string;
  betTime: string;
};
type Deposit = z.infer<typeof adminDepositOrderSchema>;
type TeamRow = {
  memberId: number;
  username: string;
  accountType: number;
  level: number;
  teamSize: number;
  turnover: number;
  lastLoginAt: string | null;
  status: string;
};
type TeamPage = {
  list: TeamRow[];
  totalCount: number;
  pageSize: number;
  breadcrumb: { memberId: number; username: string; level: number }[];
  currency: string;
  turnoverFrom: string;
  turnoverTo: string;
};

/** The ledger's transfer codes (apps/server ledger.codes.ts), in the order of its list; each is translated. */
export const LEDGER_CODES = [
  'deposit',
  'withdrawal',
  'withdrawal_returned',
  'vendor_transfer_in',
  'vendor_transfer_out',
  'upline_transfer',
  'downline_transfer',
  'promotion',
  'bet',
  'payout',
  'rebate',
  'agent_commission',
  'cancelled',
  'admin_adjustment',
  'points_redemption',
  'stake_reserve',
  'stake_void',
  'reversal',
  'trial_credit',
  'withdrawal_fee',
  'withdrawal_hold',
  'withdrawal_release',
  'agent_wallet_move',
  'red_envelope_fund',
  'red_envelope_claim',
  'red_envelope_return',
  'points_earn',
  'points_spend',
  'points_refund',
] as const;

const BET_STATUSES = ['open', 'settled', 'cancelled'] as const;
const DEPOSIT_STATUSES = ['pending', 'paid', 'rejected', 'failed', 'expired'] as const;
const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected', 'paid', 'confirmed_received', 'disputed'] as const;

function useLanguage() {
  const { t, i18n } = useTranslation();
  return { t, language: i18n.language };
}

/** A tab's filter form: its fields, the two days of a time range, and "Apply". */
function TabFilters({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <form
      className="filters tab-filters"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <button type="submit" className="button">
        {t('common.apply')}
      </button>
    </form>
  );
}

function DayFields({
  field,
}: {
  field: (key: 'from' | 'to') => { name: string; value: string; onChange: (e: { target: { value: string } }) => void };
}) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('memberTabs.from')}
        <input type="date" {...field('from')} />
      </label>
      <label>
        {t('memberTabs.to')}
        <input type="date" {...field('to')} />
      </label>
    </>
  );
}

export function Transactions({ memberId }: { memberId: number }) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const form = useFilterForm({ type: '', from: '', to: '' }, () => setPage(1));
  const { type, from, to } = form.applied;
  const entries = useQueuePage<Transaction>(
    'members',
    `/members/${memberId}/transactions${queryString({
      type: type || undefined,
      from: dayInstant(from, 'start'),
      to: dayInstant(to, 'end'),
      pageNo: page,
      pageSize: PAGE_SIZE,
    })}`,
  );
  const columns: Column<Transaction>[] = [
    { key: 'code', header: t('members.code'), cell: (entry) => t(`ledger.codes.${entry.code}`, { defaultValue: entry.code }) },
    { key: 'amount', header: t('common.amount'), numeric: true, cell: (entry) => money(entry.amount, entry.currency, language) },
    {
      key: 'after',
      header: t('members.balanceAfter'),
      numeric: true,
      cell: (entry) => (entry.balanceAfter === null ? '—' : money(entry.balanceAfter, entry.currency, language)),
    },
    { key: 'time', header: t('members.time'), cell: (entry) => dateTime(entry.createdAt, language) },
  ];
  return (
    <>
      <TabFilters onSubmit={form.apply}>
        <label>
          {t('memberTabs.type')}
          <select {...form.field('type')}>
            <option value="">{t('memberTabs.allTypes')}</option>
            {LEDGER_CODES.map((code) => (
              <option key={code} value={code}>
                {t(`ledger.codes.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <DayFields field={form.field} />
      </TabFilters>
      <PagedTable query={entries} page={page} onPage={setPage} columns={columns} rowKey={(entry) => entry.entryId} />
    </>
  );
}

export function Bets({ memberId }: { memberId: number }) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const form = useFilterForm({ status: '', vendorCode: '', gameCode: '', from: '', to: '' }, () => setPage(1));
  const { status, vendorCode, gameCode, from, to } = form.applied;
  const bets = useQueuePage<Bet>(
    'members',
    `/members/${memberId}/bets${queryString({
      status: status || undefined,
      vendorCode: vendorCode.trim() || undefined,
      gameCode: gameCode.trim() || undefined,
      from: dayInstant(from, 'start'),
      to: dayInstant(to, 'end'),
      pageNo: page,
      pageSize: PAGE_SIZE,
    })}`,
  );
  const columns: Column<Bet>[] = [
    {
      key: 'game',
      header: t('members.game'),
      cell: (bet) => (
        <>
          {bet.gameName ?? bet.gameCode}
          <br />
          <small className="muted">
            {bet.vendorCode} · {bet.gameCode}
          </small>
        </>
      ),
    },
    { key: 'stake', header: t('members.stake'), numeric: true, cell: (bet) => money(bet.stake, bet.currency, language) },
    { key: 'payout', header: t('members.payout'), numeric: true, cell: (bet) => money(bet.payout, bet.currency, language) },
    { key: 'result', header: t('members.result'), cell: (bet) => t(`members.betResult.${bet.result}`, { defaultValue: bet.result }) },
    { key: 'time', header: t('members.time'), cell: (bet) => dateTime(bet.betTime, language) },
  ];
  return (
    <>
      <TabFilters onSubmit={form.apply}>
        <label>
          {t('memberTabs.status')}
          <select {...form.field('status')}>
            <option value="">{t('memberTabs.anyStatus')}</option>
            {BET_STATUSES.map((each) => (
              <option key={each} value={each}>
                {t(`memberTabs.betStatus.${each}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('memberTabs.vendor')}
          <input maxLength={64} {...form.field('vendorCode')} />
        </label>
        <label>
          {t('memberTabs.game')}
          <input maxLength={128} {...form.field('gameCode')} />
        </label>
        <DayFields field={form.field} />
      </TabFilters>
      <PagedTable query={bets} page={page} onPage={setPage} columns={columns} rowKey={(bet) => bet.id} />
    </>
  );
}

export function Deposits({ memberId }: { memberId: number }) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const form = useFilterForm({ status: '', from: '', to: '' }, () => setPage(1));
  const { status, from, to } = form.applied;
  const orders = useQueuePage<Deposit>(
    'members',
    `/members/${memberId}/deposits${queryString({
      status: status || undefined,
      from: dayInstant(from, 'start'),
      to: dayInstant(to, 'end'),
      pageNo: page,
      pageSize: PAGE_SIZE,
    })}`,
  );
  const columns: Column<Deposit>[] = [
    { key: 'reference', header: t('memberTabs.reference'), cell: (order) => <code>{order.referenceCode ?? order.orderNo}</code> },
    { key: 'channel', header: t('memberTabs.channel'), cell: (order) => order.type },
    {
      key: 'amount',
      header: t('common.amount'),
      numeric: true,
      cell: (order) => money(order.creditedAmount ?? order.amount, order.currency, language),
    },
    {
      key: 'status',
      header: t('common.status'),
      cell: (order) => t(`memberTabs.depositStatus.${order.status}`, { defaultValue: order.status }),
    },
    { key: 'time', header: t('common.created'), cell: (order) => dateTime(order.createdAt, language) },
  ];
  return (
    <>
      <TabFilters onSubmit={form.apply}>
        <label>
          {t('memberTabs.status')}
          <select {...form.field('status')}>
            <option value="">{t('memberTabs.anyStatus')}</option>
            {DEPOSIT_STATUSES.map((each) => (
              <option key={each} value={each}>
                {t(`memberTabs.depositStatus.${each}`)}
              </option>
            ))}
          </select>
        </label>
        <DayFields field={form.field} />
      </TabFilters>
      <PagedTable
        query={orders}
        page={page}
        onPage={setPage}
        columns={columns}
        rowKey={(order) => order.id}
        rowTestId={(order) => `member-deposit-${order.id}`}
      />
    </>
  );
}

export function Withdrawals({ memberId }: { memberId: number }) {
  const { t, language } = useLanguage();
  const [page, setPage] = useState(1);
  const form = useFilterForm({ status: '', from: '', to: '' }, () => setPage(1));
  const { status, from, to } = form.applied;
  const list = useQueuePage<AdminWithdrawalValue>(
    'members',
    `/members/${memberId}/withdrawals${queryString({
      status: status || undefined,
      from: dayInstant(from, 'start'),
      to: dayInstant(to, 'end'),
      pageNo: page,
      pageSize: PAGE_SIZE,
    })}`,
  );
  const columns: Column<AdminWithdrawalValue>[] = [
    { key: 'id', header: '#', cell: (w) => w.id },
    { key: 'amount', header: t('common.amount'), numeric: true, cell: (w) => money(w.amount, w.currency, language) },
    { key: 'net', header: t('withdrawals.net'), numeric: true, cell: (w) => money(w.netAmount, w.currency, language) },
    { key: 'bank', header: t('withdrawals.bank'), cell: (w) => `${w.bankCard.bankName} · ${w.bankCard.accountNumber}` },
    { key: 'status', header: t('common.status'), cell: (w) => t(`memberTabs.withdrawalStatus.${w.status}`, { defaultValue: w.status }) },
    { key: 'time', header: t('common.created'), cell: (w) => dateTime(w.createdAt, language) },
  ];
  return (
    <>
      <TabFilters onSubmit={form.apply}>
        <label>
          {t('memberTabs.status')}
          <select {...form.field('status')}>
            <option value="">{t('memberTabs.anyStatus')}</option>
            {WITHDRAWAL_STATUSES.map((each) => (
              <option key={each} value={each}>
                {t(`memberTabs.withdrawalStatus.${each}`)}
              </option>
            ))}
          </select>
        </label>
        <DayFields field={form.field} />
      </TabFilters>
      <PagedTable
        query={list}
        page={page}
        onPage={setPage}
        columns={columns}
        rowKey={(w) => w.id}
        rowTestId={(w) => `member-withdrawal-${w.id}`}
      />
    </>
  );
}

/** The agent tree: the agent's direct downline with team size and this month's turnover; a row opens its own team. */
export function Team({ memberId }: { memberId: number }) {
  const { t, language } = useLanguage();
  const [parentId, setParentId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const team = useQuery({
    queryKey: ['member', memberId, 'team', parentId, page],
    placeholderData: keepPreviousData,
    queryFn: () => adminGet<TeamPage>(`/members/${memberId}/team${queryString({ parentId, pageNo: page, pageSize: PAGE_SIZE })}`),
  });
  const open = (id: number | undefined) => {
    setParentId(id === memberId ? undefined : id);
    setPage(1);
  };
  const data = team.data;
  const columns: Column<TeamRow>[] = [
    { key: 'username', header: t('members.username'), cell: (row) => <Link to={`/members/${row.memberId}`}>{row.username}</Link> },
    { key: 'level', header: t('memberTabs.level'), numeric: true, cell: (row) => row.level },
    { key: 'size', header: t('memberTabs.teamSize'), numeric: true, cell: (row) => row.teamSize },
    {
      key: 'turnover',
      header: t('memberTabs.turnover'),
      numeric: true,
      cell: (row) => money(row.turnover, data?.currency ?? 'VND', language),
    },
    {
      key: 'last',
      header: t('members.lastLogin'),
      cell: (row) => (row.lastLoginAt ? dateTime(row.lastLoginAt, language) : t('members.never')),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (row) =>
        row.teamSize > 0 ? (
          <button type="button" className="button" onClick={() => open(row.memberId)}>
            {t('memberTabs.open')}
          </button>
        ) : null,
    },
  ];
  return (
    <QueueState isLoading={team.isLoading} error={team.error} isEmpty={false} onRetry={() => void team.refetch()}>
      {data ? (
        <>
          <nav className="breadcrumb" aria-label={t('members.tabs.team')} data-testid="team-breadcrumb">
            {data.breadcrumb.map((each, index) => (
              <span key={each.memberId}>
                {index > 0 ? ' › ' : ''}
                {index === data.breadcrumb.length - 1 ? (
                  <strong>{each.username}</strong>
                ) : (
                  <button type="button" className="link-button" onClick={() => open(each.memberId)}>
                    {each.username}
                  </button>
                )}
              </span>
            ))}
            <span className="muted">
              {' '}
              · {data.turnoverFrom} – {data.turnoverTo}
            </span>
          </nav>
          {data.list.length === 0 ? (
            <p className="empty">{t('common.empty')}</p>
          ) : (
            <>
              <DataTable columns={columns} rows={data.list} rowKey={(row) => row.memberId} rowTestId={(row) => `team-${row.memberId}`} />
              <Pager page={page} pages={Math.max(1, Math.ceil(data.totalCount / data.pageSize))} total={data.totalCount} onPage={setPage} />
            </>
          )}
        </>
      ) : null}
    </QueueState>
  );
}
