import type { Grant } from '@platform/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { Notice, QueueState } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useDecision } from '../components/use-queue.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { memberGrantsEn, memberGrantsVi, memberGrantsZh } from '../i18n/member-grants.ts';
import { dateTime, money } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('memberGrants', { vi: memberGrantsVi, en: memberGrantsEn, zh: memberGrantsZh });

type PromotionName = { id: number; input: { code: string; titles: Record<string, string> } };

/** How far the wagering is, in whole percent (a grant asking no turnover is done). */
export function wageringPercent(grant: Pick<Grant, 'progress' | 'requiredTurnover'>): number {
  if (grant.requiredTurnover <= 0) return 100;
  return Math.min(100, Math.floor((grant.progress * 100) / grant.requiredTurnover));
}

/**
 * The member's bonus grants in the member file (`promotion:read`): promotion, state, amount, bonus
 * left, wagering progress and expiry; with `promotion:review` an active grant can be forfeited with a
 * reason (the promotions service returns the bonus to the pool and audits it).
 */
export function MemberGrants({ member }: { member: { id: number; username: string; currency: string } }) {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayRead = operator ? mayUse(operator, 'promotion:read') : false;
  const mayForfeit = operator ? mayUse(operator, 'promotion:review') : false;
  const [forfeiting, setForfeiting] = useState<Grant | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const grants = useQuery({
    queryKey: ['member', member.id, 'grants'],
    queryFn: () => adminGet<{ list: Grant[] }>(`/promotions/members/${member.id}/grants`),
    enabled: mayRead,
  });
  const promotions = useQuery({
    queryKey: ['promotions'],
    queryFn: async () => (await adminGet<{ list: PromotionName[] }>('/promotions')).list,
    enabled: mayRead,
  });
  const forfeit = useDecision(
    (value: { grant: Grant; reason: string }) =>
      adminCall<Grant>('POST', `/promotions/grants/${value.grant.id}/forfeit`, { reason: value.reason }),
    (value) => {
      setNotice(t('memberGrants.forfeited', { id: value.grant.id }));
      setForfeiting(null);
      void grants.refetch();
    },
  );
  if (!mayRead) return null;
  const amount = (value: number) => money(value, member.currency, i18n.language);
  const promotionName = (id: number) => {
    const found = promotions.data?.find((p) => p.id === id);
    if (!found) return `#${id}`;
    const title = found.input.titles[i18n.language] ?? found.input.titles.en ?? found.input.titles.vi ?? '';
    return `${found.input.code} · ${title}`;
  };
  const columns: Column<Grant>[] = [
    { key: 'id', header: '#', cell: (g) => g.id },
    { key: 'promotion', header: t('memberGrants.promotion'), className: 'text', cell: (g) => promotionName(g.promotionId) },
    {
      key: 'status',
      header: t('memberGrants.status'),
      cell: (g) => (
        <>
          {t(`memberGrants.statuses.${g.status}`)}
          {g.closedAt ? <div className="muted">{t('memberGrants.closed', { time: dateTime(g.closedAt, i18n.language) })}</div> : null}
        </>
      ),
    },
    { key: 'amount', header: t('memberGrants.amount'), numeric: true, cell: (g) => amount(g.amount) },
    {
      key: 'balance',
      header: t('memberGrants.balance'),
      numeric: true,
      cell: (g) => (
        <>
          {amount(g.bonusBalance)}
          {g.converted > 0 ? <div className="muted">{t('memberGrants.converted', { amount: amount(g.converted) })}</div> : null}
        </>
      ),
    },
    {
      key: 'progress',
      header: t('memberGrants.progress'),
      cell: (g) => (
        <div className="progress-cell">
          <progress max={100} value={wageringPercent(g)} aria-hidden="true" />
          <span>
            {t('memberGrants.progressOf', {
              done: amount(g.progress),
              required: amount(g.requiredTurnover),
              percent: wageringPercent(g),
            })}
          </span>
        </div>
      ),
    },
    { key: 'expires', header: t('memberGrants.expires'), cell: (g) => dateTime(g.expiresAt, i18n.language) },
    {
      key: 'actions',
      header: '',
      actions: true,
      cell: (g) =>
        mayForfeit && g.status === 'active' ? (
          <button type="button" className="button button--danger" onClick={() => setForfeiting(g)}>
            {t('memberGrants.forfeit')}
          </button>
        ) : null,
    },
  ];
  const list = grants.data?.list ?? [];
  return (
    <section className="card member-grants" aria-labelledby="member-grants-title" data-testid="member-grants">
      <h2 id="member-grants-title">{t('memberGrants.title')}</h2>
      <Notice text={notice} />
      <QueueState
        isLoading={grants.isLoading}
        error={grants.error}
        isEmpty={list.length === 0}
        emptyText={t('memberGrants.empty')}
        onRetry={() => void grants.refetch()}
      >
        <DataTable columns={columns} rows={list} rowKey={(g) => g.id} rowTestId={(g) => `grant-${g.id}`} />
      </QueueState>
      {forfeiting ? (
        <ReasonDialog
          title={t('memberGrants.forfeitTitle', { id: forfeiting.id, username: member.username })}
          hint={t('memberGrants.forfeitHint')}
          submitLabel={t('memberGrants.forfeit')}
          tone="danger"
          decision={forfeit}
          text="required"
          requiredText={t('memberGrants.reasonRequired')}
          onConfirm={(reason) => {
            if (reason.length < 3) return t('memberGrants.reasonRequired');
            return forfeit.run({ grant: forfeiting, reason });
          }}
          onClose={() => setForfeiting(null)}
        />
      ) : null}
    </section>
  );
}
