import type { MemberPromotion } from '@platform/contracts/promotions';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSiteCurrency } from '../../../api/home-queries.ts';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { useGameCategoryName } from '../../../hooks/use-game-category-name.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatMediumDateTime } from '../../../lib/time-format.ts';
import { useMemberCentreNavigation } from '../../../state/use-member-centre-navigation.ts';
import { useBalanceFollowsGrants, useIsVisitor, usePromotion, usePublicPromotion, useRaffleEntries } from '../api/promotions-api.ts';
import { usePromotionsTranslation } from '../i18n/register-translations.ts';
import { GrantProgress } from './grant-progress.tsx';
import { PromotionAction } from './promotion-action.tsx';
import { PromotionCountdown, StatusLabel, VisitorAction } from './promotion-parts.tsx';
import './promotions.css';

/**
 * `/promoDetail?id=`: the rules in the member's language, the member's progress, the action the
 * status allows; a visitor sees the public promotion in the site's currency, with "log in to join".
 */
export function PromotionDetail({ id, currency: memberCurrency }: { id: number; currency: string | null }) {
  const { t, i18n } = usePromotionsTranslation();
  const visitor = useIsVisitor();
  const siteCurrency = useSiteCurrency();
  const mine = usePromotion(id, i18n.language, !visitor);
  const open = usePublicPromotion(id, i18n.language, visitor);
  const promotion = visitor ? open : mine;
  const currency = visitor ? siteCurrency : memberCurrency;
  useBalanceFollowsGrants(promotion.data ? [promotion.data.grant] : undefined);
  const back = (
    <Link className="pr-back" to="/promotions">
      ← {t('back')}
    </Link>
  );
  if (!(id > 0))
    return (
      <div className="pr-page">
        {back}
        <p className="pr-empty">{t('notFound')}</p>
      </div>
    );
  if (promotion.error)
    return (
      <div className="pr-page">
        {back}
        <ErrorState error={promotion.error} onRetry={() => void promotion.refetch()} />
      </div>
    );
  if (!promotion.data || !currency) return <LoadingState />;
  return (
    <div className="pr-page">
      {back}
      <Detail promotion={promotion.data} currency={currency} visitor={visitor} />
    </div>
  );
}

