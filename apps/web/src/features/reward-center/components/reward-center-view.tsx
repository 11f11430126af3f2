import type { ClaimableReward, ClaimedReward } from '@platform/contracts/rewards';
import { useState } from 'react';
import { z } from 'zod';
import { useClaimableRewards } from '../../../api/loyalty.ts';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useRewardText } from '../../../hooks/use-reward-text.ts';
import { errorText } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/time-format.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useClaimedRewards, useClaimReward, useRedeemCode } from '../api/reward-center-api.ts';
import { useRewardCenterTranslation } from '../i18n/register-translations.ts';
import './reward-center.css';

type Message = { ok: boolean; text: string };

function useWords() {
  const { t } = useRewardCenterTranslation();
  return useRewardText({ points: (amount) => t('reward.points', { amount }), bonus: t('reward.bonus') });
}

/** `rewardCenter`: every reward waiting to be claimed, from every source, with its claim; the redeem-code box; and the rewards claimed. */
export function RewardCenterView() {
  return (
    <div className="rc-page">
      <RedeemCodeBox />
      <RewardList />
      <ClaimedList />
    </div>
  );
}

function ClaimedList() {
  const { t, i18n } = useRewardCenterTranslation();
  const rewardText = useWords();
  const claimed = useClaimedRewards(i18n.language);
  return (
    <SectionCard title={t('history.title')}>
      {claimed.error ? (
        <ErrorState error={claimed.error} onRetry={() => void claimed.refetch()} />
      ) : !claimed.data ? (
        <LoadingState />
      ) : claimed.data.length === 0 ? (
        <p className="rc-note">{t('history.empty')}</p>
      ) : (
        <ul className="rc-list" data-testid="claimed-list">
          {claimed.data.map((r: ClaimedReward) => (
            <li key={`${r.key}:${r.claimedAt}`} className="rc-item" data-source={r.source}>
              <div className="rc-item__body">
                <span className="rc-source">{t(`sources.${r.source}`)}</span>
                <span className="rc-item__title">{r.title}</span>
                <span className="rc-item__amount">{rewardText(r.kind, r.amount)}</span>
                <span className="rc-note">{t('history.claimedAt', { time: formatDateTime(r.claimedAt) })}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function RewardList() {
  const { t, i18n } = useRewardCenterTranslation();
  const rewards = useClaimableRewards(i18n.language);
  const count = rewards.data?.count;
  return (
    <SectionCard title={t('title')} aside={count === undefined ? undefined : <span className="rc-count">{t('count', { count })}</span>}>
      {rewards.error ? (
        <ErrorState error={rewards.error} onRetry={() => void rewards.refetch()} />
      ) : !rewards.data ? (
        <LoadingState />
      ) : rewards.data.list.length === 0 ? (
        <p className="rc-note">{t('empty')}</p>
      ) : (
        <ul className="rc-list" data-testid="reward-list">
          {rewards.data.list.map((r) => (
            <RewardRow key={r.key} reward={r} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function RewardRow({ reward }: { reward: ClaimableReward }) {
  const { t } = useRewardCenterTranslation();
  const rewardText = useWords();
  const claim = useClaimReward();
  const [message, setMessage] = useState<Message | null>(null);

  function claimNow(): void {
    setMessage(null);
    claim.mutate(reward.key, {
      onSuccess: (value) => setMessage({ ok: true, text: t('claimed', { reward: rewardText(value.kind, value.amount) }) }),
      onError: (error) => setMessage({ ok: false, text: errorText(error) }),
    });
  }

  return (
    <li className="rc-item" data-source={reward.source}>
      <div className="rc-item__body">
        <span className="rc-source">{t(`sources.${reward.source}`)}</span>
        <span className="rc-item__title">{reward.title}</span>
        <span className="rc-item__amount">{rewardText(reward.kind, reward.amount)}</span>
        {reward.expiresAt && <span className="rc-note">{t('expires', { time: formatDateTime(reward.expiresAt) })}</span>}
      </div>
      <button type="button" className="button button--primary" disabled={claim.isPending} onClick={claimNow}>
        {claim.isPending ? t('claiming') : t('claim')}
      </button>
      {message && (
        <p className={`rc-item__message ${message.ok ? 'rc-result' : 'form__error'}`} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </li>
  );
}

function RedeemCodeBox() {
  const { t } = useRewardCenterTranslation();
  const rewardText = useWords();
  const redeem = useRedeemCode();
  const [message, setMessage] = useState<Message | null>(null);
  const schema = z.object({ code: z.string().trim().min(1, t('code.empty')) });
  const form = useZodForm(schema, { defaultValues: { code: '' } });
  const empty = form.formState.errors.code?.message;

  const submit = form.handleSubmit(({ code }) => {
    setMessage(null);
    redeem.mutate(code, {
      onSuccess: (value) => {
        setMessage({ ok: true, text: t('code.redeemed', { reward: rewardText(value.kind, value.amount) }) });
        form.reset({ code: '' });
      },
      onError: (error) => setMessage({ ok: false, text: errorText(error) }),
    });
  });

  return (
    <SectionCard title={t('code.title')}>
      <form className="rc-code" onSubmit={submit} noValidate>
        <label className="rc-code__label" htmlFor="redeem-code">
          {t('code.label')}
        </label>
        <div className="rc-code__row">
          <input
            id="redeem-code"
            className="form-field__input rc-code__input"
            {...form.register('code')}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            placeholder={t('code.placeholder')}
          />
          <button type="submit" className="button button--primary" disabled={redeem.isPending}>
            {redeem.isPending ? t('code.submitting') : t('code.submit')}
          </button>
        </div>
        {empty && !message && (
          <p className="form__error" role="alert">
            {empty}
          </p>
        )}
        {message && (
          <p className={message.ok ? 'rc-result' : 'form__error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </p>
        )}
      </form>
    </SectionCard>
  );
}
