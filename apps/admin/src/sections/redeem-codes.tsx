import {
  type AdminRedeemCode,
  REDEEM_CODE_BATCH_MAX,
  type RedeemCodeBatchInput,
  redeemCodeBatchInputSchema,
} from '@platform/contracts/rewards';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminDownload, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, TextFilter } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { type RewardDraft, RewardFields, rewardDraft, rewardOf, useRewardText, wholeText } from '../components/reward-fields.tsx';
import { useDecision } from '../components/use-queue.ts';
import { addSectionTexts, errorText } from '../i18n/i18n.ts';
import { loyaltyEn, loyaltyVi, loyaltyZh } from '../i18n/loyalty.ts';
import { amountOf, dateTime, instantOf } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('loyalty', { vi: loyaltyVi, en: loyaltyEn, zh: loyaltyZh });

export type BatchForm = {
  kind: RedeemCodeBatchInput['kind'];
  batch: string;
  count: string;
  prefix: string;
  code: string;
  cap: string;
  reward: RewardDraft;
  vipLevels: string;
  newMemberDays: string;
  startsAt: string;
  expiresAt: string;
};

export const emptyBatchForm = (): BatchForm => ({
  kind: 'single',
  batch: '',
  count: '',
  prefix: '',
  code: '',
  cap: '',
  reward: rewardDraft(),
  vipLevels: '',
  newMemberDays: '',
  startsAt: '',
  expiresAt: '',
});

/** The batch to send, or the first problem (a key under `loyalty.codes.problems`). Times are the operator's clock. */
export function batchBody(form: BatchForm): { body: RedeemCodeBatchInput } | { problem: string } {
  const batch = form.batch.trim();
  if (!/^[A-Za-z0-9_-]{2,40}$/.test(batch)) return { problem: 'batch' };
  const reward = rewardOf(form.reward);
  if (!reward) return { problem: 'reward' };
  const levels = form.vipLevels.split(/[\s,;]+/).filter((each) => each !== '');
  const vipLevels = levels.map(Number);
  if (vipLevels.some((level) => !Number.isInteger(level) || level < 0 || level > 50)) return { problem: 'vipLevels' };
  const days = form.newMemberDays.trim() === '' ? null : amountOf(form.newMemberDays);
  if (days !== null && !(days >= 1 && days <= 365)) return { problem: 'newMemberDays' };
  const audience = { ...(vipLevels.length > 0 ? { vipLevels } : {}), ...(days !== null ? { newMemberDays: days } : {}) };
  const expiresAt = instantOf(form.expiresAt);
  if (!expiresAt) return { problem: 'expiresAt' };
  const startsAt = form.startsAt.trim() === '' ? undefined : instantOf(form.startsAt);
  if (startsAt === null) return { problem: 'startsAt' };
  if (startsAt !== undefined && startsAt >= expiresAt) return { problem: 'expiresAt' };
  const dates = { ...(startsAt ? { startsAt } : {}), expiresAt };
  let candidate: unknown;
  if (form.kind === 'single') {
    const count = amountOf(form.count);
    if (!(count >= 1 && count <= REDEEM_CODE_BATCH_MAX)) return { problem: 'count' };
    const prefix = form.prefix.trim().toUpperCase();
    if (!/^[A-Z0-9]{0,8}$/.test(prefix)) return { problem: 'prefix' };
    candidate = { kind: 'single', batch, count, ...(prefix ? { prefix } : {}), reward, audience, ...dates };
  } else {
    const code = form.code.trim().toUpperCase();
    if (!/^[A-Z0-9-]{4,32}$/.test(code)) return { problem: 'code' };
    const cap = amountOf(form.cap);
    if (!(cap >= 1 && cap <= 10_000_000)) return { problem: 'cap' };
    candidate = { kind: 'shared', batch, code, cap, reward, audience, ...dates };
  }
  const checked = redeemCodeBatchInputSchema.safeParse(candidate);
  return checked.success ? { body: checked.data } : { problem: 'batch' };
}

/**
 * Redeem codes (`promotion:read`; making, exporting and disabling `promotion:write`): a batch of
 * single-use codes or one shared code with a cap, each with what it gives, an audience and dates;
 * the newest codes (of a batch), the batch's CSV to hand out, and disabling a code.
 */
