import { MALL_QUANTITY_MAX, type MallItem, type MallOrderStatusName } from '@platform/contracts/points';
import { lazy, Suspense, useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { usePopupStore } from '../../../state/popup-store.ts';
import { useSessionStore } from '../../../state/session-store.ts';
import { usePointConfig, usePointRewards } from '../api/point-mall-api.ts';
import { usePointMallTranslation } from '../i18n/register-translations.ts';
import { EarningRules } from './earning-rules.tsx';
import { PointHistory } from './point-history.tsx';
import { RedeemRecords } from './redeem-records.tsx';
import './point-mall.css';

/** The redeem form (its validation library included) loads when a member first picks an item. */
const RedeemDialog = lazy(() => import('./redeem-dialog.tsx').then((m) => ({ default: m.RedeemDialog })));

type Tab = 'mall' | 'records' | 'history' | 'earn';
type KindFilter = 'all' | MallItem['kind'];
const TABS: readonly Tab[] = ['mall', 'records', 'history', 'earn'];

/** `/pointMall`: the balance, the items to redeem, the exchange records, the points history and how to earn. */
export function PointMall({ currency }: { currency: string | null }) {
  const { t } = usePointMallTranslation();
  const isLogin = useSessionStore((s) => s.isLogin);
  const isTrial = useSessionStore((s) => s.isTrial);
  const open = usePopupStore((s) => s.open);
  if (!isLogin)
    return (
      <div className="pm-empty" data-testid="point-mall-login">
        <p>{t('loginNeeded')}</p>
        <button type="button" className="button button--primary" onClick={() => open('login')}>
          {t('logIn')}
        </button>
      </div>
    );
  if (isTrial) return <p className="pm-empty">{t('realAccountNeeded')}</p>;
  return <MallBody currency={currency} />;
}

function MallBody({ currency }: { currency: string | null }) {
  const { t, i18n } = usePointMallTranslation();
  const [tab, setTab] = useState<Tab>('mall');
  const [recordsStatus, setRecordsStatus] = useState<MallOrderStatusName | null>(null);
  const rewards = usePointRewards(i18n.language);
  const config = usePointConfig();
  const balance = rewards.data?.balance ?? config.data?.balance;
  const number = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB');
  return (
    <div className="pm-page">
      <div className="pm-balance" data-testid="point-balance">
        <p className="pm-balance__label">{t('balance')}</p>
        <p className="pm-balance__value">{balance === undefined ? '…' : t('points', { value: number.format(balance) })}</p>
        <p className="pm-balance__note">{t('neverExpire')}</p>
      </div>
      <div className="pm-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={each === tab}
            className={`pm-tab${each === tab ? ' pm-tab--on' : ''}`}
            onClick={() => setTab(each)}
            data-testid={`point-tab-${each}`}
          >
            {t(`tabs.${each}`)}
          </button>
        ))}
      </div>
      {tab === 'mall' &&
        (rewards.error ? (
          <ErrorState error={rewards.error} onRetry={() => void rewards.refetch()} />
        ) : !rewards.data ? (
          <LoadingState />
        ) : (
          <ItemGrid
            items={rewards.data.list}
            balance={rewards.data.balance}
            currency={currency}
            onRedeemed={() => setRecordsStatus(null)}
          />
        ))}
      {tab === 'records' && <RedeemRecords status={recordsStatus} onStatus={setRecordsStatus} />}
      {tab === 'history' && <PointHistory />}
      {tab === 'earn' && <EarningRules config={config} currency={currency} />}
    </div>
  );
}

/** A drawn picture of the item's kind, for an item without an image: a gift box, or a coin. */
function KindGlyph({ kind }: { kind: MallItem['kind'] }) {
  return (
    <svg className="pm-item__glyph" viewBox="0 0 24 24" aria-hidden="true">
      {kind === 'gift' ? (
        <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1.5-3-5-3.5-5-1.5S10 7 12 7zm0 0c1.5-3 5-3.5 5-1.5S14 7 12 7z" />
      ) : (
        <path d="M12 3a9 9 0 100 18 9 9 0 000-18zm0 4v10m3-8.5c-.6-.9-1.7-1.5-3-1.5-1.9 0-3 1-3 2.3 0 3 6 1.7 6 4.7 0 1.3-1.3 2.5-3 2.5-1.4 0-2.6-.6-3.2-1.6" />
      )}
    </svg>
  );
}

