import type { ClaimableRedEnvelope, RedEnvelopeClaimValue } from '@platform/contracts/agents/red-envelopes';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatDateTime } from '../../../lib/time-format.ts';
import { useClaimableEnvelopes, useClaimEnvelope, useReceivedEnvelopes } from '../api/red-envelopes-api.ts';
import { useRedEnvelopesTranslation } from '../i18n/register-translations.ts';

type Tab = 'envelopes' | 'received';
type Outcome =
  | { kind: 'claimed'; value: RedEnvelopeClaimValue }
  | { kind: 'allClaimed' }
  | { kind: 'expired' }
  | { kind: 'failed'; text: string };

/**
 * The member's red envelopes: those waiting to be opened (open one to receive a share into the main
 * wallet; the dialog says how much, or that it is all claimed or expired) and, on the second tab,
 * the ones received before with their total.
 */
export function ClaimDialog({ onClose }: { onClose: () => void }) {
  const { t } = useRedEnvelopesTranslation();
  const [tab, setTab] = useState<Tab>('envelopes');
  return (
    <ModalDialog title={t('notice.title')} onClose={onClose} size="small" bodyClassName="re-dialog">
      <div className="tabs re-tabs">
        {(['envelopes', 'received'] as const).map((key) => (
          <button key={key} type="button" className="tabs__tab" aria-pressed={tab === key} onClick={() => setTab(key)}>
            {t(key === 'envelopes' ? 'notice.tabEnvelopes' : 'notice.tabReceived')}
          </button>
        ))}
      </div>
      {tab === 'envelopes' ? <Waiting /> : <Received />}
    </ModalDialog>
  );
}

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError && error.code === 'red_envelope_all_claimed') return { kind: 'allClaimed' };
  if (error instanceof ApiError && error.code === 'red_envelope_expired') return { kind: 'expired' };
  return { kind: 'failed', text: errorText(error) };
}

function Waiting() {
  const { t } = useRedEnvelopesTranslation();
  const claimable = useClaimableEnvelopes(true);
  const claim = useClaimEnvelope();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function open(envelope: ClaimableRedEnvelope): void {
    claim.mutate(envelope.id, {
      onSuccess: (value) => setOutcome({ kind: 'claimed', value }),
      onError: (error) => setOutcome(outcomeOf(error)),
    });
  }

  if (outcome) return <OutcomeView outcome={outcome} onBack={() => setOutcome(null)} />;
  if (claimable.error) return <ErrorState error={claimable.error} onRetry={() => void claimable.refetch()} />;
  if (!claimable.data) return <LoadingState />;
  if (claimable.data.list.length === 0) return <p className="mc-note re-empty">{t('notice.none')}</p>;
  return (
    <ul className="re-list">
      {claimable.data.list.map((envelope) => (
        <li key={envelope.id} className="re-envelope" data-testid="claimable-envelope">
          <div className="re-envelope__seal" aria-hidden="true">
            ₫
          </div>
          <div className="re-envelope__text">
            <strong>{t('notice.from', { sender: envelope.senderUsername })}</strong>
            {envelope.message && <span className="re-envelope__message">“{envelope.message}”</span>}
            <span className="re-envelope__meta">
              {t('notice.remaining', {
                remaining: envelope.remainingCount,
                count: envelope.shareCount,
                time: formatDateTime(envelope.expiresAt),
              })}
            </span>
          </div>
          <button type="button" className="button button--primary" disabled={claim.isPending} onClick={() => open(envelope)}>
            {claim.isPending && claim.variables === envelope.id ? t('notice.opening') : t('notice.open')}
          </button>
        </li>
      ))}
    </ul>
  );
}

function OutcomeView({ outcome, onBack }: { outcome: Outcome; onBack: () => void }) {
  const { t } = useRedEnvelopesTranslation();
  const money = useMoneyFormat();
  let headline: string;
  let detail: string | null = null;
  if (outcome.kind === 'claimed') {
    const amount = money(outcome.value.amount, outcome.value.currency);
    headline = outcome.value.isReplay ? t('notice.alreadyReceived', { amount }) : t('notice.received', { amount });
    detail = t('notice.receivedFrom', { sender: outcome.value.senderUsername });
  } else if (outcome.kind === 'allClaimed') headline = t('notice.allClaimed');
  else if (outcome.kind === 'expired') headline = t('notice.expired');
  else headline = outcome.text;
  return (
    <div className={`re-outcome re-outcome--${outcome.kind}`} role="status" data-testid="claim-outcome">
      <div className="re-envelope__seal re-outcome__seal" aria-hidden="true">
        ₫
      </div>
      <p className="re-outcome__headline">{headline}</p>
      {detail && <p className="mc-note">{detail}</p>}
      {outcome.kind === 'claimed' && outcome.value.message && <p className="re-envelope__message">“{outcome.value.message}”</p>}
      <button type="button" className="button" onClick={onBack}>
        {t('notice.back')}
      </button>
    </div>
  );
}

function Received() {
  const { t } = useRedEnvelopesTranslation();
  const money = useMoneyFormat();
  const [pageNo, setPageNo] = useState(1);
  const received = useReceivedEnvelopes(pageNo);
  if (received.error) return <ErrorState error={received.error} onRetry={() => void received.refetch()} />;
  if (!received.data) return <LoadingState />;
  const page = received.data;
  if (page.list.length === 0) return <p className="mc-note re-empty">{t('notice.receivedEmpty')}</p>;
  const currency = page.list[0]?.currency ?? 'VND';
  return (
    <>
      <p className="re-total">{t('notice.receivedTotal', { amount: money(page.totalAmount, currency) })}</p>
      <ul className="re-list">
        {page.list.map((item) => (
          <li key={item.envelopeId} className="re-received" data-testid="received-envelope">
            <div>
              <strong>{t('notice.from', { sender: item.senderUsername })}</strong>
              <span className="re-envelope__meta">{formatDateTime(item.claimedAt)}</span>
            </div>
            <span className="re-received__amount">{money(item.amount, item.currency)}</span>
          </li>
        ))}
      </ul>
      <Pager pageNo={page.pageNo} totalPages={page.totalPages} onPage={setPageNo} />
    </>
  );
}
