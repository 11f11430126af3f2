import type { Contract, ContractTierInput, DownlineContract } from '@platform/contracts/agents/agent-contracts';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { useState } from 'react';
import { LabelledTable, type TableColumn } from '../../../components/labelled-table.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useContractAction, useDownlineContracts } from '../api/agent-contracts-api.ts';
import { useAgentContractsTranslation } from '../i18n/register-translations.ts';
import { OfferForm } from './offer-form.tsx';
import { rateText } from './tiers-table.tsx';

/** The rates of a contract's tiers, lowest to highest: "0.3 % – 0.8 %". */
function ratesOf(contract: Contract): string {
  const rates = contract.tiers.map((tier) => tier.rateBasisPoints);
  const first = rates[0] ?? 0;
  const last = rates.at(-1) ?? 0;
  return first === last ? rateText(first) : `${rateText(first)} – ${rateText(last)}`;
}

/**
 * The agent's direct downline agents with their contract of the kind: offer one (the tiers editor),
 * withdraw an offer not signed yet, ask to end an active one.
 */
export function DownlineContracts({
  kind,
  currency,
  ownTiers,
}: {
  kind: ContractKind;
  currency: string;
  /** The agent's own active terms; null when it has none (it cannot offer). */
  ownTiers: readonly ContractTierInput[] | null;
}) {
  const { t } = useAgentContractsTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [offering, setOffering] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const downlines = useDownlineContracts(kind, pageNo);
  const action = useContractAction(kind);

  if (downlines.error) return <ErrorState error={downlines.error} onRetry={() => void downlines.refetch()} />;
  if (!downlines.data) return <LoadingState />;
  const value = downlines.data;

  const contractCell = (row: DownlineContract) => (
    <>
      {row.active && (
        <span className="ac-line">
          <span className="ac-pill ac-pill--active">{t('downlines.active')}</span> {ratesOf(row.active)}
        </span>
      )}
      {row.pending && (
        <span className="ac-line">
          <span className="ac-pill ac-pill--pending">{t('downlines.pending')}</span> {ratesOf(row.pending)}
        </span>
      )}
      {row.pendingTermination && <span className="ac-line ac-note">{t('downlines.endAsked')}</span>}
      {!row.active && !row.pending && <span className="ac-note">{t('downlines.none')}</span>}
    </>
  );
  const actionsCell = (row: DownlineContract) => (
    <span className="ac-row-actions">
      {ownTiers !== null && !row.pending && (
        <button
          type="button"
          className="button"
          onClick={() => {
            setDone(null);
            setOffering(row.username);
          }}
        >
          {t('downlines.offer')}
        </button>
      )}
      {row.pending && (
        <button
          type="button"
          className="button"
          disabled={action.isPending}
          onClick={() => action.mutate({ action: 'terminate', body: { contractId: row.pending?.id ?? 0 } })}
        >
          {t('downlines.withdraw')}
        </button>
      )}
      {row.active && !row.pendingTermination && (
        <button
          type="button"
          className="button"
          disabled={action.isPending}
          onClick={() => action.mutate({ action: 'requestTermination', body: { contractId: row.active?.id ?? 0 } })}
        >
          {t('downlines.askEnd')}
        </button>
      )}
    </span>
  );
  const columns: TableColumn<DownlineContract>[] = [
    { label: t('downlines.member'), cell: (row) => row.username },
    { label: t('downlines.contract'), cell: contractCell },
    { label: t('downlines.actions'), cell: actionsCell },
  ];

  return (
    <div className="ac-stack">
      {ownTiers === null && <p className="ac-note">{t('downlines.needOwn')}</p>}
      {value.list.length === 0 ? (
        <p className="ac-note ac-empty">{t('downlines.empty')}</p>
      ) : (
        <div className="ac-scroll">
          <LabelledTable
            className="ac-table"
            caption={t('downlines.caption')}
            columns={columns}
            rows={value.list}
            rowKey={(row) => row.memberId}
            rowAttributes={(row) => ({ 'data-member': row.username })}
            hasRowHeaders
            testId="downline-contracts"
          />
        </div>
      )}
      <Pager pageNo={value.pageNo} totalPages={value.totalPages} onPage={setPageNo} />
      {action.error && (
        <p className="form__error" role="alert">
          {errorText(action.error)}
        </p>
      )}
      {done && (
        <p className="mc-success" role="status">
          {done}
        </p>
      )}
      {offering !== null && ownTiers !== null && (
        <OfferForm
          key={offering}
          kind={kind}
          holderUsername={offering}
          currency={currency}
          ownTiers={ownTiers}
          onDone={(text) => {
            setOffering(null);
            setDone(text);
          }}
          onCancel={() => setOffering(null)}
        />
      )}
    </div>
  );
}
