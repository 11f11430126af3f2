import type { SentRedEnvelope } from '@platform/contracts/agents/red-envelopes';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatDateTime } from '../../../lib/time-format.ts';
import { useSentEnvelopeDetail, useSentEnvelopes } from '../api/red-envelopes-api.ts';
import { useRedEnvelopesTranslation } from '../i18n/register-translations.ts';

/** The agent's sent envelopes, newest first: status, what was claimed and returned, and the claims of each. */
export function SentEnvelopes() {
  const { t } = useRedEnvelopesTranslation();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const sent = useSentEnvelopes(pageNo);
  if (sent.error) return <ErrorState error={sent.error} onRetry={() => void sent.refetch()} />;
  if (!sent.data) return <LoadingState />;
  if (sent.data.list.length === 0) return <p className="mc-note">{t('sent.empty')}</p>;
  return (
    <>
      <ul className="re-list" aria-label={t('sent.title')}>
        {sent.data.list.map((envelope) => (
          <SentRow key={envelope.id} envelope={envelope} onDetails={() => setOpenId(envelope.id)} />
        ))}
      </ul>
      <Pager pageNo={sent.data.pageNo} totalPages={sent.data.totalPages} onPage={setPageNo} />
      {openId !== null && <SentDetailDialog envelopeId={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}

function SentRow({ envelope, onDetails }: { envelope: SentRedEnvelope; onDetails: () => void }) {
  const { t } = useRedEnvelopesTranslation();
  const money = useMoneyFormat();
  return (
    <li className="re-card" data-testid="sent-envelope" data-status={envelope.status}>
      <div className="re-card__head">
        <strong className="re-card__amount">{money(envelope.totalAmount, envelope.currency)}</strong>
        <span className={`re-pill re-pill--${envelope.status}`}>{t(`sent.status.${envelope.status}`)}</span>
      </div>
      <p className="re-card__line">
        {t(`sent.audience.${envelope.audience}`)} · {t(`sent.split.${envelope.split}`)}
        {envelope.message ? ` · “${envelope.message}”` : ''}
      </p>
      <dl className="re-card__facts">
        <div>
          <dt>{t('sent.claimed')}</dt>
          <dd data-testid="sent-claimed">
            {t('sent.claimedValue', {
              claimed: envelope.claimedCount,
              count: envelope.shareCount,
              amount: money(envelope.claimedAmount, envelope.currency),
            })}
          </dd>
        </div>
        <div>
          <dt>{t('sent.returned')}</dt>
          <dd>{envelope.returnedAmount === null ? t('sent.notReturned') : money(envelope.returnedAmount, envelope.currency)}</dd>
        </div>
        <div>
          <dt>{t('sent.createdAt')}</dt>
          <dd>{formatDateTime(envelope.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('sent.expiresAt')}</dt>
          <dd>{formatDateTime(envelope.expiresAt)}</dd>
        </div>
      </dl>
      <div className="mc-actions">
        <button type="button" className="button" onClick={onDetails}>
          {t('sent.details')}
        </button>
      </div>
    </li>
  );
}

/** One envelope's claims (who, how much, when) and, for chosen members, whom it named. */
function SentDetailDialog({ envelopeId, onClose }: { envelopeId: number; onClose: () => void }) {
  const { t } = useRedEnvelopesTranslation();
  const money = useMoneyFormat();
  const detail = useSentEnvelopeDetail(envelopeId);
  let body = <LoadingState />;
  if (detail.error) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (detail.data) {
    const d = detail.data;
    body = (
      <div className="re-detail">
        <p className="mc-note">
          {t(`sent.status.${d.status}`)} ·{' '}
          {t('sent.claimedValue', { claimed: d.claimedCount, count: d.shareCount, amount: money(d.claimedAmount, d.currency) })}
          {d.returnedAmount !== null ? ` · ${t('sent.returned')}: ${money(d.returnedAmount, d.currency)}` : ''}
        </p>
        {d.memberUsernames.length > 0 && (
          <p className="mc-note">
            {t('sent.chosenMembers')}: {d.memberUsernames.join(', ')}
          </p>
        )}
        <h4 className="re-detail__title">{t('sent.claimsTitle')}</h4>
        {d.claims.length === 0 ? (
          <p className="mc-note">{t('sent.noClaims')}</p>
        ) : (
          <table className="re-table">
            <thead>
              <tr>
                <th scope="col">{t('sent.columns.member')}</th>
                <th scope="col">{t('sent.columns.amount')}</th>
                <th scope="col">{t('sent.columns.time')}</th>
              </tr>
            </thead>
            <tbody>
              {d.claims.map((claim) => (
                <tr key={`${claim.username}-${claim.claimedAt}`}>
                  <td>{claim.username}</td>
                  <td className="re-table__amount">{money(claim.amount, d.currency)}</td>
                  <td className="re-table__time">{formatDateTime(claim.claimedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    );
  }
  return (
    <ModalDialog title={t('sent.detailTitle', { id: envelopeId })} onClose={onClose} size="medium">
      {body}
    </ModalDialog>
  );
}
