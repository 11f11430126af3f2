import { GAME_CATEGORIES } from '@platform/contracts/games';
import {
  LOSS_PERIODS,
  type LossPeriod,
  PROMOTION_CATEGORIES,
  PROMOTION_TRIGGERS,
  type PromotionInput,
  type PromotionState,
  type PromotionTrigger,
  promotionInputSchema,
  RAFFLE_PRIZES_MAX,
} from '@platform/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { operatorImage } from '../api/image.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, SelectFilter, Tabs } from '../components/data-table.tsx';
import { ImageField } from '../components/image-field.tsx';
import { DecisionDialog, Notice, QueueState, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { useDecision } from '../components/use-queue.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { promotionsEn, promotionsVi, promotionsZh } from '../i18n/promotions.ts';
import { dateTime, instantOf, localInput } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';
import { ReferralRulesTab } from './referral-rules.tsx';

addSectionTexts('promotions', { vi: promotionsVi, en: promotionsEn, zh: promotionsZh });

type Promotion = { id: number; state: PromotionState; input: PromotionInput; createdAt: string; updatedAt: string };
type Entry = {
  id: number;
  promotionId: number;
  memberId: number;
  username: string | null;
  status: 'pending' | 'flagged';
  comment: string | null;
  proofCount: number;
  flags: string[];
  depositAmount: number | null;
  createdAt: string;
};

const TABS = ['list', 'review', 'referral'] as const;
type Tab = (typeof TABS)[number];
const ALL = 'all';
const AMOUNT_KINDS = ['fixed', 'percent', 'tiers'] as const;

/** The form as typed: every field a string or a box, turned into `PromotionInput` by `promotionBody`. */
export type PromotionForm = {
  code: string;
  category: PromotionInput['category'];
  titleVi: string;
  titleEn: string;
  /** The card's image per language (a site path or an https address); other languages' images are kept as they were. */
  imageVi: string;
  imageEn: string;
  imagesOther: Record<string, string>;
  bodyVi: string;
  bodyEn: string;
  startsAt: string;
  endsAt: string;
  vipLevels: string;
  labels: string;
  newMemberDays: string;
  downlineOf: string;
  firstDepositOnly: boolean;
  trigger: PromotionTrigger;
  minDeposit: string;
  amountKind: (typeof AMOUNT_KINDS)[number];
  fixedValue: string;
  percent: string;
  cap: string;
  tiers: string;
  multiple: string;
  weights: Record<string, string>;
  maxStake: string;
  maxConversion: string;
  expiryHours: string;
  onWithdrawal: 'block' | 'forfeit';
  stackable: boolean;
  perMemberLimit: string;
  applicationProof: boolean;
  contactIdRequired: boolean;
  /** `loss_period`: the period, the least net loss that earns, and whether it is granted or claimed. */
  lossPeriod: LossPeriod;
  minLoss: string;
  lossMode: 'auto' | 'claim';
  /** `raffle`: the turnover per ticket, the most tickets a member, the draw time, the prizes by rank (one a line). */
  ticketTurnover: string;
  ticketsMax: string;
  drawAt: string;
  prizes: string;
};

const text = (value: number | undefined | null) => (value === undefined || value === null ? '' : String(value));

export function promotionForm(p?: PromotionInput): PromotionForm {
  const amount = p?.amount;
  return {
    code: p?.code ?? '',
    category: p?.category ?? 'DEPOSIT',
    titleVi: p?.titles.vi ?? '',
    titleEn: p?.titles.en ?? '',
    imageVi: p?.images?.vi ?? '',
    imageEn: p?.images?.en ?? '',
    imagesOther: Object.fromEntries(Object.entries(p?.images ?? {}).filter(([language]) => language !== 'vi' && language !== 'en')),
    bodyVi: p?.bodies.vi ?? '',
    bodyEn: p?.bodies.en ?? '',
    startsAt: localInput(p?.startsAt ?? new Date().toISOString()),
    endsAt: localInput(p?.endsAt ?? null),
    vipLevels: (p?.audience.vipLevels ?? []).join(', '),
    labels: (p?.audience.labels ?? []).join(', '),
    newMemberDays: text(p?.audience.newMemberDays),
    downlineOf: text(p?.audience.downlineOf),
    firstDepositOnly: p?.audience.firstDepositOnly ?? false,
    trigger: p?.trigger ?? 'first_deposit',
    minDeposit: text(p?.minDeposit ?? 0),
    amountKind: amount?.kind ?? 'fixed',
    fixedValue: amount?.kind === 'fixed' ? String(amount.value) : '',
    percent: amount?.kind === 'percent' ? String(amount.basisPoints / 100) : '',
    cap: amount?.kind === 'percent' ? String(amount.cap) : '',
    tiers: amount?.kind === 'tiers' ? amount.tiers.map((tier) => `${tier.minDeposit} = ${tier.amount}`).join('\n') : '',
    multiple: text(p?.wagering.multiple ?? 1),
    weights: Object.fromEntries(GAME_CATEGORIES.map((c) => [c, text(p ? p.wagering.weights[c] : 100)])),
    maxStake: text(p?.maxStake),
    maxConversion: text(p?.maxConversion),
    expiryHours: text(p?.expiryHours ?? 168),
    onWithdrawal: p?.onWithdrawal ?? 'block',
    stackable: p?.stackable ?? false,
    perMemberLimit: text(p?.perMemberLimit ?? 1),
    applicationProof: p?.applicationProof ?? false,
    contactIdRequired: p?.contactIdRequired ?? false,
    lossPeriod: p?.loss?.period ?? 'D',
    minLoss: text(p?.loss?.minLoss),
    lossMode: p?.loss?.mode ?? 'auto',
    ticketTurnover: text(p?.raffle?.ticketTurnover),
    ticketsMax: text(p?.raffle?.ticketsMax),
    drawAt: localInput(p?.raffle?.drawAt ?? null),
    prizes: (p?.raffle?.prizes ?? []).join('\n'),
  };
}

type Checked = { problem: string; values?: Record<string, string> } | { body: PromotionInput };

/**
 * The form's first problem (a translation key under `promotions.problems`, with its values) or the
 * body for the server, checked with the same schema the server uses.
 */
export function promotionBody(form: PromotionForm, fieldName: (key: string) => string): Checked {
  if (!/^[A-Z0-9_-]{2,40}$/.test(form.code.trim())) return { problem: 'code' };
  const titles = Object.fromEntries(
    [
      ['vi', form.titleVi.trim()],
      ['en', form.titleEn.trim()],
    ].filter(([, value]) => value !== ''),
  );
  if (!titles.vi && !titles.en) return { problem: 'title' };
  const images = {
    ...form.imagesOther,
    ...Object.fromEntries(
      [
        ['vi', form.imageVi.trim()],
        ['en', form.imageEn.trim()],
      ].filter(([, value]) => value !== ''),
    ),
  };
  const bodies = Object.fromEntries(
    [
      ['vi', form.bodyVi.trim()],
      ['en', form.bodyEn.trim()],
    ].filter(([, value]) => value !== ''),
  );
  if (!bodies.vi && !bodies.en) return { problem: 'body' };
  const startsAt = instantOf(form.startsAt);
  if (!startsAt) return { problem: 'start' };
  const endsAt = instantOf(form.endsAt);
  if (endsAt && endsAt <= startsAt) return { problem: 'periodOrder' };

  const wholes: Record<string, number | null> = {};
  const whole = (key: keyof PromotionForm, optional: boolean): Checked | null => {
    const value = String(form[key]).trim();
    if (value === '' && optional) {
      wholes[key] = null;
      return null;
    }
    if (!/^\d{1,15}$/.test(value)) return { problem: 'whole', values: { field: fieldName(key) } };
    wholes[key] = Number(value);
    return null;
  };
  for (const [key, optional] of [
    ['newMemberDays', true],
    ['downlineOf', true],
    ['minDeposit', false],
    ['maxStake', true],
    ['maxConversion', true],
    ['expiryHours', false],
    ['perMemberLimit', false],
  ] as const) {
    const problem = whole(key, optional);
    if (problem) return problem;
  }
  const levelParts = form.vipLevels.split(/[,\s]+/).filter(Boolean);
  if (!levelParts.every((part) => /^\d{1,2}$/.test(part) && Number(part) <= 50)) return { problem: 'levels' };
  const labels = form.labels
    .split(',')
    .map((label) => label.trim())
    .filter(Boolean);

  const isDeposit = form.trigger === 'first_deposit' || form.trigger === 'reload_deposit';
  const isLoss = form.trigger === 'loss_period';
  const isRaffle = form.trigger === 'raffle';
  let loss: PromotionInput['loss'];
  if (isLoss) {
    const problem = whole('minLoss', false);
    if (problem) return problem;
    if (!wholes.minLoss) return { problem: 'minLoss' };
    loss = { period: form.lossPeriod, minLoss: wholes.minLoss, mode: form.lossMode };
  }
  let raffle: PromotionInput['raffle'];
  if (isRaffle) {
    for (const key of ['ticketTurnover', 'ticketsMax'] as const) {
      const problem = whole(key, false);
      if (problem) return problem;
    }
    if (!wholes.ticketTurnover) return { problem: 'ticketTurnover' };
    if (!wholes.ticketsMax || wholes.ticketsMax > 100_000) return { problem: 'ticketsMax' };
    const drawAt = instantOf(form.drawAt);
    if (!drawAt) return { problem: 'drawAt' };
    if (drawAt <= startsAt || (endsAt && drawAt > endsAt)) return { problem: 'drawInside' };
    const prizes: number[] = [];
    for (const line of form.prizes.split('\n').map((each) => each.trim())) {
      if (line === '') continue;
      if (!/^\d{1,15}$/.test(line) || Number(line) <= 0) return { problem: 'prizes' };
      prizes.push(Number(line));
    }
    if (prizes.length === 0 || prizes.length > RAFFLE_PRIZES_MAX) return { problem: 'prizes' };
    raffle = { ticketTurnover: wholes.ticketTurnover, ticketsMax: wholes.ticketsMax, drawAt, prizes };
  }

  let amount: PromotionInput['amount'];
  if (raffle) {
    // A raffle pays its prizes; the schema still wants an amount rule, unused: the one stored is
    // kept as it was, a new raffle records its first prize.
    const stored = /^\d{1,15}$/.test(form.fixedValue.trim()) ? Number(form.fixedValue.trim()) : 0;
    amount = { kind: 'fixed', value: stored > 0 ? stored : (raffle.prizes[0] ?? 1) };
  } else if (form.amountKind === 'fixed') {
    const problem = whole('fixedValue', false);
    if (problem) return problem;
    amount = { kind: 'fixed', value: wholes.fixedValue ?? 0 };
  } else if (form.amountKind === 'percent') {
    if (!/^\d{1,4}([.,]\d{1,2})?$/.test(form.percent.trim())) return { problem: 'percent' };
    const basisPoints = Math.round(Number(form.percent.trim().replace(',', '.')) * 100);
    if (basisPoints <= 0) return { problem: 'percent' };
    const problem = whole('cap', false);
    if (problem) return problem;
    amount = { kind: 'percent', basisPoints, cap: wholes.cap ?? 0 };
  } else {
    const tiers: { minDeposit: number; amount: number }[] = [];
    for (const line of form.tiers.split('\n').map((each) => each.trim())) {
      if (line === '') continue;
      const match = /^(\d{1,15})\s*=\s*(\d{1,15})$/.exec(line);
      if (!match || Number(match[1]) <= 0 || Number(match[2]) <= 0) return { problem: 'tiers' };
      tiers.push({ minDeposit: Number(match[1]), amount: Number(match[2]) });
    }
    if (tiers.length === 0) return { problem: 'tiers' };
    amount = { kind: 'tiers', tiers };
  }
  if (!isDeposit && !isLoss && amount.kind !== 'fixed') return { problem: 'depositOnly' };
  if (!/^\d{1,3}([.,]\d{1,2})?$/.test(form.multiple.trim()) || Number(form.multiple.trim().replace(',', '.')) > 100)
    return { problem: 'multiple' };
  const weights: Record<string, number> = {};
  for (const category of GAME_CATEGORIES) {
    const value = (form.weights[category] ?? '').trim();
    if (value === '') continue;
    if (!/^\d{1,3}$/.test(value) || Number(value) > 100) return { problem: 'weight' };
    weights[category] = Number(value);
  }
  const audience: PromotionInput['audience'] = {};
  if (levelParts.length > 0) audience.vipLevels = [...new Set(levelParts.map(Number))].sort((a, b) => a - b);
  if (labels.length > 0) audience.labels = labels;
  if (wholes.newMemberDays) audience.newMemberDays = wholes.newMemberDays;
  if (wholes.downlineOf) audience.downlineOf = wholes.downlineOf;
  if (form.firstDepositOnly) audience.firstDepositOnly = true;
  const parsed = promotionInputSchema.safeParse({
    code: form.code.trim(),
    category: form.category,
    titles,
    bodies,
    images: Object.keys(images).length > 0 ? images : undefined,
    startsAt,
    endsAt,
    audience,
    trigger: form.trigger,
    minDeposit: wholes.minDeposit ?? 0,
    amount,
    wagering: { multiple: Number(form.multiple.trim().replace(',', '.')), weights },
    maxStake: wholes.maxStake ?? null,
    maxConversion: wholes.maxConversion ?? null,
    expiryHours: wholes.expiryHours ?? 0,
    onWithdrawal: form.onWithdrawal,
    stackable: form.stackable,
    perMemberLimit: wholes.perMemberLimit ?? 0,
    applicationProof: form.trigger === 'application' ? form.applicationProof : undefined,
    contactIdRequired: form.contactIdRequired || undefined,
    loss,
    raffle,
  });
  return parsed.success ? { body: parsed.data } : { problem: 'invalid' };
}

function ProofImage({ entryId, index, label }: { entryId: number; index: number; label: string }) {
  const image = useQuery({
    queryKey: ['promotion-proof', entryId, index],
    queryFn: () => operatorImage(`/promotions/entries/${entryId}/proofs/${index}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <figure className="document" data-testid="promotion-proof">
      {image.data ? <img src={image.data} alt={label} /> : <span className="muted">{label}</span>}
    </figure>
  );
}

type Editing = { before: Promotion | undefined; form: PromotionForm };
type Moving = { promotion: Promotion; action: 'pause' | 'resume' | 'end' };
type Reviewing = { entry: Entry; decision: 'approve' | 'reject' };

/**
 * Promotions (docs/promotions.md): the merchant's promotions with create, edit, pause, resume and
 * end (promotion:write), and the review queue of applications and flagged claims (approve or reject
 * with promotion:review; the proofs and the shared signals shown).
 */
export default function PromotionsSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'promotion:write') : false;
  const mayReview = operator ? mayUse(operator, 'promotion:review') : false;
  const [tab, setTab] = useState<Tab>('list');
  const [status, setStatus] = useState<string>(ALL);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [moving, setMoving] = useState<Moving | null>(null);
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);

  const promotions = useQuery({
    queryKey: ['queue', 'promotions'],
    queryFn: async () => (await adminGet<{ list: Promotion[] }>('/promotions')).list,
  });
  const entries = useQuery({
    queryKey: ['queue', 'promotion-entries', status],
    enabled: tab === 'review',
    queryFn: async () =>
      (await adminGet<{ list: Entry[] }>(`/promotions/entries${queryString({ status: status === ALL ? undefined : status })}`)).list,
  });

  const titleOf = (input: PromotionInput) =>
    (i18n.language === 'vi' ? input.titles.vi || input.titles.en : input.titles.en || input.titles.vi) ?? input.code;
  const promotionName = (id: number) => {
    const found = promotions.data?.find((p) => p.id === id);
    return found ? `${found.input.code} · ${titleOf(found.input)}` : `#${id}`;
  };
  const amount = (value: number) => new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-GB').format(value);

  const save = useDecision(
    async (value: { id: number | undefined; body: PromotionInput }) =>
      value.id === undefined ? adminCall('POST', '/promotions', value.body) : adminCall('PUT', `/promotions/${value.id}`, value.body),
    (value) => {
      setNotice(t('promotions.saved', { code: value.body.code }));
      setEditing(null);
    },
  );
  const move = useDecision(
    async (value: Moving) => adminCall('POST', `/promotions/${value.promotion.id}/${value.action}`),
    (value) => {
      setNotice(t(`promotions.moved.${value.action}`, { code: value.promotion.input.code }));
      setMoving(null);
    },
  );
  const review = useDecision(
    async (value: Reviewing & { note: string }) =>
      adminCall('POST', `/promotions/entries/${value.entry.id}/review`, { decision: value.decision, note: value.note || undefined }),
    (value) => {
      setNotice(t(value.decision === 'approve' ? 'promotions.queue.approved' : 'promotions.queue.rejected', { id: value.entry.id }));
      setReviewing(null);
    },
  );

  const open = (before?: Promotion) => {
    setFieldError(null);
    save.clearError();
    setEditing({ before, form: promotionForm(before?.input) });
  };
  const submit = () => {
    if (!editing) return;
    const checked = promotionBody(editing.form, (key) => t(`promotions.${key}`));
    if ('problem' in checked) return setFieldError(t(`promotions.problems.${checked.problem}`, checked.values));
    setFieldError(null);
    return save.run({ id: editing.before?.id, body: checked.body });
  };

  const stateBadge = (state: PromotionState) => (
    <span className={`badge${state === 'active' ? '' : ' badge--warn'}`}>{t(`promotions.states.${state}`)}</span>
  );
  const promotionColumns: Column<Promotion>[] = [
    { key: 'code', header: t('promotions.code'), cell: (p) => p.input.code },
    { key: 'title', header: t('content.title'), className: 'text', cell: (p) => titleOf(p.input) },
    { key: 'category', header: t('promotions.category'), cell: (p) => p.input.category },
    { key: 'trigger', header: t('promotions.trigger'), cell: (p) => t(`promotions.triggers.${p.input.trigger}`) },
    {
      key: 'period',
      header: t('promotions.period'),
      cell: (p) =>
        `${dateTime(p.input.startsAt, i18n.language)} – ${p.input.endsAt ? dateTime(p.input.endsAt, i18n.language) : t('promotions.noEnd')}`,
    },
    { key: 'state', header: t('promotions.state'), cell: (p) => stateBadge(p.state) },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (p) =>
        mayWrite && p.state !== 'ended' ? (
          <>
            <button type="button" className="button" onClick={() => open(p)}>
              {t('promotions.edit')}
            </button>
            <button
              type="button"
              className="button"
              disabled={move.isPending}
              onClick={() => move.run({ promotion: p, action: p.state === 'paused' ? 'resume' : 'pause' })}
            >
              {t(p.state === 'paused' ? 'promotions.resume' : 'promotions.pause')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                move.clearError();
                setMoving({ promotion: p, action: 'end' });
              }}
            >
              {t('promotions.end')}
            </button>
          </>
        ) : null,
    },
  ];
  const entryColumns: Column<Entry>[] = [
    { key: 'id', header: '#', cell: (e) => e.id },
    {
      key: 'member',
      header: t('common.member'),
      cell: (e) => <Link to={`/members/${e.memberId}`}>{e.username ?? t('promotions.queue.memberFile', { id: e.memberId })}</Link>,
    },
    { key: 'promotion', header: t('promotions.promotion'), className: 'text', cell: (e) => promotionName(e.promotionId) },
    { key: 'status', header: t('promotions.queue.status'), cell: (e) => t(`promotions.queue.statuses.${e.status}`) },
    {
      key: 'deposit',
      header: t('promotions.queue.deposit'),
      numeric: true,
      cell: (e) => (e.depositAmount === null ? '—' : amount(e.depositAmount)),
    },
    { key: 'proofs', header: t('promotions.queue.proofs'), numeric: true, cell: (e) => e.proofCount },
    { key: 'created', header: t('common.created'), cell: (e) => dateTime(e.createdAt, i18n.language) },
    { key: 'age', header: t('common.age'), cell: (e) => <SlaAge createdAt={e.createdAt} /> },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (e) =>
        mayReview ? (
          <>
            <button type="button" className="button button--primary" onClick={() => setReviewing({ entry: e, decision: 'approve' })}>
              {t('promotions.queue.approve')}
            </button>
            <button type="button" className="button button--danger" onClick={() => setReviewing({ entry: e, decision: 'reject' })}>
              {t('promotions.queue.reject')}
            </button>
          </>
        ) : null,
    },
  ];

  const setField = (name: keyof PromotionForm, value: string | boolean) =>
    setEditing((current) => (current ? { ...current, form: { ...current.form, [name]: value } } : current));
  const input = (name: keyof PromotionForm) => ({
    name,
    value: String(editing?.form[name] ?? ''),
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
  });
  const box = (name: 'firstDepositOnly' | 'stackable' | 'applicationProof' | 'contactIdRequired') => ({
    type: 'checkbox',
    name,
    checked: editing?.form[name] ?? false,
    onChange: (event: { target: { checked: boolean } }) => setField(name, event.target.checked),
  });

  return (
    <section className="section" aria-labelledby="promotions-title">
      <header className="section__head">
        <h1 id="promotions-title">{t('promotions.title')}</h1>
        {mayWrite && tab === 'list' ? (
          <button type="button" className="button button--primary" onClick={() => open()}>
            {t('promotions.add')}
          </button>
        ) : null}
      </header>
      <Tabs tabs={TABS} value={tab} label={(each) => t(`promotions.tabs.${each}`)} onChange={setTab} />
      <Notice text={notice} />
      {move.error && !moving ? (
        <p className="alert alert--error" role="alert">
          {move.error}
        </p>
      ) : null}
      {tab === 'referral' ? (
        <ReferralRulesTab mayWrite={mayWrite} />
      ) : tab === 'list' ? (
        <QueueState
          isLoading={promotions.isLoading}
          error={promotions.error}
          isEmpty={(promotions.data?.length ?? 0) === 0}
          onRetry={() => void promotions.refetch()}
        >
          <DataTable
            columns={promotionColumns}
            rows={[...(promotions.data ?? [])].reverse()}
            rowKey={(p) => p.id}
            rowTestId={(p) => `promotion-${p.input.code}`}
          />
        </QueueState>
      ) : (
        <>
          <div className="filters">
            <SelectFilter
              label={t('promotions.queue.status')}
              name="status"
              value={status}
              options={[ALL, 'pending', 'flagged']}
              optionLabel={(each) => (each === ALL ? t('common.all') : t(`promotions.queue.statuses.${each}`))}
              onChange={setStatus}
            />
          </div>
          <QueueState
            isLoading={entries.isLoading}
            error={entries.error}
            isEmpty={(entries.data?.length ?? 0) === 0}
            onRetry={() => void entries.refetch()}
          >
            <p className="total">{t('common.total', { count: entries.data?.length ?? 0 })}</p>
            <DataTable
              columns={entryColumns}
              rows={[...(entries.data ?? [])].reverse()}
              rowKey={(e) => e.id}
              rowTestId={(e) => `promotion-entry-${e.id}`}
            />
          </QueueState>
        </>
      )}

      {editing ? (
        <DecisionDialog
          title={editing.before ? t('promotions.editTitle', { code: editing.before.input.code }) : t('promotions.addTitle')}
          hint={t('promotions.formHint')}
          submitLabel={t('promotions.save')}
          error={fieldError ?? save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          <label className="field">
            {t('promotions.code')}
            <input {...input('code')} autoComplete="off" maxLength={40} />
          </label>
          <label className="field">
            {t('promotions.category')}
            <select {...input('category')}>
              {PROMOTION_CATEGORIES.map((each) => (
                <option key={each} value={each}>
                  {each}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            {t('promotions.titleVi')}
            <input {...input('titleVi')} maxLength={120} />
          </label>
          <label className="field">
            {t('promotions.bodyVi')}
            <textarea {...input('bodyVi')} rows={3} />
          </label>
          <label className="field">
            {t('promotions.titleEn')}
            <input {...input('titleEn')} maxLength={120} />
          </label>
          <label className="field">
            {t('promotions.bodyEn')}
            <textarea {...input('bodyEn')} rows={3} />
          </label>
          <ImageField
            label={t('promotions.imageVi')}
            name="imageVi"
            value={editing.form.imageVi}
            onChange={(address) => setField('imageVi', address)}
            placeholder="/promotions/… hoặc https://…"
          />
          <ImageField
            label={t('promotions.imageEn')}
            name="imageEn"
            value={editing.form.imageEn}
            onChange={(address) => setField('imageEn', address)}
            placeholder="/promotions/… or https://…"
          />
          <label className="field">
            {t('promotions.startsAt')}
            <input {...input('startsAt')} type="datetime-local" />
          </label>
          <label className="field">
            {t('promotions.endsAt')}
            <input {...input('endsAt')} type="datetime-local" />
          </label>
          <fieldset className="fieldset">
            <legend>{t('promotions.audience')}</legend>
            <label className="field">
              {t('promotions.vipLevels')}
              <input {...input('vipLevels')} autoComplete="off" />
            </label>
            <label className="field">
              {t('promotions.labels')}
              <input {...input('labels')} autoComplete="off" />
            </label>
            <label className="field">
              {t('promotions.newMemberDays')}
              <input {...input('newMemberDays')} inputMode="numeric" />
            </label>
            <label className="field">
              {t('promotions.downlineOf')}
              <input {...input('downlineOf')} inputMode="numeric" />
            </label>
            <label className="check">
              <input {...box('firstDepositOnly')} />
              {t('promotions.firstDepositOnly')}
            </label>
          </fieldset>
          <label className="field">
            {t('promotions.trigger')}
            <select {...input('trigger')}>
              {PROMOTION_TRIGGERS.map((each) => (
                <option key={each} value={each}>
                  {t(`promotions.triggers.${each}`)}
                </option>
              ))}
            </select>
          </label>
          {editing.form.trigger === 'loss_period' ? (
            <fieldset className="fieldset" data-testid="promotion-loss-rule">
              <legend>{t('promotions.loss.title')}</legend>
              <label className="field">
                {t('promotions.lossPeriod')}
                <select {...input('lossPeriod')}>
                  {LOSS_PERIODS.map((each) => (
                    <option key={each} value={each}>
                      {t(`promotions.lossPeriods.${each}`)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                {t('promotions.minLoss')}
                <input {...input('minLoss')} inputMode="numeric" />
              </label>
              <label className="field">
                {t('promotions.lossMode')}
                <select {...input('lossMode')}>
                  <option value="auto">{t('promotions.lossModes.auto')}</option>
                  <option value="claim">{t('promotions.lossModes.claim')}</option>
                </select>
              </label>
            </fieldset>
          ) : null}
          {editing.form.trigger === 'raffle' ? (
            <fieldset className="fieldset" data-testid="promotion-raffle-rule">
              <legend>{t('promotions.raffle.title')}</legend>
              <label className="field">
                {t('promotions.ticketTurnover')}
                <input {...input('ticketTurnover')} inputMode="numeric" />
              </label>
              <label className="field">
                {t('promotions.ticketsMax')}
                <input {...input('ticketsMax')} inputMode="numeric" />
              </label>
              <label className="field">
                {t('promotions.drawAt')}
                <input {...input('drawAt')} type="datetime-local" />
              </label>
              <label className="field">
                {t('promotions.prizes')}
                <textarea {...input('prizes')} rows={3} />
              </label>
              <p className="muted">{t('promotions.raffle.hint')}</p>
            </fieldset>
          ) : null}
          {editing.form.trigger === 'application' ? (
            <label className="check">
              <input {...box('applicationProof')} />
              {t('promotions.applicationProof')}
            </label>
          ) : null}
          {editing.form.trigger === 'first_deposit' || editing.form.trigger === 'reload_deposit' ? (
            // Other triggers keep the stored value (sent back as it was) without showing it.
            <label className="field">
              {t('promotions.minDeposit')}
              <input {...input('minDeposit')} inputMode="numeric" />
            </label>
          ) : null}
          {editing.form.trigger === 'raffle' ? null : (
            <>
              <label className="field">
                {t('promotions.amountKind')}
                <select {...input('amountKind')}>
                  {AMOUNT_KINDS.map((each) => (
                    <option key={each} value={each}>
                      {t(`promotions.amountKinds.${each}`)}
                    </option>
                  ))}
                </select>
              </label>
              {editing.form.amountKind === 'fixed' ? (
                <label className="field">
                  {t('promotions.fixedValue')}
                  <input {...input('fixedValue')} inputMode="numeric" />
                </label>
              ) : editing.form.amountKind === 'percent' ? (
                <>
                  <label className="field">
                    {t(editing.form.trigger === 'loss_period' ? 'promotions.lossPercent' : 'promotions.percent')}
                    <input {...input('percent')} inputMode="decimal" />
                  </label>
                  <label className="field">
                    {t('promotions.cap')}
                    <input {...input('cap')} inputMode="numeric" />
                  </label>
                </>
              ) : (
                <label className="field">
                  {t(editing.form.trigger === 'loss_period' ? 'promotions.lossTiers' : 'promotions.tiers')}
                  <textarea {...input('tiers')} rows={3} />
                </label>
              )}
            </>
          )}
          <fieldset className="fieldset">
            <legend>{t('promotions.wagering')}</legend>
            <label className="field">
              {t('promotions.multiple')}
              <input {...input('multiple')} inputMode="decimal" />
            </label>
            <p className="muted">{t('promotions.weights')}</p>
            <div className="weights">
              {GAME_CATEGORIES.map((category) => (
                <label key={category} className="field">
                  {category}
                  <input
                    name={`weight-${category}`}
                    inputMode="numeric"
                    value={editing.form.weights[category] ?? ''}
                    onChange={(event) =>
                      setEditing((current) =>
                        current
                          ? { ...current, form: { ...current.form, weights: { ...current.form.weights, [category]: event.target.value } } }
                          : current,
                      )
                    }
                  />
                </label>
              ))}
            </div>
          </fieldset>
          <label className="field">
            {t('promotions.maxStake')}
            <input {...input('maxStake')} inputMode="numeric" />
          </label>
          <label className="field">
            {t('promotions.maxConversion')}
            <input {...input('maxConversion')} inputMode="numeric" />
          </label>
          <label className="field">
            {t('promotions.expiryHours')}
            <input {...input('expiryHours')} inputMode="numeric" />
          </label>
          <label className="field">
            {t('promotions.onWithdrawal')}
            <select {...input('onWithdrawal')}>
              <option value="block">{t('promotions.onWithdrawals.block')}</option>
              <option value="forfeit">{t('promotions.onWithdrawals.forfeit')}</option>
            </select>
          </label>
          <label className="check">
            <input {...box('stackable')} />
            {t('promotions.stackable')}
          </label>
          <label className="field">
            {t('promotions.perMemberLimit')}
            <input {...input('perMemberLimit')} inputMode="numeric" />
          </label>
          <label className="check">
            <input {...box('contactIdRequired')} />
            {t('promotions.contactIdRequired')}
          </label>
        </DecisionDialog>
      ) : null}

      {moving ? (
        <ReasonDialog
          title={t('promotions.endTitle', { code: moving.promotion.input.code })}
          hint={t('promotions.endHint')}
          submitLabel={t('promotions.end')}
          tone="danger"
          decision={move}
          onConfirm={() => move.run(moving)}
          onClose={() => setMoving(null)}
        />
      ) : null}

      {reviewing ? (
        <ReasonDialog
          title={t(reviewing.decision === 'approve' ? 'promotions.queue.approveTitle' : 'promotions.queue.rejectTitle', {
            id: reviewing.entry.id,
            promotion: promotionName(reviewing.entry.promotionId),
          })}
          hint={reviewing.decision === 'approve' ? t('promotions.queue.approveHint') : undefined}
          submitLabel={t(`promotions.queue.${reviewing.decision}`)}
          tone={reviewing.decision === 'approve' ? 'primary' : 'danger'}
          decision={review}
          text={reviewing.decision === 'reject' ? 'required' : 'optional'}
          textLabel={reviewing.decision === 'reject' ? t('common.reason') : t('common.note')}
          onConfirm={(note) => review.run({ ...reviewing, note })}
          onClose={() => setReviewing(null)}
        >
          <dl className="facts">
            <div>
              <dt>{t('common.member')}</dt>
              <dd>{reviewing.entry.username ?? t('promotions.queue.memberFile', { id: reviewing.entry.memberId })}</dd>
            </div>
            <div>
              <dt>{t('promotions.queue.comment')}</dt>
              <dd>{reviewing.entry.comment ?? t('promotions.queue.noComment')}</dd>
            </div>
            {reviewing.entry.flags.length > 0 ? (
              <div>
                <dt>{t('promotions.queue.flags')}</dt>
                <dd>{reviewing.entry.flags.map((flag) => t(`promotions.queue.flag.${flag}`, { defaultValue: flag })).join(', ')}</dd>
              </div>
            ) : null}
          </dl>
          {reviewing.entry.proofCount > 0 ? (
            <div className="documents">
              {Array.from({ length: reviewing.entry.proofCount }, (_, index) => (
                <ProofImage
                  // biome-ignore lint/suspicious/noArrayIndexKey: the proofs are addressed by their index
                  key={index}
                  entryId={reviewing.entry.id}
                  index={index}
                  label={t('promotions.queue.proof', { n: index + 1 })}
                />
              ))}
            </div>
          ) : (
            <p className="muted">{t('promotions.queue.noProof')}</p>
          )}
        </ReasonDialog>
      ) : null}
    </section>
  );
}
