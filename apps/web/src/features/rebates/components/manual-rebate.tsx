import type { ClaimRebateValue, ManualRebateValue } from '@platform/contracts/vip';
import { useState } from 'react';
import { LabelledTable } from '../../../components/labelled-table.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useGameCategoryName } from '../../../hooks/use-game-category-name.ts';
import { useRequestId } from '../../../hooks/use-request-id.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { ratePpmText } from '../../../lib/rate-format.ts';
import { useClaimRebate, useManualRebate } from '../api/rebates-api.ts';
import { useRebatesTranslation } from '../i18n/register-translations.ts';
import './rebates.css';

type Outcome = { kind: 'claimed'; value: ClaimRebateValue } | { kind: 'failed'; text: string };

/**
 * `manualRebate`: what has accrued for the member to claim, per game type, with "claim now" and its
 * result, and the claim-mode periods still running with their estimate so far.
 */
export function ManualRebate() {
  const manual = useManualRebate();
  if (manual.error) return <ErrorState error={manual.error} onRetry={() => void manual.refetch()} />;
  if (!manual.data) return <LoadingState />;
  return <ManualBody value={manual.data} />;
}

function ManualBody({ value }: { value: ManualRebateValue }) {
  const { t, i18n } = useRebatesTranslation();
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, value.currency);
  const claim = useClaimRebate();
  const { requestId, settle } = useRequestId();
  const categoryName = useGameCategoryName();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function claimNow(): void {
    setOutcome(null);
    claim.mutate(requestId, {
      onSuccess: (claimed) => {
        setOutcome({ kind: 'claimed', value: claimed });
        settle();
      },
      // After a lost answer the same request id is sent again, so a claim that went through is answered, not repeated.
      onError: (error) => {
        settle(error);
        setOutcome({ kind: 'failed', text: errorText(error) });
      },
    });
  }

  const category = categoryName;
  return (
    <div className="rb-stack">
      <div className="rb-claim" data-testid="rebate-claim">
        <div>
          <p className="rb-claim__label">{t('manual.claimable')}</p>
          <p className="rb-claim__amount" data-field="claimable">
            {money(value.claimable)}
          </p>
        </div>
        <button type="button" className="button button--primary" disabled={value.claimable <= 0 || claim.isPending} onClick={claimNow}>
          {claim.isPending ? t('manual.claiming') : t('manual.claimNow')}
        </button>
      </div>
      {outcome?.kind === 'claimed' && (
        <p className="rb-result" role="status">
          {t('manual.claimed', { amount: money(outcome.value.amount), count: outcome.value.lines })}
        </p>
      )}
      {outcome?.kind === 'failed' && (
        <p className="form__error" role="alert">
          {outcome.text}
        </p>
      )}
      {value.claimable <= 0 && outcome === null && <p className="rb-note">{t('manual.nothing')}</p>}

      {value.byCategory.length > 0 && (
        <SectionCard title={t('manual.byCategory')}>
          <div className="rb-scroll">
            <LabelledTable
              className="rb-table"
              caption={t('manual.caption')}
              columns={[
                { label: t('records.game'), cell: (r) => category(r.category) },
                { label: t('records.betBase'), className: 'rb-amount', cell: (r) => money(r.betBase) },
                { label: t('records.count'), className: 'rb-amount', cell: (r) => r.lines },
                { label: t('records.amount'), className: 'rb-amount rb-amount--up', cell: (r) => money(r.amount) },
              ]}
              rows={value.byCategory}
              rowKey={(r) => r.category}
              testId="rebate-accrued"
            />
          </div>
        </SectionCard>
      )}

      <SectionCard title={t('manual.running')}>
        {value.running.length === 0 ? (
          <p className="rb-note">{t('manual.runningEmpty')}</p>
        ) : (
          <div className="rb-scroll">
            <LabelledTable
              className="rb-table"
              caption={t('manual.runningCaption')}
              columns={[
                {
                  label: t('records.game'),
                  cell: (r) => (r.vendorCode ? `${category(r.category)} · ${r.vendorCode}` : category(r.category)),
                },
                {
                  label: t('records.period'),
                  cell: (r) => `${t(`periods.${r.period}`)} · ${t('manual.periodRange', { start: r.periodStart, end: r.periodEnd })}`,
                },
                { label: t('records.betBase'), className: 'rb-amount', cell: (r) => money(r.betBase) },
                { label: t('records.rate'), className: 'rb-amount', cell: (r) => ratePpmText(r.ratePpm, i18n.language) },
                { label: t('manual.estimate'), className: 'rb-amount', cell: (r) => money(r.estimate) },
              ]}
              rows={value.running}
              rowKey={(r) => `${r.category}:${r.vendorCode ?? ''}:${r.period}`}
              testId="rebate-running"
            />
          </div>
        )}
      </SectionCard>
    </div>
  );
}
