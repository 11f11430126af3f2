import { GAME_CATEGORIES } from '@platform/contracts/games';
import {
  CASHBACK_PERIODS,
  CASHBACK_RATE_PPM_MAX,
  CASHBACK_RULES_MAX,
  type CashbackRule,
  type CashbackRuleInput,
  REBATE_MODES,
  REBATE_PERIODS,
  REBATE_RATE_PPM_MAX,
  REBATE_RULES_MAX,
  type RebateRule,
  type RebateRuleInput,
  type VipLevel,
} from '@platform/contracts/vip';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError, adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, SelectFilter, Tabs } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';
import { gameCategoriesEn, gameCategoriesVi, gameCategoriesZh } from '../i18n/game-categories.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { rebatesEn, rebatesVi, rebatesZh } from '../i18n/rebates.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('rebates', { vi: rebatesVi, en: rebatesEn, zh: rebatesZh });
addSectionTexts('gameCategories', { vi: gameCategoriesVi, en: gameCategoriesEn, zh: gameCategoriesZh });

type Kind = 'rebate' | 'cashback';
const KINDS: readonly Kind[] = ['rebate', 'cashback'];
const ALL = 'all';

/** A typed percentage as parts per million ("0,8" or "0.8" → 8,000); NaN when not a rate above 0 up to `maxPpm`. */
export function ratePpmOf(text: string, maxPpm: number): number {
  const typed = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(typed)) return Number.NaN;
  const [whole = '0', fraction = ''] = typed.split('.');
  const ppm = Number(whole) * 10_000 + Number(fraction.padEnd(4, '0'));
  return ppm > 0 && ppm <= maxPpm ? ppm : Number.NaN;
}

/** Parts per million as a percentage for the operator's language (8,000 → "0.8"). */
export function percentText(ppm: number, language: string): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-GB' : language === 'zh' ? 'zh-CN' : 'vi-VN', {
    maximumFractionDigits: 4,
  }).format(ppm / 10_000);
}

