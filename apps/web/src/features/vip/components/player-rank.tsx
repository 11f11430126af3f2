import type { PlayerRankValue } from '@platform/contracts/vip';
import { LabelledTable } from '../../../components/labelled-table.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useGameCategoryName } from '../../../hooks/use-game-category-name.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { ratePpmText } from '../../../lib/rate-format.ts';
import { usePlayerRank } from '../api/vip-api.ts';
import { useVipTranslation } from '../i18n/register-translations.ts';
import './vip.css';

type Ladder = PlayerRankValue['ladder'][number];

/**
 * `playerRank`: the member's VIP level, progress bars for what the next level takes (deposits and
 * valid bet over the window), what keeps the level, and the ladder with each level's benefits.
 */
export function PlayerRank() {
  const { i18n } = useVipTranslation();
  const rank = usePlayerRank(i18n.language);
  if (rank.error) return <ErrorState error={rank.error} onRetry={() => void rank.refetch()} />;
  if (!rank.data) return <LoadingState />;
  return <RankBody value={rank.data} />;
}

function ProgressBar({ label, have, need, money }: { label: string; have: number; need: number; money: (n: number) => string }) {
  const { t } = useVipTranslation();
  const percent = need <= 0 ? 100 : Math.min(100, Math.floor((have / need) * 100));
  const text = t('progress', { label, have: money(have), need: money(need) });
  return (
    <div className="vip-progress">
      <div className="vip-progress__head">
        <span>{text}</span>
        <span className="vip-progress__missing">{have >= need ? t('reached') : t('missing', { amount: money(need - have) })}</span>
      </div>
      <div
        className="vip-progress__track"
        role="progressbar"
        aria-label={text}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="vip-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function RankBody({ value }: { value: PlayerRankValue }) {
  const { t, i18n } = useVipTranslation();
  const categoryName = useGameCategoryName();
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  if (value.ladder.length === 0) return <p className="vip-note">{t('noLadder')}</p>;
  const benefits = (l: Ladder) =>
    l.rebates.length === 0
      ? t('none')
      : l.rebates.map((r) => (
          <span key={`${r.category}:${r.period}:${r.vendorCode ?? ''}`} className="vip-line">
            {t('rebateLine', {
              category: r.vendorCode ? `${categoryName(r.category)} · ${r.vendorCode}` : categoryName(r.category),
              rate: ratePpmText(r.ratePpm, i18n.language),
              period: t(`periods.${r.period}`),
            })}
          </span>
        ));
  const keepMet = value.keep.depositMissing === 0 && value.keep.validBetMissing === 0;
  return (
    <div className="vip-stack" data-level={value.level}>
      <div className="vip-hero" data-testid="vip-current">
        <span className="vip-badge" aria-hidden="true">
          {value.code}
        </span>
        <div>
          <p className="vip-note">{t('current')}</p>
          <p className="vip-hero__name">
            {value.name} <span className="vip-hero__code">{value.code}</span>
          </p>
          <p className="vip-note">{t(`window.${value.window}`, { from: value.from, to: value.to })}</p>
        </div>
      </div>

      {value.next ? (
        <SectionCard title={t('next', { name: value.next.name, code: value.next.code })}>
          <div className="vip-stack" data-testid="vip-next">
            <ProgressBar label={t('deposits')} have={value.deposits} need={value.next.minDeposit} money={money} />
            <ProgressBar label={t('validBet')} have={value.validBet} need={value.next.minValidBet} money={money} />
          </div>
        </SectionCard>
      ) : (
        <p className="vip-note">{t('top')}</p>
      )}

      {value.level > 0 && (
        <p className="vip-note" data-testid="vip-keep">
          {keepMet
            ? t('keepMet')
            : t('keepMissing', { deposit: money(value.keep.depositMissing), validBet: money(value.keep.validBetMissing) })}
        </p>
      )}

      <SectionCard title={t('ladder')}>
        <div className="vip-scroll">
          <LabelledTable
            className="vip-table"
            caption={t('ladderCaption')}
            columns={[
              {
                label: t('level'),
                cell: (l) => (
                  <>
                    <span className="vip-line vip-strong">{`${l.code} · ${l.name}`}</span>
                    {l.level === value.level && <span className="vip-line vip-you">{t('you')}</span>}
                  </>
                ),
              },
              { label: t('needs'), cell: (l) => t('needsText', { deposit: money(l.minDeposit), validBet: money(l.minValidBet) }) },
              { label: t('upgradeBonus'), className: 'vip-amount', cell: (l) => (l.upgradeBonus > 0 ? money(l.upgradeBonus) : t('none')) },
              {
                label: t('periodicBonus'),
                className: 'vip-amount',
                cell: (l) =>
                  l.periodicBonus > 0 && l.periodicPeriod
                    ? t(`periodic.${l.periodicPeriod}`, { amount: money(l.periodicBonus) })
                    : t('none'),
              },
              { label: t('rebates'), cell: benefits },
            ]}
            rows={value.ladder}
            rowKey={(l) => l.level}
            rowAttributes={(l) => ({ 'data-level': String(l.level), 'data-current': l.level === value.level ? 'true' : undefined })}
            hasRowHeaders
            testId="vip-ladder"
          />
        </div>
      </SectionCard>
    </div>
  );
}
