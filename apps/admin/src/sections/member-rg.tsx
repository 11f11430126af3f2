import {
  RG_LIMIT_KINDS,
  RG_PERIODS,
  type RgHistoryEntry,
  type RgStateValue,
  type RgTriggerDay,
} from '@platform/contracts/responsible-gaming';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, KeysetTable } from '../components/data-table.tsx';
import { Notice, QueueState } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useDecision } from '../components/use-queue.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { memberRgEn, memberRgVi, memberRgZh } from '../i18n/member-rg.ts';
import { dateTime, money } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('memberRg', { vi: memberRgVi, en: memberRgEn, zh: memberRgZh });

type Limit = RgStateValue['limits'][number];
type Dialog = 'tighten' | 'break' | null;

/**
 * The member's responsible gaming in the member file: every limit with this period's use and any
 * waiting change, the break, self-exclusion and reality check; with member:lock the two stricter
 * actions an operator may take (tighten a limit, a break), each with a reason for the audit log.
 */
export function MemberResponsibleGaming({ member }: { member: { id: number; username: string; currency: string } }) {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayAct = operator ? mayUse(operator, 'member:lock') : false;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [form, setForm] = useState({ kind: 'deposit', period: 'daily', amount: '', days: '7' });
  const path = `/members/${member.id}/responsible-gaming`;
  const client = useQueryClient();
  const state = useQuery({ queryKey: ['member', member.id, 'rg'], queryFn: () => adminGet<RgStateValue>(path) });
  const act = useDecision(
    async (value: { kind: 'tighten' | 'break'; note: string }) =>
      value.kind === 'tighten'
        ? adminCall<RgStateValue>('PUT', `${path}/limits`, {
            limits: [{ kind: form.kind, period: form.period, amount: Number(form.amount.trim()) }],
            note: value.note,
          })
        : adminCall<RgStateValue>('POST', `${path}/break`, { days: Number(form.days.trim()), note: value.note }),
    (value) => {
      setNotice(t(value.kind === 'tighten' ? 'memberRg.tightened' : 'memberRg.breakSet', { username: member.username }));
      setDialog(null);
      void state.refetch();
      // The history card shows the change at once.
      void client.invalidateQueries({ queryKey: ['member', member.id, 'rg-history'] });
    },
  );
  const amount = (value: number | null) => (value === null ? t('memberRg.none') : money(value, member.currency, i18n.language));
  const columns: Column<Limit>[] = [
    { key: 'kind', header: t('memberRg.kind'), cell: (l) => t(`memberRg.kinds.${l.kind}`) },
    { key: 'period', header: t('memberRg.period'), cell: (l) => t(`memberRg.periods.${l.period}`) },
    { key: 'amount', header: t('memberRg.inForce'), numeric: true, cell: (l) => amount(l.amount) },
    { key: 'used', header: t('memberRg.used'), numeric: true, cell: (l) => money(l.used, member.currency, i18n.language) },
    {
      key: 'pending',
      header: t('memberRg.pending'),
      cell: (l) =>
        l.pending
          ? t('memberRg.pendingAt', { amount: amount(l.pending.amount), time: dateTime(l.pending.effectiveAt, i18n.language) })
          : '—',
    },
  ];
  const rg = state.data;
  const set = (name: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value });
  return (
    <section className="card member-rg" aria-labelledby="member-rg-title" data-testid="member-rg">
      <h2 id="member-rg-title">{t('memberRg.title')}</h2>
      <Notice text={notice} />
      <QueueState isLoading={state.isLoading} error={state.error} isEmpty={false} onRetry={() => void state.refetch()}>
        {rg ? (
          <>
            <ul className="plain-list">
              {rg.isPermanentlyExcluded ? <li>{t('memberRg.permanent')}</li> : null}
              {rg.selfExcludedUntil ? (
                <li>{t('memberRg.excludedUntil', { time: dateTime(rg.selfExcludedUntil, i18n.language) })}</li>
              ) : null}
              {rg.breakUntil ? <li>{t('memberRg.breakUntil', { time: dateTime(rg.breakUntil, i18n.language) })}</li> : null}
              {rg.realityCheckMinutes ? <li>{t('memberRg.realityCheck', { minutes: rg.realityCheckMinutes })}</li> : null}
            </ul>
            <DataTable
              columns={columns}
              rows={rg.limits.filter((l) => l.amount !== null || l.pending !== null)}
              rowKey={(l) => `${l.kind}-${l.period}`}
              rowTestId={(l) => `rg-limit-${l.kind}-${l.period}`}
            />
          </>
        ) : null}
      </QueueState>
      {mayAct ? (
        <>
          <p className="muted">{t('memberRg.hint')}</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => setDialog('tighten')}>
              {t('memberRg.tighten')}
            </button>
            <button type="button" className="button button--danger" onClick={() => setDialog('break')}>
              {t('memberRg.breakAction')}
            </button>
          </div>
        </>
      ) : null}
      {dialog ? (
        <ReasonDialog
          title={t(dialog === 'tighten' ? 'memberRg.tightenTitle' : 'memberRg.breakTitle', { username: member.username })}
          hint={dialog === 'break' ? t('memberRg.breakHint') : t('memberRg.hint')}
          submitLabel={t(dialog === 'tighten' ? 'memberRg.tighten' : 'memberRg.breakAction')}
          tone={dialog === 'break' ? 'danger' : 'primary'}
          decision={act}
          text="required"
          requiredText={t('memberRg.reasonRequired')}
          onConfirm={(note) => {
            if (note.length < 3) return t('memberRg.reasonRequired');
            if (dialog === 'tighten' && (!/^\d{1,15}$/.test(form.amount.trim()) || Number(form.amount.trim()) <= 0))
              return t('memberRg.amountInvalid');
            if (dialog === 'break' && (!/^\d{1,2}$/.test(form.days.trim()) || Number(form.days) < 1 || Number(form.days) > 90))
              return t('memberRg.daysInvalid');
            return act.run({ kind: dialog, note });
          }}
          onClose={() => setDialog(null)}
        >
          {dialog === 'tighten' ? (
            <>
              <label className="field">
                {t('memberRg.kind')}
                <select name="kind" value={form.kind} onChange={set('kind')}>
                  {RG_LIMIT_KINDS.map((each) => (
                    <option key={each} value={each}>
                      {t(`memberRg.kinds.${each}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                {t('memberRg.period')}
                <select name="period" value={form.period} onChange={set('period')}>
                  {RG_PERIODS.map((each) => (
                    <option key={each} value={each}>
                      {t(`memberRg.periods.${each}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                {t('memberRg.amount')}
                <input name="amount" value={form.amount} onChange={set('amount')} inputMode="numeric" autoComplete="off" />
              </label>
            </>
          ) : (
            <label className="field">
              {t('memberRg.days')}
              <input name="days" value={form.days} onChange={set('days')} inputMode="numeric" autoComplete="off" />
            </label>
          )}
        </ReasonDialog>
      ) : null}
    </section>
  );
}

/** What one history event changed, in a sentence of the operator's language. */
function historyDetail(entry: RgHistoryEntry, t: TFunction, language: string, amount: (value: number | null) => string): string {
  const parts: string[] = entry.limits.map((l) => {
    const limit = t('memberRg.limitOf', { kind: t(`memberRg.kinds.${l.kind}`), period: t(`memberRg.periods.${l.period}`) });
    const now = t('memberRg.historyInForce', { limit, amount: amount(l.inForce) });
    return l.pending
      ? `${now}; ${t('memberRg.pendingAt', { amount: amount(l.pending.amount), time: dateTime(l.pending.effectiveAt, language) })}`
      : now;
  });
  if (entry.permanent) parts.push(t('memberRg.permanent'));
  else if (entry.until) parts.push(t('memberRg.historyUntil', { time: dateTime(entry.until, language) }));
  if (entry.event === 'reality_check_set')
    parts.push(entry.minutes ? t('memberRg.realityCheck', { minutes: entry.minutes }) : t('memberRg.realityCheckOff'));
  return parts.join(' · ');
}

/**
 * The member's responsible-gaming history in the member file (`member:read`): every limit change,
 * break, self-exclusion and reality-check change, newest first, by the member or an operator with the
 * operator's reason (`GET /members/:id/responsible-gaming/history`, read from the audit rows).
 */
export function MemberRgHistory({ member }: { member: { id: number; currency: string } }) {
  const { t, i18n } = useTranslation();
  const [before, setBefore] = useState<number | undefined>(undefined);
  const path = `/members/${member.id}/responsible-gaming/history${before ? `?before=${before}` : ''}`;
  const history = useQuery({
    queryKey: ['member', member.id, 'rg-history', before],
    queryFn: () => adminGet<{ list: RgHistoryEntry[]; nextBefore: number | null }>(path),
  });
  const amount = (value: number | null) => (value === null ? t('memberRg.none') : money(value, member.currency, i18n.language));
  const columns: Column<RgHistoryEntry>[] = [
    { key: 'at', header: t('memberRg.historyAt'), cell: (e) => dateTime(e.at, i18n.language) },
    { key: 'event', header: t('memberRg.historyEvent'), cell: (e) => t(`memberRg.events.${e.event}`) },
    {
      key: 'by',
      header: t('memberRg.historyBy'),
      cell: (e) => (e.by === 'member' ? t('memberRg.byMember') : t('memberRg.byOperator', { id: e.operatorId })),
    },
    { key: 'detail', header: t('memberRg.historyDetail'), className: 'text', cell: (e) => historyDetail(e, t, i18n.language, amount) },
    { key: 'note', header: t('memberRg.historyNote'), className: 'text', cell: (e) => e.note ?? '—' },
  ];
  return (
    <section className="card member-rg-history" aria-labelledby="member-rg-history-title" data-testid="member-rg-history">
      <h2 id="member-rg-history-title">{t('memberRg.historyTitle')}</h2>
      <KeysetTable
        query={history}
        columns={columns}
        rowKey={(e) => e.id}
        rowTestId={(e) => `rg-event-${e.id}`}
        before={before}
        onBefore={setBefore}
        emptyText={t('memberRg.historyEmpty')}
      />
    </section>
  );
}

/**
 * The member's limit refusals per day in the member file (`member:read`): each day and limit kind
 * with how many deposits or stakes the limit refused, the latest 30 days with any first, older ones
 * by page (`GET /members/:id/responsible-gaming/triggers`).
 */
export function MemberRgTriggers({ member }: { member: { id: number } }) {
  const { t, i18n } = useTranslation();
  const [pages, setPages] = useState<string[]>([]);
  const before = pages.at(-1);
  const path = `/members/${member.id}/responsible-gaming/triggers${before ? `?before=${before}` : ''}`;
  const triggers = useQuery({
    queryKey: ['member', member.id, 'rg-triggers', before],
    queryFn: () => adminGet<{ list: RgTriggerDay[]; nextBefore: string | null }>(path),
  });
  const columns: Column<RgTriggerDay>[] = [
    { key: 'day', header: t('memberRg.triggersDay'), cell: (r) => r.day },
    { key: 'kind', header: t('memberRg.triggersKind'), cell: (r) => t(`memberRg.reasons.${r.kind}`) },
    { key: 'count', header: t('memberRg.triggersCount'), numeric: true, cell: (r) => r.refusals },
    { key: 'last', header: t('memberRg.triggersLast'), cell: (r) => dateTime(r.lastAt, i18n.language) },
  ];
  const nextBefore = triggers.data?.nextBefore ?? null;
  return (
    <section className="card member-rg-triggers" aria-labelledby="member-rg-triggers-title" data-testid="member-rg-triggers">
      <h2 id="member-rg-triggers-title">{t('memberRg.triggersTitle')}</h2>
      <p className="muted">{t('memberRg.triggersHint')}</p>
      <QueueState
        isLoading={triggers.isLoading}
        error={triggers.error}
        isEmpty={(triggers.data?.list.length ?? 0) === 0}
        emptyText={t('memberRg.triggersEmpty')}
        onRetry={() => void triggers.refetch()}
      >
        <DataTable
          columns={columns}
          rows={triggers.data?.list ?? []}
          rowKey={(r) => `${r.day}-${r.kind}`}
          rowTestId={(r) => `rg-trigger-${r.day}-${r.kind}`}
        />
      </QueueState>
      {pages.length > 0 || nextBefore !== null ? (
        <nav className="pager">
          <button type="button" className="button" disabled={pages.length === 0} onClick={() => setPages([])}>
            {t('members.newest')}
          </button>
          <button
            type="button"
            className="button"
            disabled={nextBefore === null}
            onClick={() => nextBefore && setPages([...pages, nextBefore])}
          >
            {t('members.older')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
