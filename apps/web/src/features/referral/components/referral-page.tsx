import type { ReferralReward } from '@platform/contracts/referrals';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { CopyButton } from '../../../components/copy-button.tsx';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatDateTime } from '../../../lib/time-format.ts';
import {
  type ReferralSummary,
  useClaimReferralReward,
  useReferralInvitees,
  useReferralRewards,
  useReferralSummary,
} from '../api/referral-api.ts';
import { useReferralTranslation } from '../i18n/register-translations.ts';
import './referral.css';

/** The invitation link of a code: the register route with the spec's `?referralCode=`. */
function invitationLink(code: string): string {
  return `${window.location.origin}/register?referralCode=${encodeURIComponent(code)}`;
}

/**
 * Invite friends (member centre `referral`, docs/referral.md): the player's code, link and QR code
 * drawn in the page; how a friend qualifies; rewards waiting to be claimed; the friends invited
 * with their status and reward.
 */
export function ReferralPage() {
  const { t } = useReferralTranslation();
  const summary = useReferralSummary();
  if (summary.error) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  if (!summary.data) return <LoadingState label={t('loading')} />;
  return (
    <div className="mc-sections rf-page" data-testid="referral-page">
      <Invite summary={summary.data} />
      <Rewards />
      <Invitees currency={summary.data.currency} />
    </div>
  );
}

function Invite({ summary }: { summary: ReferralSummary }) {
  const { t } = useReferralTranslation();
  const moneyFormat = useMoneyFormat();
  const money = (amount: number) => moneyFormat(amount, summary.currency);
  const link = invitationLink(summary.code);
  const { rules } = summary;
  return (
    <>
      <SectionCard title={t('invite.title')}>
        <p className="mc-note">{t('invite.hint')}</p>
        <div className="rf-invite">
          <div className="rf-invite__qr">
            <QRCodeSVG value={link} size={148} marginSize={2} title={t('invite.qr')} role="img" aria-label={t('invite.qr')} />
          </div>
          <dl className="rf-invite__facts">
            <div className="rf-invite__fact">
              <dt>{t('invite.code')}</dt>
              <dd>
                <code className="rf-invite__code" data-testid="referral-code">
                  {summary.code}
                </code>
                <CopyButton value={summary.code} label={t('invite.code')} />
              </dd>
            </div>
            <div className="rf-invite__fact">
              <dt>{t('invite.link')}</dt>
              <dd>
                <span className="rf-invite__link" data-testid="referral-link">
                  {link}
                </span>
                <CopyButton value={link} label={t('invite.link')} />
              </dd>
            </div>
          </dl>
        </div>
        <dl className="rf-totals" data-testid="referral-totals">
          <div>
            <dt>{t('totals.invited')}</dt>
            <dd data-field="invited">{summary.invited}</dd>
          </div>
          <div>
            <dt>{t('totals.qualified')}</dt>
            <dd data-field="qualified">{summary.qualified}</dd>
          </div>
          <div>
            <dt>{t('totals.earned')}</dt>
            <dd data-field="earned">{money(summary.earned)}</dd>
          </div>
          <div>
            <dt>{t('totals.pending')}</dt>
            <dd data-field="pending">{money(summary.pending)}</dd>
          </div>
        </dl>
      </SectionCard>
      <SectionCard title={t('rules.title')}>
        {rules.enabled ? (
          <ul className="rf-rules" data-testid="referral-rules">
            <li>
              {rules.minFirstDeposit > 0 ? t('rules.deposit', { amount: money(rules.minFirstDeposit) }) : t('rules.depositAny')}
              {rules.minValidBet > 0 ? ` ${t('rules.validBet', { amount: money(rules.minValidBet) })}` : ''}{' '}
              {t('rules.within', { count: rules.withinDays })}
            </li>
            {rules.referrerReward > 0 && <li>{t('rules.reward', { amount: money(rules.referrerReward) })}</li>}
            {rules.inviteeReward > 0 && <li>{t('rules.inviteeReward', { amount: money(rules.inviteeReward) })}</li>}
            {rules.wageringMultiple > 0 && <li>{t('rules.wagering', { multiple: rules.wageringMultiple })}</li>}
            <li>{t('rules.sameIdentity')}</li>
          </ul>
        ) : (
          <p className="mc-note">{t('rules.off')}</p>
        )}
      </SectionCard>
    </>
  );
}

