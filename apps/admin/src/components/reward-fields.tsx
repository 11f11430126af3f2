import type { RewardSpec } from '@platform/contracts/rewards';
import { useTranslation } from 'react-i18next';
import { amountOf } from '../lib/format.ts';

const REWARD_KINDS = ['cash', 'bonus', 'points'] as const;

/** What a reward gives, as typed: the kind, the amount and (a bonus) the promotion granted. */
export type RewardDraft = { kind: RewardSpec['kind']; amount: string; promotionId: string };

export function rewardDraft(spec?: RewardSpec): RewardDraft {
  if (!spec) return { kind: 'cash', amount: '', promotionId: '' };
  return {
    kind: spec.kind,
    amount: spec.amount === undefined ? '' : String(spec.amount),
    promotionId: spec.kind === 'bonus' ? String(spec.promotionId) : '',
  };
}

/**
 * The reward to send, or null when it cannot be one: a whole amount above 0 (a bonus may leave it
 * empty, the promotion's own amount then applies) and, for a bonus, the promotion's number.
 */
export function rewardOf(draft: RewardDraft): RewardSpec | null {
  const amount = draft.amount.trim() === '' ? null : amountOf(draft.amount);
  if (amount !== null && !(amount >= 1)) return null;
  if (draft.kind === 'bonus') {
    const promotionId = amountOf(draft.promotionId);
    if (!(promotionId >= 1)) return null;
    return amount === null ? { kind: 'bonus', promotionId } : { kind: 'bonus', promotionId, amount };
  }
  if (amount === null) return null;
  return draft.kind === 'cash' ? { kind: 'cash', amount } : { kind: 'points', amount: Math.min(amount, 100_000_000) };
}

/** A whole number in the operator's language. */
export function wholeText(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : language === 'zh' ? 'zh-CN' : 'vi-VN').format(value);
}

/** What a reward gives, in words ("Cash 10,000", "50 points", "Bonus of promotion #3"). */
export function useRewardText() {
  const { t, i18n } = useTranslation();
  return (spec: RewardSpec) => {
    if (spec.kind === 'points') return t('loyalty.reward.givesPoints', { amount: wholeText(spec.amount, i18n.language) });
    if (spec.kind === 'cash') return t('loyalty.reward.givesCash', { amount: wholeText(spec.amount, i18n.language) });
    return spec.amount === undefined
      ? t('loyalty.reward.givesBonus', { id: spec.promotionId })
      : t('loyalty.reward.givesBonusAmount', { id: spec.promotionId, amount: wholeText(spec.amount, i18n.language) });
  };
}

/** The reward's fields in a form: what kind, how much, and the promotion of a bonus. */
export function RewardFields({
  draft,
  onChange,
  name = 'reward',
  label,
}: {
  draft: RewardDraft;
  onChange: (draft: RewardDraft) => void;
  name?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="fieldset">
      <legend>{label ?? t('loyalty.reward.title')}</legend>
      <label className="field">
        {t('loyalty.reward.kind')}
        <select
          name={`${name}Kind`}
          value={draft.kind}
          onChange={(event) => onChange({ ...draft, kind: event.target.value as RewardDraft['kind'] })}
        >
          {REWARD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`loyalty.reward.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        {draft.kind === 'points' ? t('loyalty.reward.points') : t('loyalty.reward.amount')}
        <input
          name={`${name}Amount`}
          value={draft.amount}
          inputMode="numeric"
          autoComplete="off"
          onChange={(event) => onChange({ ...draft, amount: event.target.value })}
        />
        {draft.kind === 'points' ? null : (
          <span className="muted">{draft.kind === 'bonus' ? t('loyalty.reward.bonusAmountHint') : t('loyalty.reward.amountHint')}</span>
        )}
      </label>
      {draft.kind === 'bonus' ? (
        <label className="field">
          {t('loyalty.reward.promotion')}
          <input
            name={`${name}Promotion`}
            value={draft.promotionId}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => onChange({ ...draft, promotionId: event.target.value })}
          />
          <span className="muted">{t('loyalty.reward.promotionHint')}</span>
        </label>
      ) : null}
    </fieldset>
  );
}