function Detail({ promotion: p, currency, visitor }: { promotion: MemberPromotion; currency: string; visitor: boolean }) {
  const { t, i18n } = usePromotionsTranslation();
  const { openPage } = useMemberCentreNavigation();
  const categoryName = useGameCategoryName();
  const moneyFormat = useMoneyFormat();
  const money = (n: number) => moneyFormat(n, currency);
  const weights = Object.entries(p.weights).filter(([, percent]) => percent > 0);
  const period = `${formatMediumDateTime(p.startsAt, i18n.language)} – ${p.endsAt ? formatMediumDateTime(p.endsAt, i18n.language) : t('facts.none')}`;
  const facts: { key: string; label: string; value: string }[] = [
    { key: 'period', label: t('facts.period'), value: period },
    ...(p.trigger === 'first_deposit' || p.trigger === 'reload_deposit'
      ? [{ key: 'minDeposit', label: t('facts.minDeposit'), value: money(p.minDeposit) }]
      : []),
    ...(p.loss
      ? [
          {
            key: 'loss',
            label: t('loss.rule'),
            value: t('loss.ruleValue', { period: t(`loss.periods.${p.loss.period}`), min: money(p.loss.minLoss) }),
          },
          { key: 'lossMode', label: t('loss.mode'), value: t(`loss.modes.${p.loss.mode}`) },
        ]
      : []),
    {
      key: 'wagering',
      label: t('facts.wagering'),
      value: t('facts.wageringValue', { multiple: p.wageringMultiple.toLocaleString(i18n.language) }),
    },
    {
      key: 'counts',
      label: t('facts.counts'),
      value: weights.map(([category, percent]) => t('facts.weight', { category: categoryName(category), percent })).join(', '),
    },
    { key: 'maxStake', label: t('facts.maxStake'), value: p.maxStake === null ? t('facts.none') : money(p.maxStake) },
    { key: 'maxConversion', label: t('facts.maxConversion'), value: p.maxConversion === null ? t('facts.none') : money(p.maxConversion) },
    { key: 'expiry', label: t('facts.expiry'), value: t('facts.expiryValue', { hours: p.expiryHours }) },
  ];
  function statusHint(): string {
    if (visitor && ['JOIN', 'CLAIM', 'APPLY', 'JOINED'].includes(p.status)) return t('visitor.hint');
    if (p.loss && p.status === 'JOINED')
      return t('loss.joined', { period: t(`loss.periods.${p.loss.period}`), min: money(p.loss.minLoss) });
    if (p.loss && p.status === 'CLAIM') return t('loss.claim', { amount: money(p.claimable) });
    return t(`statusHints.${p.status}`);
  }
  return (
    <article className="pr-detail" data-testid="promotion-detail" data-promotion={p.code}>
      <div className="pr-card__top">
        <span className="pr-card__category">{t(`promotionTypes.${p.category}`)}</span>
        <StatusLabel promotion={p} />
      </div>
      {p.image && <img className="pr-detail__image" src={p.image} alt="" data-testid="promotion-image" />}
      <h2 className="pr-detail__title">{p.title}</h2>
      <PromotionCountdown promotion={p} withGrant={false} />
      <p className="pr-muted" data-testid="promotion-status-hint">
        {statusHint()}
      </p>
      {p.contactIdRequired && !visitor && (
        <p className="pr-hint" data-testid="promotion-contact-hint">
          {t('contactHint')}{' '}
          <button type="button" className="link-button" onClick={() => openPage('securityCenter')}>
            {t('contactLink')}
          </button>
        </p>
      )}
      {visitor ? <VisitorAction promotion={p} /> : <PromotionAction promotion={p} />}
      {p.grant && (
        <section className="pr-section" aria-label={t('progress.title')}>
          <h3 className="pr-section__title">{t('progress.title')}</h3>
          <GrantProgress grant={p.grant} currency={currency} />
        </section>
      )}
      {p.raffle && <RaffleSection promotionId={p.id} raffle={p.raffle} money={money} />}
      <section className="pr-section" aria-label={t('rules')}>
        <h3 className="pr-section__title">{t('rules')}</h3>
        <p className="pr-rules">{p.body}</p>
      </section>
      <section className="pr-section" aria-label={t('facts.title')}>
        <h3 className="pr-section__title">{t('facts.title')}</h3>
        <dl className="pr-facts">
          {facts.map((f) => (
            <div key={f.key}>
              <dt>{f.label}</dt>
              <dd data-fact={f.key}>{f.value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}

/** A raffle: the draw time, the ticket rule, the prizes, the member's tickets, the commitment; once drawn, the seed and the winners. */
function RaffleSection({
  promotionId,
  raffle,
  money,
}: {
  promotionId: number;
  raffle: NonNullable<MemberPromotion['raffle']>;
  money: (n: number) => string;
}) {
  const { t, i18n } = usePromotionsTranslation();
  return (
    <section className="pr-section" aria-label={t('raffle.title')} data-testid="promotion-raffle">
      <h3 className="pr-section__title">{t('raffle.title')}</h3>
      <p className="pr-muted">
        {t('raffle.drawAt')}: {formatMediumDateTime(raffle.drawAt, i18n.language)}
      </p>
      <p className="pr-muted">{t('raffle.rule', { amount: money(raffle.ticketTurnover), max: raffle.ticketsMax })}</p>
      <p data-field="tickets">{t('raffle.tickets', { mine: raffle.myTickets, earned: raffle.earnedTickets })}</p>
      <ol className="pr-muted" aria-label={t('raffle.prizes')}>
        {raffle.prizes
          .map((amount, index) => ({ rank: index + 1, amount }))
          .map((prize) => (
            <li key={prize.rank}>{t('raffle.prize', { rank: prize.rank, amount: money(prize.amount) })}</li>
          ))}
      </ol>
      <p className="pr-muted pr-code">
        {t('raffle.commitment')}: <code data-field="commitment">{raffle.commitment}</code>
      </p>
      {raffle.drawn && (
        <>
          <p className="pr-muted pr-code">
            {t('raffle.seed')}: <code data-field="seed">{raffle.drawn.seed}</code>
          </p>
          <p className="pr-muted">{t('raffle.total', { count: raffle.drawn.totalTickets })}</p>
          <ul data-testid="raffle-winners">
            {raffle.drawn.winners.map((w) => (
              <li key={w.rank}>
                {t('raffle.winner', { rank: w.rank, amount: money(w.amount), winner: w.mine ? t('raffle.you') : w.winner })}
              </li>
            ))}
          </ul>
        </>
      )}
      <RaffleEntriesList promotionId={promotionId} />
    </section>
  );
}

/** The raffle's public list, read when opened: every entry in the draw's order with its tickets, the winners marked. */
function RaffleEntriesList({ promotionId }: { promotionId: number }) {
  const { t } = usePromotionsTranslation();
  const [open, setOpen] = useState(false);
  const list = useRaffleEntries(promotionId, open);
  const rankOf = new Map((list.data?.winners ?? []).map((w) => [w.entry, w.rank]));
  return (
    <div className="pr-entries" data-testid="raffle-entries">
      <button type="button" className="link-button pr-entries__toggle" aria-expanded={open} onClick={() => setOpen((was) => !was)}>
        {t('raffle.entries')}
      </button>
      {!open ? null : list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.entries.length === 0 ? (
        <p className="pr-muted">{t('raffle.entriesEmpty')}</p>
      ) : list.data ? (
        <table className="pr-entries__table">
          <thead>
            <tr>
              <th scope="col">{t('raffle.entryNumber')}</th>
              <th scope="col">{t('raffle.entryMember')}</th>
              <th scope="col">{t('raffle.entryTickets')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.entries.map((e) => {
              const rank = rankOf.get(e.entry);
              return (
                <tr key={e.entry} data-entry={e.entry}>
                  <td>{e.entry}</td>
                  <td>
                    {e.username}
                    {rank !== undefined && <span className="pr-entries__prize"> · {t('raffle.entryPrize', { rank })}</span>}
                  </td>
                  <td>{e.tickets}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {open && <p className="pr-muted">{t('raffle.verifyNote')}</p>}
    </div>
  );
}