function Rewards() {
  const { t } = useReferralTranslation();
  const rewards = useReferralRewards();
  const claim = useClaimReferralReward();
  const moneyFormat = useMoneyFormat();
  const [outcome, setOutcome] = useState<{ kind: 'claimed' | 'failed'; text: string } | null>(null);
  if (rewards.error) return <ErrorState error={rewards.error} onRetry={() => void rewards.refetch()} />;
  if (!rewards.data) return <LoadingState label={t('loading')} />;

  function claimOne(reward: ReferralReward): void {
    setOutcome(null);
    claim.mutate(reward.id, {
      onSuccess: (claimed) =>
        setOutcome({ kind: 'claimed', text: t('rewards.claimed', { amount: moneyFormat(claimed.amount, claimed.currency) }) }),
      onError: (error) => setOutcome({ kind: 'failed', text: errorText(error) }),
    });
  }

  return (
    <SectionCard title={t('rewards.title')}>
      {outcome && (
        <p className={outcome.kind === 'claimed' ? 'rf-result' : 'form__error'} role={outcome.kind === 'claimed' ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      {rewards.data.list.length === 0 ? (
        <p className="mc-note">{t('rewards.empty')}</p>
      ) : (
        <ul className="rf-list" data-testid="referral-rewards">
          {rewards.data.list.map((reward) => (
            <li key={reward.id} className="rf-list__item rf-reward" data-reward={reward.id}>
              <div className="rf-reward__text">
                <strong className="rf-amount">{moneyFormat(reward.amount, reward.currency)}</strong>
                <span className="mc-note">
                  {t(reward.role === 'referrer' ? 'rewards.forFriend' : 'rewards.fromFriend', { friend: reward.friend })}
                </span>
                {reward.wageringMultiple > 0 && (
                  <span className="mc-note">{t('rewards.wagering', { multiple: reward.wageringMultiple })}</span>
                )}
              </div>
              <button type="button" className="button button--primary" disabled={claim.isPending} onClick={() => claimOne(reward)}>
                {claim.isPending && claim.variables === reward.id ? t('rewards.claiming') : t('rewards.claim')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function Invitees({ currency }: { currency: string }) {
  const { t } = useReferralTranslation();
  const [pageNo, setPageNo] = useState(1);
  const invitees = useReferralInvitees(pageNo);
  const moneyFormat = useMoneyFormat();
  if (invitees.error) return <ErrorState error={invitees.error} onRetry={() => void invitees.refetch()} />;
  if (!invitees.data) return <LoadingState label={t('loading')} />;
  return (
    <SectionCard title={t('invitees.title')}>
      {invitees.data.list.length === 0 ? (
        <p className="mc-note">{t('invitees.empty')}</p>
      ) : (
        <>
          <ul className="rf-list" data-testid="referral-invitees">
            {invitees.data.list.map((friend) => (
              <li key={`${friend.username}-${friend.registeredAt}`} className="rf-list__item rf-friend" data-status={friend.status}>
                <div className="rf-friend__head">
                  <strong>{friend.username}</strong>
                  <span className={`rf-status rf-status--${friend.status}`} data-field="status">
                    {t(`status.${friend.status}`)}
                  </span>
                </div>
                <dl className="rf-friend__facts">
                  <div>
                    <dt>{t('invitees.registeredAt')}</dt>
                    <dd>{formatDateTime(friend.registeredAt)}</dd>
                  </div>
                  {friend.status === 'registered' && (
                    <div>
                      <dt>{t('invitees.deadline')}</dt>
                      <dd>{formatDateTime(friend.deadline)}</dd>
                    </div>
                  )}
                  {friend.reward !== null && (
                    <div>
                      <dt>{t('invitees.reward')}</dt>
                      <dd className="rf-amount" data-field="reward">
                        {moneyFormat(friend.reward, currency)}
                      </dd>
                    </div>
                  )}
                  {friend.refusal && (
                    <div>
                      <dt>{t('invitees.status')}</dt>
                      <dd>{t(`refusal.${friend.refusal}`)}</dd>
                    </div>
                  )}
                </dl>
              </li>
            ))}
          </ul>
          <Pager pageNo={pageNo} totalPages={invitees.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </SectionCard>
  );
}
