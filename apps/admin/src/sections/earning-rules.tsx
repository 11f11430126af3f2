import { GAME_CATEGORIES } from '@platform/contracts/games';
import { EARNING_EVENTS, type EarningRuleInput, earningRuleInputSchema, VALID_BET_ALL_CATEGORIES } from '@platform/contracts/points';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { wholeText } from '../components/reward-fields.tsx';
import { useDecision } from '../components/use-queue.ts';
import { amountOf } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

type Rule = EarningRuleInput & { id: number; updatedAt: string };
type RuleForm = {
  ruleKey: string;
  event: EarningRuleInput['event'];
  amount: string;
  dailyCap: string;
  streakDays: string;
  minDeposit: string;
  category: string;
  validBetMin: string;
  isEnabled: boolean;
};

export function ruleForm(rule?: EarningRuleInput): RuleForm {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    ruleKey: rule?.ruleKey ?? '',
    event: rule?.event ?? 'sign_in',
    amount: text(rule?.amount),
    dailyCap: text(rule?.dailyCap),
    streakDays: text(rule?.streakDays),
    minDeposit: text(rule?.minDeposit),
    category: rule?.category ?? VALID_BET_ALL_CATEGORIES,
    validBetMin: text(rule?.validBetMin),
    isEnabled: rule?.isEnabled ?? true,
  };
}

/** The rule to send (only the fields its event uses), or the first problem (a key under `loyalty.rules.problems`). */
export function ruleBody(form: RuleForm): { body: EarningRuleInput } | { problem: string } {
  const optional = (value: string) => (value.trim() === '' ? null : amountOf(value));
  if (!/^[a-z0-9_-]{1,60}$/.test(form.ruleKey.trim())) return { problem: 'key' };
  const amount = amountOf(form.amount);
  if (!(amount >= 1)) return { problem: 'amount' };
  const dailyCap = optional(form.dailyCap);
  if (dailyCap !== null && !(dailyCap >= 1)) return { problem: 'dailyCap' };
  const streakDays = form.event === 'sign_in_streak' ? amountOf(form.streakDays) : null;
  if (streakDays !== null && !(streakDays >= 2 && streakDays <= 366)) return { problem: 'streakDays' };
  const minDeposit = form.event === 'deposit' ? optional(form.minDeposit) : null;
  if (minDeposit !== null && !(minDeposit >= 1)) return { problem: 'minDeposit' };
  const validBetMin = form.event === 'valid_bet' ? amountOf(form.validBetMin) : null;
  if (validBetMin !== null && !(validBetMin >= 1)) return { problem: 'validBetMin' };
  const checked = earningRuleInputSchema.safeParse({
    ruleKey: form.ruleKey.trim(),
    event: form.event,
    amount,
    dailyCap,
    streakDays,
    minDeposit,
    category: form.event === 'valid_bet' ? form.category : null,
    validBetMin,
    isEnabled: form.isEnabled,
  });
  return checked.success ? { body: checked.data } : { problem: 'amount' };
}

/**
 * The earning rules of the points mall (`point-mall:read`; changes `point-mall:write`): which event
 * pays how many points, with its condition and a cap per day. Each rule pays once per member and
 * occurrence; the key stays once made.
 */
