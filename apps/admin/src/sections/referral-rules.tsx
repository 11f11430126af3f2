import { REFERRAL_IDENTITY_SIGNALS, type ReferralIdentitySignal, type ReferralRules } from '@platform/contracts/referrals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { Notice, QueueState } from '../components/queue-parts.tsx';
import { addSectionTexts, errorText } from '../i18n/i18n.ts';
import { referralRulesEn, referralRulesVi, referralRulesZh } from '../i18n/referral-rules.ts';

addSectionTexts('referralRules', { vi: referralRulesVi, en: referralRulesEn, zh: referralRulesZh });

const WHOLE_FIELDS = ['referrerReward', 'inviteeReward', 'minFirstDeposit', 'minValidBet', 'withinDays', 'maxRewardsPerReferrer'] as const;
type WholeField = (typeof WHOLE_FIELDS)[number];
type Draft = Record<WholeField | 'wageringMultiple', string> & { enabled: boolean; identitySignals: ReferralIdentitySignal[] };

/** The rules from the form's texts; null when an amount is not whole, the days are out of range or the multiple has more than two decimals. */
export function rulesOf(draft: Draft): ReferralRules | null {
  const whole = (text: string) => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : null);
  const numbers = Object.fromEntries(WHOLE_FIELDS.map((field) => [field, whole(draft[field])])) as Record<WholeField, number | null>;
  const multiple = /^\d{1,3}(\.\d{1,2})?$/.test(draft.wageringMultiple.trim()) ? Number(draft.wageringMultiple.trim()) : null;
  if (Object.values(numbers).some((n) => n === null) || multiple === null || multiple > 100) return null;
  const days = numbers.withinDays as number;
  if (days < 1 || days > 365) return null;
  return {
    enabled: draft.enabled,
    referrerReward: numbers.referrerReward as number,
    inviteeReward: numbers.inviteeReward as number,
    wageringMultiple: multiple,
    minFirstDeposit: numbers.minFirstDeposit as number,
    minValidBet: numbers.minValidBet as number,
    withinDays: days,
    maxRewardsPerReferrer: numbers.maxRewardsPerReferrer as number,
    identitySignals: REFERRAL_IDENTITY_SIGNALS.filter((signal) => draft.identitySignals.includes(signal)),
  };
}

function Form({ rules, mayWrite }: { rules: ReferralRules; mayWrite: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>({
    ...(Object.fromEntries(WHOLE_FIELDS.map((field) => [field, String(rules[field])])) as Record<WholeField, string>),
    wageringMultiple: String(rules.wageringMultiple),
    enabled: rules.enabled,
    identitySignals: rules.identitySignals,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (next: ReferralRules) => adminCall('PUT', '/referrals/rules', next),
    onMutate: () => setProblem(null),
    onError: (failure) => setProblem(errorText(failure)),
    onSuccess: async () => {
      setNotice(t('referralRules.saved'));
      await client.invalidateQueries({ queryKey: ['referral-rules'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const next = rulesOf(draft);
    if (!next) return setProblem(t('referralRules.invalid'));
    save.mutate(next);
  };
  const toggle = (signal: ReferralIdentitySignal, on: boolean) =>
    setDraft({ ...draft, identitySignals: on ? [...draft.identitySignals, signal] : draft.identitySignals.filter((s) => s !== signal) });
  return (
    <form className="card rules-form" noValidate onSubmit={submit} data-testid="referral-rules-form">
      <h2>{t('referralRules.title')}</h2>
      <p className="muted">{t('referralRules.hint')}</p>
      <label className="check">
        <input
          type="checkbox"
          name="enabled"
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
        />
        {t('referralRules.enabled')}
      </label>
      {[...WHOLE_FIELDS, 'wageringMultiple' as const].map((field) => (
        <label key={field} className="field">
          {t(`referralRules.${field}`)}
          <input
            name={field}
            inputMode={field === 'wageringMultiple' ? 'decimal' : 'numeric'}
            value={draft[field]}
            onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
          />
        </label>
      ))}
      <fieldset className="field">
        <legend>{t('referralRules.signals')}</legend>
        {REFERRAL_IDENTITY_SIGNALS.map((signal) => (
          <label key={signal} className="check">
            <input
              type="checkbox"
              name={`signal-${signal}`}
              checked={draft.identitySignals.includes(signal)}
              onChange={(event) => toggle(signal, event.target.checked)}
            />
            {t(`referralRules.signal.${signal}`)}
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      ) : null}
      <Notice text={notice} />
      {mayWrite ? (
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t('referralRules.save')}
        </button>
      ) : (
        <p className="muted">{t('referralRules.readOnly')}</p>
      )}
    </form>
  );
}

/** The merchant's referral rules (`/admin-api/referrals/rules`): read with promotion:read, saved with promotion:write. */
export function ReferralRulesTab({ mayWrite }: { mayWrite: boolean }) {
  const rules = useQuery({
    queryKey: ['referral-rules'],
    queryFn: () => adminGet<{ rules: ReferralRules; updatedAt: string | null }>('/referrals/rules'),
  });
  return (
    <QueueState isLoading={rules.isLoading} error={rules.error} isEmpty={!rules.data} onRetry={() => void rules.refetch()}>
      {rules.data ? <Form rules={rules.data.rules} mayWrite={mayWrite} /> : null}
    </QueueState>
  );
}