function ItemGrid({
  items,
  balance,
  currency,
  onRedeemed,
}: {
  items: readonly MallItem[];
  balance: number;
  currency: string | null;
  onRedeemed: (status: MallOrderStatusName) => void;
}) {
  const { t, i18n } = usePointMallTranslation();
  const [kind, setKind] = useState<KindFilter>('all');
  const [chosen, setChosen] = useState<MallItem | null>(null);
  const number = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB');
  const money = useMoneyFormat();
  const shown = kind === 'all' ? items : items.filter((i) => i.kind === kind);
  return (
    <>
      <fieldset className="pm-filters">
        <legend className="visually-hidden">{t('tabs.mall')}</legend>
        {(['all', 'game_points', 'gift'] as const).map((each) => (
          <button
            key={each}
            type="button"
            aria-pressed={each === kind}
            className={`pm-chip${each === kind ? ' pm-chip--on' : ''}`}
            onClick={() => setKind(each)}
          >
            {t(`kinds.${each}`)}
          </button>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <p className="pm-empty">{t('empty')}</p>
      ) : (
        <ul className="pm-items" data-testid="point-items">
          {shown.map((item) => {
            const isSoldOut = item.stock !== null && item.stock === 0;
            const isLimitReached = item.limitPerMember !== null && item.redeemedCount >= item.limitPerMember;
            const isShort = balance < item.pointsCost;
            const blocked = isSoldOut ? t('item.soldOut') : isLimitReached ? t('item.limitReached') : isShort ? t('item.notEnough') : null;
            return (
              <li key={item.id} className={`pm-item pm-item--${item.kind}`} data-item={item.id}>
                <div className="pm-item__art" aria-hidden="true">
                  {item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" /> : <KindGlyph kind={item.kind} />}
                </div>
                <div className="pm-item__body">
                  <span className="pm-item__kind">{t(`kinds.${item.kind}`)}</span>
                  <h2 className="pm-item__name">{item.name}</h2>
                  {item.description && <p className="pm-item__text">{item.description}</p>}
                  <p className="pm-item__cost">{t('item.cost', { points: number.format(item.pointsCost) })}</p>
                  {item.cashAmount !== null && (
                    <p className="pm-item__text">{t('item.gives', { amount: money(item.cashAmount, item.currency) })}</p>
                  )}
                  {item.wageringMultiple !== null && (
                    <p className="pm-item__hint">{t('item.wagering', { multiple: item.wageringMultiple })}</p>
                  )}
                  <p className="pm-item__hint">
                    {item.stock === null ? null : isSoldOut ? t('item.soldOut') : t('item.stock', { count: item.stock })}
                    {item.limitPerMember !== null && (
                      <>
                        {item.stock === null ? '' : ' · '}
                        {t('item.limit', { count: item.limitPerMember, used: item.redeemedCount })}
                      </>
                    )}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button--primary pm-item__action"
                  disabled={blocked !== null}
                  onClick={() => setChosen(item)}
                  aria-label={`${item.kind === 'gift' ? t('item.redeem') : t('item.convert')}: ${item.name}`}
                >
                  {blocked ?? (item.kind === 'gift' ? t('item.redeem') : t('item.convert'))}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {chosen && (
        <Suspense fallback={<LoadingState />}>
          <RedeemDialog
            item={chosen}
            balance={balance}
            currency={currency}
            quantityMax={Math.min(MALL_QUANTITY_MAX, chosen.stock ?? MALL_QUANTITY_MAX)}
            onClose={() => setChosen(null)}
            onRedeemed={onRedeemed}
          />
        </Suspense>
      )}
    </>
  );
}
