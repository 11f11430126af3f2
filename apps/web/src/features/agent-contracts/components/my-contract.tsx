import type { Contract, ContractRequest, MyContractValue } from '@platform/contracts/agents/agent-contracts';
import type { ContractKind } from '@platform/contracts/agents/contract-tiers';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/time-format.ts';
import { type ContractAction, useContractAction, useMyContract } from '../api/agent-contracts-api.ts';
import { useAgentContractsTranslation } from '../i18n/register-translations.ts';
import { TiersTable } from './tiers-table.tsx';

/** The server's lower-rate rule: signing would end better contracts below; it asks to send again with `confirm`. */
export const LOWER_RATE_CONFIRM = 'agent_contract_lower_rate_confirm';

/**
 * The agent's own contract of the kind: its tiers, status and who offered it; an offer or a
 * termination its upline asks for, to sign or reject; and ending its active contract.
 */
export function MyContract({ kind, currency }: { kind: ContractKind; currency: string }) {
  const { t } = useAgentContractsTranslation();
  const mine = useMyContract(kind);
  if (mine.error) return <ErrorState error={mine.error} onRetry={() => void mine.refetch()} />;
  if (!mine.data) return <LoadingState />;
  const value = mine.data;
  const shown = value.pending ?? value.active;
  return (
    <div className="ac-stack" data-testid="my-contract">
      {value.isPaused && <p className="ac-note">{t('paused')}</p>}
      {value.active && <ContractCard contract={value.active} currency={currency} />}
      {value.pending && <ContractCard contract={value.pending} currency={currency} />}
      {!shown && <p className="ac-note">{t('mine.none')}</p>}
      <ContractAnswers kind={kind} value={value} />
    </div>
  );
}

function ContractCard({ contract, currency }: { contract: Contract; currency: string }) {
  const { t } = useAgentContractsTranslation();
  return (
    <div className="ac-card" data-status={contract.status}>
      <p className="ac-card__head">
        <span className={`ac-pill ac-pill--${contract.status}`}>{t(`statuses.${contract.status}`)}</span>
        <span>
          {contract.offeredByUsername === null ? t('mine.setByPlatform') : t('mine.offeredBy', { name: contract.offeredByUsername })}
        </span>
        <span className="ac-note">{t('mine.period', { period: t(`periods.${contract.period}`) })}</span>
        {contract.signedAt && <span className="ac-note">{t('mine.signedAt', { time: formatDateTime(contract.signedAt) })}</span>}
      </p>
      <TiersTable kind={contract.kind} tiers={contract.tiers} currency={currency} />
    </div>
  );
}

/** The requests waiting for the agent's answer, and ending its active contract; the server's sentence when refused. */
function ContractAnswers({ kind, value }: { kind: ContractKind; value: MyContractValue }) {
  const { t } = useAgentContractsTranslation();
  const action = useContractAction(kind);
  const [last, setLast] = useState<{ action: ContractAction; body: { requestId?: number; contractId?: number } } | null>(null);
  const [isEnding, setIsEnding] = useState(false);
  const [done, setDone] = useState(false);

  const run = (name: ContractAction, body: { requestId?: number; contractId?: number; confirm?: boolean }) => {
    setDone(false);
    setLast({ action: name, body });
    action.mutate(
      { action: name, body },
      {
        onSuccess: () => {
          setDone(true);
          setIsEnding(false);
          setLast(null);
        },
      },
    );
  };
  const needsConfirm = action.error instanceof ApiError && action.error.code === LOWER_RATE_CONFIRM && last !== null;
  const requestText = (request: ContractRequest) =>
    request.type === 'new'
      ? t('mine.offerWaiting', { name: request.requestedByUsername ?? '' })
      : t('mine.endWaiting', { name: request.requestedByUsername ?? '' });

  return (
    <>
      {value.requests.map((request) => (
        <div key={request.id} className="ac-request" data-request={request.type}>
          <p className="ac-request__text">{requestText(request)}</p>
          <div className="mc-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={action.isPending}
              onClick={() => run('sign', { requestId: request.id })}
            >
              {request.type === 'new' ? t('mine.sign') : t('mine.agreeEnd')}
            </button>
            <button type="button" className="button" disabled={action.isPending} onClick={() => run('reject', { requestId: request.id })}>
              {request.type === 'new' ? t('mine.reject') : t('mine.keep')}
            </button>
          </div>
        </div>
      ))}
      {value.active && !isEnding && (
        <div className="mc-actions">
          <button type="button" className="button" onClick={() => setIsEnding(true)}>
            {t('mine.end')}
          </button>
        </div>
      )}
      {value.active && isEnding && (
        <div className="ac-request">
          <p className="ac-request__text">{t('mine.endQuestion')}</p>
          <div className="mc-actions">
            <button
              type="button"
              className="button button--primary"
              disabled={action.isPending}
              onClick={() => run('terminate', { contractId: value.active?.id ?? 0 })}
            >
              {t('mine.endConfirm')}
            </button>
            <button type="button" className="button" onClick={() => setIsEnding(false)}>
              {t('cancel')}
            </button>
          </div>
        </div>
      )}
      {action.error && (
        <div className="ac-request">
          <p className="form__error" role="alert">
            {errorText(action.error)}
          </p>
          {needsConfirm && (
            <div className="mc-actions">
              <button
                type="button"
                className="button button--primary"
                disabled={action.isPending}
                onClick={() => run(last.action, { ...last.body, confirm: true })}
              >
                {t('mine.signAnyway')}
              </button>
            </div>
          )}
        </div>
      )}
      {done && (
        <p className="mc-success" role="status">
          {t('mine.done')}
        </p>
      )}
    </>
  );
}