export default function RedeemCodesSection() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rewardText = useRewardText();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'promotion:write') : false;
  const [batch, setBatch] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [form, setForm] = useState<BatchForm | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<AdminRedeemCode | null>(null);
  const codes = useQuery({
    queryKey: ['redeem-codes', batch],
    queryFn: async () => (await adminGet<{ list: AdminRedeemCode[] }>(`/redeem-codes${queryString({ batch })}`)).list,
  });
  const create = useDecision(
    (body: RedeemCodeBatchInput) => adminCall<{ batch: string; created: number }>('POST', '/redeem-codes/batches', body),
    (_body, result) => {
      setNotice(t('loyalty.codes.created', { count: result.created, batch: result.batch }));
      setForm(null);
      setBatch(result.batch);
      void codes.refetch();
    },
  );
  const state = useDecision(
    (value: { code: AdminRedeemCode; state: 'active' | 'disabled' }) =>
      adminCall('POST', `/redeem-codes/${value.code.id}/state`, { state: value.state }),
    (value) => {
      setNotice(t(value.state === 'disabled' ? 'loyalty.codes.disabled' : 'loyalty.codes.enabled', { code: value.code.code }));
      setDisabling(null);
      void codes.refetch();
    },
  );
  async function exportBatch() {
    setFailure(null);
    try {
      await adminDownload(`/redeem-codes/batches/${encodeURIComponent(batch)}/export`, `codes-${batch}.csv`);
      setNotice(t('loyalty.codes.exported', { batch }));
    } catch (error) {
      setFailure(errorText(error));
    }
  }
  const expired = (code: AdminRedeemCode) => Date.parse(code.expiresAt) <= Date.now();
  const columns: Column<AdminRedeemCode>[] = [
    { key: 'code', header: t('loyalty.codes.code'), cell: (c) => <code>{c.code}</code> },
    { key: 'kind', header: t('loyalty.codes.kind'), cell: (c) => t(`loyalty.codes.kinds.${c.kind}`) },
    {
      key: 'batch',
      header: t('loyalty.codes.batch'),
      cell: (c) => (
        <button type="button" className="link-button" onClick={() => setBatch(c.batch)}>
          {c.batch}
        </button>
      ),
    },
    { key: 'reward', header: t('loyalty.reward.title'), cell: (c) => rewardText(c.reward) },
    {
      key: 'used',
      header: t('loyalty.codes.used'),
      numeric: true,
      cell: (c) => `${wholeText(c.redeemed, language)} / ${wholeText(c.cap, language)}`,
    },
    {
      key: 'dates',
      header: t('loyalty.codes.dates'),
      cell: (c) => `${dateTime(c.startsAt, language)} – ${dateTime(c.expiresAt, language)}`,
    },
    {
      key: 'state',
      header: t('loyalty.state'),
      cell: (c) =>
        c.state === 'disabled' ? (
          <span className="badge">{t('loyalty.codes.states.disabled')}</span>
        ) : expired(c) ? (
          <span className="badge badge--warn">{t('loyalty.codes.states.expired')}</span>
        ) : c.redeemed >= c.cap ? (
          <span className="badge badge--warn">{t('loyalty.codes.states.used')}</span>
        ) : (
          <span className="badge badge--ok">{t('loyalty.codes.states.active')}</span>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (c) =>
        mayWrite ? (
          c.state === 'active' ? (
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                state.clearError();
                setDisabling(c);
              }}
            >
              {t('loyalty.disable')}
            </button>
          ) : (
            <button type="button" className="button" onClick={() => state.run({ code: c, state: 'active' })}>
              {t('loyalty.enable')}
            </button>
          )
        ) : null,
    },
  ];
  const set = (name: Exclude<keyof BatchForm, 'reward'>) => (event: { target: { value: string } }) =>
    setForm((current) => (current ? { ...current, [name]: event.target.value } : current));
  const input = (name: Exclude<keyof BatchForm, 'reward' | 'kind'>, label: string, hint?: string, type = 'text') => (
    <label className="field">
      {label}
      <input name={name} type={type} value={form?.[name] ?? ''} onChange={set(name)} autoComplete="off" />
      {hint ? <span className="muted">{hint}</span> : null}
    </label>
  );
  function submit() {
    if (!form) return;
    const checked = batchBody(form);
    if ('problem' in checked) return setProblem(t(`loyalty.codes.problems.${checked.problem}`, { max: REDEEM_CODE_BATCH_MAX }));
    setProblem(null);
    create.run(checked.body);
  }
  return (
    <section className="section" aria-labelledby="redeem-codes-title">
      <header className="section__head">
        <h1 id="redeem-codes-title">{t('loyalty.codes.title')}</h1>
        {mayWrite ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              create.clearError();
              setProblem(null);
              setForm(emptyBatchForm());
            }}
          >
            {t('loyalty.codes.add')}
          </button>
        ) : null}
      </header>
      <p className="muted">{t('loyalty.codes.intro')}</p>
      <div className="filters">
        <TextFilter key={batch} label={t('loyalty.codes.batch')} name="batch" onApply={setBatch} />
        {batch ? (
          <>
            <button type="button" className="button" onClick={() => setBatch('')}>
              {t('loyalty.codes.allBatches')}
            </button>
            {mayWrite ? (
              <button type="button" className="button" onClick={() => void exportBatch()}>
                {t('loyalty.codes.export', { batch })}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      <Notice text={notice} />
      {(failure ?? (state.error && !disabling ? state.error : null)) ? (
        <p className="alert alert--error" role="alert">
          {failure ?? state.error}
        </p>
      ) : null}
      <QueueState
        isLoading={codes.isLoading}
        error={codes.error}
        isEmpty={(codes.data?.length ?? 0) === 0}
        emptyText={t('loyalty.codes.empty')}
        onRetry={() => void codes.refetch()}
      >
        <DataTable columns={columns} rows={codes.data ?? []} rowKey={(c) => c.id} rowTestId={(c) => `redeem-code-${c.code}`} />
      </QueueState>
      {form ? (
        <DecisionDialog
          title={t('loyalty.codes.addTitle')}
          submitLabel={t(form.kind === 'single' ? 'loyalty.codes.generate' : 'loyalty.codes.createShared')}
          error={problem ?? create.error}
          isPending={create.isPending}
          onSubmit={submit}
          onClose={() => setForm(null)}
        >
          <label className="field">
            {t('loyalty.codes.kind')}
            <select name="kind" value={form.kind} onChange={set('kind')}>
              <option value="single">{t('loyalty.codes.kinds.single')}</option>
              <option value="shared">{t('loyalty.codes.kinds.shared')}</option>
            </select>
            <span className="muted">{t(form.kind === 'single' ? 'loyalty.codes.singleHint' : 'loyalty.codes.sharedHint')}</span>
          </label>
          {input('batch', t('loyalty.codes.batch'), t('loyalty.codes.batchHint'))}
          {form.kind === 'single' ? (
            <>
              {input('count', t('loyalty.codes.count'), t('loyalty.codes.countHint', { max: wholeText(REDEEM_CODE_BATCH_MAX, language) }))}
              {input('prefix', t('loyalty.codes.prefix'), t('loyalty.codes.prefixHint'))}
            </>
          ) : (
            <>
              {input('code', t('loyalty.codes.code'), t('loyalty.codes.codeHint'))}
              {input('cap', t('loyalty.codes.cap'), t('loyalty.codes.capHint'))}
            </>
          )}
          <RewardFields draft={form.reward} onChange={(reward) => setForm((current) => (current ? { ...current, reward } : current))} />
          {input('vipLevels', t('loyalty.codes.vipLevels'), t('loyalty.codes.vipLevelsHint'))}
          {input('newMemberDays', t('loyalty.codes.newMemberDays'), t('loyalty.codes.newMemberDaysHint'))}
          {input('startsAt', t('loyalty.codes.startsAt'), t('loyalty.codes.startsAtHint'), 'datetime-local')}
          {input('expiresAt', t('loyalty.codes.expiresAt'), undefined, 'datetime-local')}
        </DecisionDialog>
      ) : null}
      {disabling ? (
        <DecisionDialog
          title={t('loyalty.codes.disableTitle', { code: disabling.code })}
          hint={t('loyalty.codes.disableHint')}
          submitLabel={t('loyalty.disable')}
          tone="danger"
          error={state.error}
          isPending={state.isPending}
          onSubmit={() => state.run({ code: disabling, state: 'disabled' })}
          onClose={() => setDisabling(null)}
        />
      ) : null}
    </section>
  );
}