/** A typed whole amount (group separators ignored); NaN otherwise. */
function wholeOf(text: string): number {
  const digits = text.replace(/[\s.,_]/g, '');
  return /^\d{1,15}$/.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * The rule set to send after one change: the rules on now, without the one edited or turned off
 * (by id), with the new or edited one. The server takes the whole set (a rule left out is turned off,
 * its lines stay) and writes a listed rule over the stored one of the same key, so a rule that was
 * off comes back with the values sent. `taken` when another rule on now has the same key.
 */
export function nextRuleSet<Rule extends { id: number; isEnabled: boolean }, Input>(
  rules: readonly Rule[],
  change: { removeId?: number; add?: Input },
  inputOf: (rule: Rule) => Input,
  keyOf: (input: Input) => string,
  max: number,
): { rules: Input[] } | { problem: 'taken' | 'tooMany' } {
  const kept = rules.filter((rule) => rule.isEnabled && rule.id !== change.removeId).map(inputOf);
  if (change.add === undefined) return { rules: kept };
  const key = keyOf(change.add);
  if (kept.some((input) => keyOf(input) === key)) return { problem: 'taken' };
  if (kept.length + 1 > max) return { problem: 'tooMany' };
  return { rules: [...kept, change.add] };
}

const rebateInput = ({ vipLevel, category, period, mode, ratePpm, maxAmount, vendorCode }: RebateRule): RebateRuleInput => ({
  vipLevel,
  category,
  period,
  mode,
  ratePpm,
  maxAmount,
  vendorCode,
});
const cashbackInput = ({ vipLevel, period, ratePpm, minLoss, maxAmount }: CashbackRule): CashbackRuleInput => ({
  vipLevel,
  period,
  ratePpm,
  minLoss,
  maxAmount,
});
const rebateKey = (r: RebateRuleInput) => `${r.vipLevel}:${r.category}:${r.period}:${r.vendorCode ?? ''}`;
/** A vendor's code as the catalogue spells it (letters, digits, underscore). */
const VENDOR_CODE = /^[A-Za-z0-9_]{1,32}$/;
const cashbackKey = (r: CashbackRuleInput) => `${r.vipLevel}:${r.period}`;

type Form = {
  vipLevel: string;
  category: string;
  vendor: string;
  period: string;
  mode: string;
  rate: string;
  cap: string;
  minLoss: string;
};
type Editing = { kind: Kind; rule: RebateRule | CashbackRule | null; form: Form };
type Disabling = { kind: Kind; rule: RebateRule | CashbackRule };

/**
 * Rebate and cashback rules (`vip:read`; changes `vip:write`): the rates per VIP level × game
 * category × period (rebates) and per VIP level × period (cashback), with the payment mode, the cap
 * and the least loss. New, edit, turn off and on again; each save sends the merchant's whole rule set
 * (`PUT /vip/rebate-rules`, `PUT /vip/cashback-rules`), which the server audits.
 */
export default function RebatesSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'vip:write') : false;
  const [kind, setKind] = useState<Kind>('rebate');
  const [level, setLevel] = useState(ALL);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [disabling, setDisabling] = useState<Disabling | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const levels = useQuery({
    queryKey: ['vip', 'levels'],
    queryFn: async () => (await adminGet<{ levels: VipLevel[] }>('/vip/levels')).levels,
  });
  // Each set is read with its version, which the save sends back (a save over someone else's is refused).
  const rebates = useQuery({
    queryKey: ['vip', 'rebate-rules'],
    queryFn: () => adminGet<{ rules: RebateRule[]; version: number }>('/vip/rebate-rules'),
    select: (value) => value.rules,
  });
  // The catalogue's vendors, offered while typing a rule's vendor (an operator without the catalogue types the code).
  const vendors = useQuery({
    queryKey: ['vip', 'rebate-vendors'],
    queryFn: async () => (await adminGet<{ code: string; displayName: string }[]>('/games/vendors')).map((v) => v.code),
    enabled: operator ? mayUse(operator, 'game:read') : false,
    retry: false,
  });
  const cashback = useQuery({
    queryKey: ['vip', 'cashback-rules'],
    queryFn: () => adminGet<{ rules: CashbackRule[]; version: number }>('/vip/cashback-rules'),
    select: (value) => value.rules,
  });
  const client = useQueryClient();
  const save = useDecision(
    (value: { kind: Kind; rules: unknown[] }) => {
      const key = value.kind === 'rebate' ? 'rebate-rules' : 'cashback-rules';
      const version = client.getQueryData<{ version: number }>(['vip', key])?.version ?? 0;
      return adminCall('PUT', `/vip/${key}`, { rules: value.rules, version }).catch((error: unknown) => {
        // Someone else saved since: read the set again, so the next save starts from theirs.
        if (error instanceof AdminApiError && error.code === 'vip_rules_changed')
          void (value.kind === 'rebate' ? rebates : cashback).refetch();
        throw error;
      });
    },
    () => {
      setNotice(t('rebates.saved'));
      setEditing(null);
      setDisabling(null);
      void rebates.refetch();
      void cashback.refetch();
    },
  );

  const levelName = (vipLevel: number) => {
    const found = levels.data?.find((l) => l.level === vipLevel);
    const name = found ? (found.names[i18n.language] ?? found.names.en ?? found.code) : null;
    return name ? `${vipLevel} · ${name}` : String(vipLevel);
  };
  const categoryName = (category: string) => t(`gameCategories.${category}`, { defaultValue: category });
  const vendorName = (vendorCode: string | null) => vendorCode ?? t('rebates.allVendors');
  const ruleName = (rule: RebateRule | CashbackRule) =>
    'category' in rule
      ? `${levelName(rule.vipLevel)} · ${categoryName(rule.category)} · ${vendorName(rule.vendorCode)} · ${t(`rebates.periods.${rule.period}`)}`
      : `${levelName(rule.vipLevel)} · ${t(`rebates.periods.${rule.period}`)}`;
  // Rules hold amounts in the smallest unit of each member's currency: shown as plain numbers.
  const whole = (value: number) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : i18n.language === 'zh' ? 'zh-CN' : 'vi-VN').format(value);
  const amount = (value: number | null) => (value === null ? t('rebates.noCap') : whole(value));
  const state = (rule: { isEnabled: boolean }) =>
    rule.isEnabled ? <span className="badge badge--ok">{t('rebates.on')}</span> : <span className="badge">{t('rebates.off')}</span>;
  const actions = (ruleKind: Kind, rule: RebateRule | CashbackRule) =>
    mayWrite ? (
      <div className="actions">
        <button type="button" className="button" onClick={() => openEdit(ruleKind, rule)}>
          {t('rebates.edit')}
        </button>
        {rule.isEnabled ? (
          <button type="button" className="button button--danger" onClick={() => openDisable(ruleKind, rule)}>
            {t('rebates.disable')}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => enable(ruleKind, rule)}>
            {t('rebates.enable')}
          </button>
        )}
      </div>
    ) : null;

  const rebateColumns: Column<RebateRule>[] = [
    { key: 'level', header: t('rebates.level'), cell: (r) => levelName(r.vipLevel) },
    { key: 'category', header: t('rebates.category'), cell: (r) => categoryName(r.category) },
    { key: 'vendor', header: t('rebates.vendor'), cell: (r) => vendorName(r.vendorCode) },
    { key: 'period', header: t('rebates.period'), cell: (r) => t(`rebates.periods.${r.period}`) },
    { key: 'mode', header: t('rebates.mode'), cell: (r) => t(`rebates.modes.${r.mode}`) },
    { key: 'rate', header: t('rebates.rate'), numeric: true, cell: (r) => `${percentText(r.ratePpm, i18n.language)} %` },
    { key: 'cap', header: t('rebates.cap'), numeric: true, cell: (r) => amount(r.maxAmount) },
    { key: 'state', header: t('rebates.state'), cell: state },
    { key: 'actions', header: t('common.actions'), actions: true, cell: (r) => actions('rebate', r) },
  ];
  const cashbackColumns: Column<CashbackRule>[] = [
    { key: 'level', header: t('rebates.level'), cell: (r) => levelName(r.vipLevel) },
    { key: 'period', header: t('rebates.period'), cell: (r) => t(`rebates.periods.${r.period}`) },
    { key: 'rate', header: t('rebates.rate'), numeric: true, cell: (r) => `${percentText(r.ratePpm, i18n.language)} %` },
    { key: 'minLoss', header: t('rebates.minLoss'), numeric: true, cell: (r) => whole(r.minLoss) },
    { key: 'cap', header: t('rebates.cap'), numeric: true, cell: (r) => amount(r.maxAmount) },
    { key: 'state', header: t('rebates.state'), cell: state },
    { key: 'actions', header: t('common.actions'), actions: true, cell: (r) => actions('cashback', r) },
  ];

  function openEdit(ruleKind: Kind, rule: RebateRule | CashbackRule | null) {
    save.clearError();
    setProblem(null);
    setEditing({
      kind: ruleKind,
      rule,
      form: {
        vipLevel: String(rule?.vipLevel ?? (level === ALL ? 0 : level)),
        category: rule && 'category' in rule ? rule.category : 'RNG',
        vendor: rule && 'vendorCode' in rule ? (rule.vendorCode ?? '') : '',
        period: rule?.period ?? 'D',
        mode: rule && 'mode' in rule ? rule.mode : 'auto',
        rate: rule ? percentText(rule.ratePpm, 'en') : '',
        cap: rule?.maxAmount == null ? '' : String(rule.maxAmount),
        minLoss: rule && 'minLoss' in rule ? String(rule.minLoss) : '0',
      },
    });
  }

  function openDisable(ruleKind: Kind, rule: RebateRule | CashbackRule) {
    save.clearError();
    setDisabling({ kind: ruleKind, rule });
  }

  function send(ruleKind: Kind, change: { removeId?: number; add?: RebateRuleInput | CashbackRuleInput }): string | null {
    const next =
      ruleKind === 'rebate'
        ? nextRuleSet(rebates.data ?? [], change as { removeId?: number; add?: RebateRuleInput }, rebateInput, rebateKey, REBATE_RULES_MAX)
        : nextRuleSet(
            cashback.data ?? [],
            change as { removeId?: number; add?: CashbackRuleInput },
            cashbackInput,
            cashbackKey,
            CASHBACK_RULES_MAX,
          );
    if ('problem' in next) return next.problem === 'taken' && ruleKind === 'cashback' ? 'takenCashback' : next.problem;
    save.run({ kind: ruleKind, rules: next.rules });
    return null;
  }

  function enable(ruleKind: Kind, rule: RebateRule | CashbackRule) {
    save.clearError();
    const input = ruleKind === 'rebate' ? rebateInput(rule as RebateRule) : cashbackInput(rule as CashbackRule);
    const found = send(ruleKind, { add: input });
    setNotice(found ? t(`rebates.problems.${found}`, { max: '' }) : null);
  }

  function submit() {
    if (!editing) return;
    const { form } = editing;
    const maxPpm = editing.kind === 'rebate' ? REBATE_RATE_PPM_MAX : CASHBACK_RATE_PPM_MAX;
    const ratePpm = ratePpmOf(form.rate, maxPpm);
    if (Number.isNaN(ratePpm)) return setProblem(t('rebates.problems.rate', { max: percentText(maxPpm, i18n.language) }));
    const cap = form.cap.trim() === '' ? null : wholeOf(form.cap);
    if (cap !== null && (Number.isNaN(cap) || cap <= 0)) return setProblem(t('rebates.problems.cap'));
    const minLoss = wholeOf(form.minLoss);
    if (editing.kind === 'cashback' && Number.isNaN(minLoss)) return setProblem(t('rebates.problems.minLoss'));
    const vendorCode = form.vendor.trim() === '' ? null : form.vendor.trim();
    if (vendorCode !== null && !VENDOR_CODE.test(vendorCode)) return setProblem(t('rebates.problems.vendor'));
    const add: RebateRuleInput | CashbackRuleInput =
      editing.kind === 'rebate'
        ? {
            vipLevel: Number(form.vipLevel),
            category: form.category as RebateRuleInput['category'],
            period: form.period as RebateRuleInput['period'],
            mode: form.mode as RebateRuleInput['mode'],
            ratePpm,
            maxAmount: cap,
            vendorCode,
          }
        : { vipLevel: Number(form.vipLevel), period: form.period as CashbackRuleInput['period'], ratePpm, minLoss, maxAmount: cap };
    const found = send(editing.kind, { ...(editing.rule?.isEnabled ? { removeId: editing.rule.id } : {}), add });
    setProblem(found ? t(`rebates.problems.${found}`) : null);
  }

  const set = (name: keyof Form) => (event: { target: { value: string } }) =>
    setEditing((current) => (current ? { ...current, form: { ...current.form, [name]: event.target.value } } : current));
  const levelOptions = (levels.data ?? []).map((l) => String(l.level));
  const byLevel = <R extends { vipLevel: number }>(rules: readonly R[] | undefined) =>
    (rules ?? []).filter((r) => level === ALL || r.vipLevel === Number(level));
  const current = kind === 'rebate' ? rebates : cashback;
  const select = (name: keyof Form, label: string, options: readonly string[], labelOf: (value: string) => string) => (
    <label className="field">
      {label}
      <select name={name} value={editing?.form[name]} onChange={set(name)} disabled={editing?.rule !== null && name !== 'mode'}>
        {options.map((value) => (
          <option key={value} value={value}>
            {labelOf(value)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <section className="section" aria-labelledby="rebates-title">
      <header className="section__head">
        <h1 id="rebates-title">{t('rebates.title')}</h1>
        {mayWrite ? (
          <button type="button" className="button button--primary" onClick={() => openEdit(kind, null)}>
            {t('rebates.add')}
          </button>
        ) : null}
      </header>
      <Tabs
        tabs={KINDS}
        value={kind}
        onChange={(next) => {
          setKind(next);
          setNotice(null);
        }}
        label={(key) => t(`rebates.tabs.${key}`)}
      />
      <p className="muted">{t(kind === 'rebate' ? 'rebates.introRebate' : 'rebates.introCashback')}</p>
      <div className="filters">
        <SelectFilter
          label={t('rebates.level')}
          name="level"
          value={level}
          options={[ALL, ...levelOptions]}
          optionLabel={(value) => (value === ALL ? t('rebates.allLevels') : levelName(Number(value)))}
          onChange={setLevel}
        />
      </div>
      <Notice text={notice} />
      <QueueState
        isLoading={current.isLoading}
        error={current.error}
        isEmpty={(current.data?.length ?? 0) === 0}
        emptyText={t('rebates.empty')}
        onRetry={() => void current.refetch()}
      >
        {kind === 'rebate' ? (
          <DataTable
            columns={rebateColumns}
            rows={byLevel(rebates.data)}
            rowKey={(r) => r.id}
            rowTestId={(r) => `rebate-rule-${r.vipLevel}-${r.category}-${r.period}${r.vendorCode ? `-${r.vendorCode}` : ''}`}
          />
        ) : (
          <DataTable
            columns={cashbackColumns}
            rows={byLevel(cashback.data)}
            rowKey={(r) => r.id}
            rowTestId={(r) => `cashback-rule-${r.vipLevel}-${r.period}`}
          />
        )}
      </QueueState>
      {editing ? (
        <DecisionDialog
          title={editing.rule ? t('rebates.editTitle', { rule: ruleName(editing.rule) }) : t('rebates.addTitle')}
          hint={t(editing.kind === 'rebate' ? 'rebates.introRebate' : 'rebates.introCashback')}
          submitLabel={t('rebates.save')}
          error={problem ?? save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          {select('vipLevel', t('rebates.level'), levelOptions.length > 0 ? levelOptions : ['0'], (value) => levelName(Number(value)))}
          {editing.kind === 'rebate' ? select('category', t('rebates.category'), GAME_CATEGORIES, categoryName) : null}
          {editing.kind === 'rebate' ? (
            <label className="field">
              {t('rebates.vendor')}
              <input
                name="vendor"
                value={editing.form.vendor}
                onChange={set('vendor')}
                list="rebate-vendors"
                autoComplete="off"
                disabled={editing.rule !== null}
              />
              <datalist id="rebate-vendors">
                {(vendors.data ?? []).map((code) => (
                  <option key={code} value={code} />
                ))}
              </datalist>
              <span className="muted">{t('rebates.vendorHint')}</span>
            </label>
          ) : null}
          {select('period', t('rebates.period'), editing.kind === 'rebate' ? REBATE_PERIODS : CASHBACK_PERIODS, (value) =>
            t(`rebates.periods.${value}`),
          )}
          {editing.kind === 'rebate' ? select('mode', t('rebates.mode'), REBATE_MODES, (value) => t(`rebates.modes.${value}`)) : null}
          <label className="field">
            {t('rebates.ratePercent')}
            <input name="rate" value={editing.form.rate} onChange={set('rate')} inputMode="decimal" autoComplete="off" />
          </label>
          {editing.kind === 'cashback' ? (
            <label className="field">
              {t('rebates.minLoss')}
              <input name="minLoss" value={editing.form.minLoss} onChange={set('minLoss')} inputMode="numeric" autoComplete="off" />
              <span className="muted">{t('rebates.minLossHint')}</span>
            </label>
          ) : null}
          <label className="field">
            {t('rebates.cap')}
            <input name="cap" value={editing.form.cap} onChange={set('cap')} inputMode="numeric" autoComplete="off" />
            <span className="muted">{t('rebates.capHint')}</span>
          </label>
        </DecisionDialog>
      ) : null}
      {disabling ? (
        <DecisionDialog
          title={t('rebates.disableTitle', { rule: ruleName(disabling.rule) })}
          hint={t('rebates.disableHint')}
          submitLabel={t('rebates.disable')}
          tone="danger"
          error={save.error}
          isPending={save.isPending}
          onSubmit={() => {
            send(disabling.kind, { removeId: disabling.rule.id });
          }}
          onClose={() => setDisabling(null)}
        />
      ) : null}
    </section>
  );
}
