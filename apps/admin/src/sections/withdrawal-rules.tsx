import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { Notice, QueueState } from '../components/queue-parts.tsx';
import { errorText } from '../i18n/i18n.ts';

/* The settings `withdrawals.autoApproval` and `withdrawals.rules` (docs/withdrawals.md), through /admin-api/settings. */
type AutoApproval = {
  isEnabled: boolean;
  maxAmountMinor: number;
  requireWageringMet: boolean;
  requireNoBonusSinceLastWithdrawal: boolean;
  requireNoLinkedAccounts: boolean;
  allowedVipLevels: number[];
};
type Rules = Record<string, unknown> & { separatePayoutAboveMinor: number };

const AUTO = 'withdrawals.autoApproval';
const RULES = 'withdrawals.rules';

/** "1, 2,3" as levels; null when a part is not a whole number from 0 to 1000. */
export function levelsOf(text: string): number[] | null {
  const parts = text
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  if (!parts.every((part) => /^\d{1,4}$/.test(part) && Number(part) <= 1000)) return null;
  return [...new Set(parts.map(Number))].sort((a, b) => a - b);
}

function Form({ auto, rules }: { auto: AutoApproval; rules: Rules }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState({
    ...auto,
    maxAmountText: String(auto.maxAmountMinor),
    levelsText: auto.allowedVipLevels.join(', '),
    separateText: String(rules.separatePayoutAboveMinor),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (next: { auto: AutoApproval; rules: Rules }) => {
      await adminCall('PUT', `/settings/${AUTO}`, { value: next.auto });
      await adminCall('PUT', `/settings/${RULES}`, { value: next.rules });
    },
    onMutate: () => setProblem(null),
    onError: (failure) => setProblem(errorText(failure)),
    onSuccess: async () => {
      setNotice(t('withdrawalRules.saved'));
      await client.invalidateQueries({ queryKey: ['settings'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const levels = levelsOf(draft.levelsText);
    const whole = (text: string) => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : null);
    const maxAmount = whole(draft.maxAmountText);
    const separate = whole(draft.separateText);
    if (levels === null) return setProblem(t('withdrawalRules.levelsInvalid'));
    if (maxAmount === null || separate === null) return setProblem(t('withdrawalRules.amountInvalid'));
    save.mutate({
      auto: {
        isEnabled: draft.isEnabled,
        maxAmountMinor: maxAmount,
        requireWageringMet: draft.requireWageringMet,
        requireNoBonusSinceLastWithdrawal: draft.requireNoBonusSinceLastWithdrawal,
        requireNoLinkedAccounts: draft.requireNoLinkedAccounts,
        allowedVipLevels: levels,
      },
      rules: { ...rules, separatePayoutAboveMinor: separate },
    });
  };
  const check = (key: 'isEnabled' | 'requireWageringMet' | 'requireNoBonusSinceLastWithdrawal' | 'requireNoLinkedAccounts') => (
    <label className="check">
      <input type="checkbox" name={key} checked={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.checked })} />
      {t(`withdrawalRules.${key}`)}
    </label>
  );
  return (
    <form className="card rules-form" noValidate onSubmit={submit}>
      <h2>{t('withdrawalRules.autoTitle')}</h2>
      <p className="muted">{t('withdrawalRules.autoHint')}</p>
      {check('isEnabled')}
      <label className="field">
        {t('withdrawalRules.maxAmount')}
        <input
          name="maxAmountMinor"
          inputMode="numeric"
          value={draft.maxAmountText}
          onChange={(e) => setDraft({ ...draft, maxAmountText: e.target.value })}
        />
      </label>
      {check('requireWageringMet')}
      {check('requireNoBonusSinceLastWithdrawal')}
      <p className="muted">{t('withdrawalRules.bonusHint')}</p>
      {check('requireNoLinkedAccounts')}
      <label className="field">
        {t('withdrawalRules.levels')}
        <input name="allowedVipLevels" value={draft.levelsText} onChange={(e) => setDraft({ ...draft, levelsText: e.target.value })} />
      </label>
      <h2>{t('withdrawalRules.separationTitle')}</h2>
      <label className="field">
        {t('withdrawalRules.separateAbove')}
        <input
          name="separatePayoutAboveMinor"
          inputMode="numeric"
          value={draft.separateText}
          onChange={(e) => setDraft({ ...draft, separateText: e.target.value })}
        />
      </label>
      {problem ? (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      ) : null}
      <Notice text={notice} />
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('withdrawalRules.save')}
      </button>
    </form>
  );
}

/** The withdrawal rules an operator sets: automatic approval and who may pay what they approved. */
export function WithdrawalRules() {
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: () => adminGet<{ key: string; value: unknown }[]>('/settings'),
  });
  const auto = settings.data?.find((each) => each.key === AUTO)?.value as AutoApproval | undefined;
  const rules = settings.data?.find((each) => each.key === RULES)?.value as Rules | undefined;
  return (
    <QueueState isLoading={settings.isLoading} error={settings.error} isEmpty={!auto || !rules} onRetry={() => void settings.refetch()}>
      {auto && rules ? <Form auto={auto} rules={rules} /> : null}
    </QueueState>
  );
}