export function EarningRulesTab() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'point-mall:write') : false;
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ rule: Rule | null; form: RuleForm } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const rules = useQuery({
    queryKey: ['points', 'rules'],
    queryFn: async () => (await adminGet<{ list: Rule[] }>('/points/rules')).list,
  });
  const save = useDecision(
    (value: { id: number | null; body: EarningRuleInput }) =>
      value.id === null ? adminCall('POST', '/points/rules', value.body) : adminCall('PUT', `/points/rules/${value.id}`, value.body),
    () => {
      setNotice(t('loyalty.rules.saved'));
      setEditing(null);
      void rules.refetch();
    },
  );
  const categoryName = (category: string) =>
    category === VALID_BET_ALL_CATEGORIES ? t('loyalty.rules.allCategories') : t(`gameCategories.${category}`, { defaultValue: category });
  const condition = (rule: Rule) => {
    if (rule.event === 'sign_in_streak') return t('loyalty.rules.conditions.streak', { days: rule.streakDays });
    if (rule.event === 'deposit' && rule.minDeposit !== null)
      return t('loyalty.rules.conditions.deposit', { amount: wholeText(rule.minDeposit, language) });
    if (rule.event === 'valid_bet')
      return t('loyalty.rules.conditions.validBet', {
        amount: wholeText(rule.validBetMin ?? 0, language),
        category: categoryName(rule.category ?? VALID_BET_ALL_CATEGORIES),
      });
    return '—';
  };
  const columns: Column<Rule>[] = [
    { key: 'key', header: t('loyalty.rules.key'), cell: (r) => r.ruleKey },
    { key: 'event', header: t('loyalty.rules.event'), cell: (r) => t(`loyalty.rules.events.${r.event}`) },
    { key: 'condition', header: t('loyalty.rules.condition'), cell: condition },
    { key: 'amount', header: t('loyalty.rules.amount'), numeric: true, cell: (r) => wholeText(r.amount, language) },
    {
      key: 'cap',
      header: t('loyalty.rules.dailyCap'),
      numeric: true,
      cell: (r) => (r.dailyCap === null ? t('loyalty.items.noLimit') : wholeText(r.dailyCap, language)),
    },
    {
      key: 'state',
      header: t('loyalty.state'),
      cell: (r) =>
        r.isEnabled ? <span className="badge badge--ok">{t('loyalty.on')}</span> : <span className="badge">{t('loyalty.off')}</span>,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (r) =>
        mayWrite ? (
          <div className="actions">
            <button type="button" className="button" onClick={() => open(r)}>
              {t('loyalty.edit')}
            </button>
            <button
              type="button"
              className={r.isEnabled ? 'button button--danger' : 'button'}
              onClick={() => {
                const { id: _id, updatedAt: _at, ...input } = r;
                save.run({ id: r.id, body: { ...input, isEnabled: !r.isEnabled } });
              }}
            >
              {r.isEnabled ? t('loyalty.disable') : t('loyalty.enable')}
            </button>
          </div>
        ) : null,
    },
  ];
  function open(rule: Rule | null) {
    save.clearError();
    setProblem(null);
    setEditing({ rule, form: ruleForm(rule ?? undefined) });
  }
  function submit() {
    if (!editing) return;
    const checked = ruleBody(editing.form);
    if ('problem' in checked) return setProblem(t(`loyalty.rules.problems.${checked.problem}`));
    setProblem(null);
    save.run({ id: editing.rule?.id ?? null, body: checked.body });
  }
  const set = (name: keyof RuleForm) => (event: { target: { value: string } }) =>
    setEditing((current) => (current ? { ...current, form: { ...current.form, [name]: event.target.value } } : current));
  const input = (name: keyof RuleForm, label: string, hint?: string) => (
    <label className="field">
      {label}
      <input
        name={name}
        value={String(editing?.form[name] ?? '')}
        onChange={set(name)}
        autoComplete="off"
        disabled={name === 'ruleKey' && editing?.rule !== null}
      />
      {hint ? <span className="muted">{hint}</span> : null}
    </label>
  );
  return (
    <>
      {mayWrite ? (
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => open(null)}>
            {t('loyalty.rules.add')}
          </button>
        </div>
      ) : null}
      <p className="muted">{t('loyalty.rules.intro')}</p>
      <Notice text={notice} />
      {save.error && !editing ? (
        <p className="alert alert--error" role="alert">
          {save.error}
        </p>
      ) : null}
      <QueueState
        isLoading={rules.isLoading}
        error={rules.error}
        isEmpty={(rules.data?.length ?? 0) === 0}
        emptyText={t('loyalty.rules.empty')}
        onRetry={() => void rules.refetch()}
      >
        <DataTable columns={columns} rows={rules.data ?? []} rowKey={(r) => r.id} rowTestId={(r) => `earning-rule-${r.ruleKey}`} />
      </QueueState>
      {editing ? (
        <DecisionDialog
          title={editing.rule ? t('loyalty.rules.editTitle', { key: editing.rule.ruleKey }) : t('loyalty.rules.addTitle')}
          hint={t('loyalty.rules.onceHint')}
          submitLabel={t('loyalty.save')}
          error={problem ?? save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          {input('ruleKey', t('loyalty.rules.key'), t('loyalty.rules.keyHint'))}
          <label className="field">
            {t('loyalty.rules.event')}
            <select name="event" value={editing.form.event} onChange={set('event')}>
              {EARNING_EVENTS.map((event) => (
                <option key={event} value={event}>
                  {t(`loyalty.rules.events.${event}`)}
                </option>
              ))}
            </select>
          </label>
          {editing.form.event === 'sign_in_streak' ? input('streakDays', t('loyalty.rules.streakDays')) : null}
          {editing.form.event === 'deposit' ? input('minDeposit', t('loyalty.rules.minDeposit'), t('loyalty.rules.minorHint')) : null}
          {editing.form.event === 'valid_bet' ? (
            <>
              <label className="field">
                {t('loyalty.rules.category')}
                <select name="category" value={editing.form.category} onChange={set('category')}>
                  {[VALID_BET_ALL_CATEGORIES, ...GAME_CATEGORIES].map((category) => (
                    <option key={category} value={category}>
                      {categoryName(category)}
                    </option>
                  ))}
                </select>
              </label>
              {input('validBetMin', t('loyalty.rules.validBetMin'), t('loyalty.rules.minorHint'))}
            </>
          ) : null}
          {input('amount', t('loyalty.rules.amount'))}
          {input('dailyCap', t('loyalty.rules.dailyCap'), t('loyalty.rules.dailyCapHint'))}
          <label className="check">
            <input
              type="checkbox"
              name="isEnabled"
              checked={editing.form.isEnabled}
              onChange={(event) =>
                setEditing((current) => (current ? { ...current, form: { ...current.form, isEnabled: event.target.checked } } : current))
              }
            />
            {t('loyalty.rules.enabled')}
          </label>
        </DecisionDialog>
      ) : null}
    </>
  );
}
