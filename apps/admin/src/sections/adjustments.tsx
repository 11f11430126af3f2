import {
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_STATUSES,
  ADJUSTMENT_WALLETS,
  type AdjustmentStatus,
  type AdjustmentValue,
} from '@platform/contracts/admin-money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, PagedTable, Tabs } from '../components/data-table.tsx';
import { DecisionDialog, Notice, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { adjustmentsEn, adjustmentsVi, adjustmentsZh } from '../i18n/adjustments.ts';
import { addSectionTexts, errorText } from '../i18n/i18n.ts';
import { dateTime, money } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('adjustments', { vi: adjustmentsVi, en: adjustmentsEn, zh: adjustmentsZh });

type Adjustment = AdjustmentValue;
type RequestForm = {
  memberName: string;
  wallet: (typeof ADJUSTMENT_WALLETS)[number];
  direction: (typeof ADJUSTMENT_DIRECTIONS)[number];
  amount: string;
  reason: string;
  /** One id per dialog: a retry after a lost answer moves nothing twice. */
  requestId: string;
};
type Deciding = { adjustment: Adjustment; action: 'approve' | 'reject' };

const newRequest = (): RequestForm => ({
  memberName: '',
  wallet: 'main',
  direction: 'credit',
  amount: '',
  reason: '',
  requestId: crypto.randomUUID(),
});

/** The request's first problem (a key under `adjustments`) or the amount in minor units. */
function requestProblem(form: RequestForm): string | null {
  if (form.memberName.trim() === '') return 'memberRequired';
  if (!/^\d{1,15}$/.test(form.amount.trim()) || Number(form.amount.trim()) <= 0) return 'amountInvalid';
  if (form.reason.trim() === '') return 'reasonRequired';
  return null;
}

/**
 * Manual credits and debits (docs/admin-money.md): the queue of requests waiting for a second
 * operator (approve or reject with adjustment:decide, never one's own), the decided ones, and a new
 * request (adjustment:request), which moves at once at or under the threshold.
 */
export default function AdjustmentsSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayRequest = operator ? mayUse(operator, 'adjustment:request') : false;
  const mayDecide = operator ? mayUse(operator, 'adjustment:decide') : false;
  const [status, setStatus] = useState<AdjustmentStatus>('requested');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [requesting, setRequesting] = useState<RequestForm | null>(null);
  const [requestError, setRequestError] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const [deciding, setDeciding] = useState<Deciding | null>(null);

  const list = useQueuePage<Adjustment>('adjustments', `/adjustments${queryString({ status, pageNo: page, pageSize: PAGE_SIZE })}`);
  const threshold = useQuery({
    queryKey: ['adjustment-threshold'],
    enabled: mayRequest,
    queryFn: () => adminGet<{ approvalThresholdMinor: number }>('/settings/adjustment-approval'),
  });

  const amountOf = (a: Adjustment) => money(a.amount, a.currency, i18n.language);
  const who = (id: number | null) => (id === null ? '—' : id === operator?.id ? t('adjustments.you') : t('adjustments.operator', { id }));

  const request = useDecision(
    async (value: { memberId: number; form: RequestForm }) =>
      adminCall<Adjustment>('POST', `/members/${value.memberId}/adjustments`, {
        wallet: value.form.wallet,
        direction: value.form.direction,
        amount: Number(value.form.amount.trim()),
        reason: value.form.reason.trim(),
        requestId: value.form.requestId,
      }),
    () => setRequesting(null),
  );
  const decide = useDecision(
    async (value: Deciding & { note: string }) =>
      adminCall('POST', `/adjustments/${value.adjustment.id}/${value.action}`, { note: value.note || undefined }),
    (value) => {
      setNotice(t(value.action === 'approve' ? 'adjustments.approved' : 'adjustments.rejected', { id: value.adjustment.id }));
      setDeciding(null);
    },
  );

  const submitRequest = async () => {
    if (!requesting) return;
    const problem = requestProblem(requesting);
    if (problem) return setRequestError(t(`adjustments.${problem}`));
    setRequestError(null);
    const name = requesting.memberName.trim();
    setFinding(true);
    try {
      const found = await adminGet<{ list: { id: number; username: string }[] }>(
        `/members/search${queryString({ by: 'username', q: name, pageNo: 1, pageSize: PAGE_SIZE })}`,
      );
      const member = found.list.find((each) => each.username.toLowerCase() === name.toLowerCase());
      if (!member) return setRequestError(t('adjustments.noMember', { name }));
      request.run(
        { memberId: member.id, form: requesting },
        {
          onSuccess: (made) => {
            const done = made as Adjustment;
            setNotice(t(done.status === 'requested' ? 'adjustments.requested' : 'adjustments.done', { id: done.id }));
          },
        },
      );
    } catch (failure) {
      setRequestError(errorText(failure));
    } finally {
      setFinding(false);
    }
  };

  const columns: Column<Adjustment>[] = [
    { key: 'id', header: '#', cell: (a) => a.id },
    { key: 'member', header: t('common.member'), cell: (a) => <Link to={`/members/${a.memberId}`}>{a.memberUsername}</Link> },
    { key: 'wallet', header: t('adjustments.wallet'), cell: (a) => t(`adjustments.wallets.${a.wallet}`) },
    { key: 'direction', header: t('adjustments.direction'), cell: (a) => t(`adjustments.directions.${a.direction}`) },
    { key: 'amount', header: t('adjustments.amount'), numeric: true, cell: amountOf },
    { key: 'reason', header: t('adjustments.reason'), className: 'text', cell: (a) => a.reason },
    { key: 'requestedBy', header: t('adjustments.requestedBy'), cell: (a) => who(a.requestedBy) },
    { key: 'created', header: t('common.created'), cell: (a) => dateTime(a.createdAt, i18n.language) },
    ...(status === 'requested'
      ? [
          { key: 'age', header: t('common.age'), cell: (a: Adjustment) => <SlaAge createdAt={a.createdAt} /> },
          {
            key: 'actions',
            header: t('common.actions'),
            actions: true,
            cell: (a: Adjustment) =>
              !mayDecide ? null : a.requestedBy === operator?.id ? (
                <span className="muted">{t('adjustments.own')}</span>
              ) : (
                <>
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => setDeciding({ adjustment: a, action: 'approve' })}
                  >
                    {t('adjustments.approve')}
                  </button>
                  <button type="button" className="button button--danger" onClick={() => setDeciding({ adjustment: a, action: 'reject' })}>
                    {t('adjustments.reject')}
                  </button>
                </>
              ),
          },
        ]
      : [
          { key: 'decidedBy', header: t('adjustments.decidedBy'), cell: (a: Adjustment) => who(a.decidedBy) },
          {
            key: 'balanceAfter',
            header: t('adjustments.balanceAfter'),
            numeric: true,
            cell: (a: Adjustment) => (a.balanceAfter === null ? '—' : money(a.balanceAfter, a.currency, i18n.language)),
          },
        ]),
  ];

  const set = (name: keyof RequestForm) => (event: { target: { value: string } }) =>
    setRequesting((current) => (current ? { ...current, [name]: event.target.value } : current));

  return (
    <section className="section" aria-labelledby="adjustments-title">
      <header className="section__head">
        <h1 id="adjustments-title">{t('adjustments.title')}</h1>
        {mayRequest ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              request.clearError();
              setRequestError(null);
              setRequesting(newRequest());
            }}
          >
            {t('adjustments.add')}
          </button>
        ) : null}
      </header>
      <p className="muted">
        {threshold.data
          ? t('adjustments.intro', { threshold: new Intl.NumberFormat(i18n.language).format(threshold.data.approvalThresholdMinor) })
          : t('adjustments.introNoThreshold')}
      </p>
      <Tabs
        tabs={ADJUSTMENT_STATUSES}
        value={status}
        label={(each) => t(`adjustments.tabs.${each}`)}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      <Notice text={notice} />
      <PagedTable
        query={list}
        page={page}
        onPage={setPage}
        columns={columns}
        rowKey={(a) => a.id}
        rowTestId={(a) => `adjustment-${a.id}`}
      />

      {requesting ? (
        <DecisionDialog
          title={t('adjustments.addTitle')}
          hint={t('adjustments.addHint')}
          submitLabel={t('adjustments.add')}
          error={requestError ?? request.error}
          isPending={request.isPending || finding}
          onSubmit={() => void submitRequest()}
          onClose={() => setRequesting(null)}
        >
          <label className="field">
            {t('adjustments.memberName')}
            <input name="memberName" value={requesting.memberName} onChange={set('memberName')} autoComplete="off" />
          </label>
          <label className="field">
            {t('adjustments.wallet')}
            <select name="wallet" value={requesting.wallet} onChange={set('wallet')}>
              {ADJUSTMENT_WALLETS.map((each) => (
                <option key={each} value={each}>
                  {t(`adjustments.wallets.${each}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('adjustments.direction')}
            <select name="direction" value={requesting.direction} onChange={set('direction')}>
              {ADJUSTMENT_DIRECTIONS.map((each) => (
                <option key={each} value={each}>
                  {t(`adjustments.directions.${each}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('adjustments.amount')}
            <input name="amount" value={requesting.amount} onChange={set('amount')} inputMode="numeric" autoComplete="off" />
          </label>
          <label className="field">
            {t('adjustments.reason')}
            <textarea name="reason" value={requesting.reason} onChange={set('reason')} maxLength={500} />
          </label>
        </DecisionDialog>
      ) : null}

      {deciding ? (
        <ReasonDialog
          title={t(deciding.action === 'approve' ? 'adjustments.approveTitle' : 'adjustments.rejectTitle', { id: deciding.adjustment.id })}
          hint={t('adjustments.approveHint', {
            direction: t(`adjustments.directions.${deciding.adjustment.direction}`),
            amount: amountOf(deciding.adjustment),
            member: deciding.adjustment.memberUsername,
            wallet: t(`adjustments.wallets.${deciding.adjustment.wallet}`),
          })}
          submitLabel={t(`adjustments.${deciding.action}`)}
          tone={deciding.action === 'approve' ? 'primary' : 'danger'}
          decision={decide}
          text={deciding.action === 'reject' ? 'required' : 'optional'}
          textLabel={deciding.action === 'reject' ? t('common.reason') : t('common.note')}
          requiredText={t('adjustments.reasonRequired')}
          onConfirm={(note) => decide.run({ ...deciding, note })}
          onClose={() => setDeciding(null)}
        >
          <p>
            {t('adjustments.reason')}: {deciding.adjustment.reason}
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}
