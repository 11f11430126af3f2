import {
  MALL_ITEM_KINDS,
  MALL_ORDER_STATUSES,
  type MallItemInput,
  type MallOrderStatusName,
  mallItemInputSchema,
} from '@platform/contracts/points';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, PagedTable, Tabs } from '../components/data-table.tsx';
import { ImageField } from '../components/image-field.tsx';
import { DecisionDialog, Notice, QueueState, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { wholeText } from '../components/reward-fields.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { gameCategoriesEn, gameCategoriesVi, gameCategoriesZh } from '../i18n/game-categories.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { loyaltyEn, loyaltyVi, loyaltyZh } from '../i18n/loyalty.ts';
import { amountOf, dateTime, money } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';
import { EarningRulesTab } from './earning-rules.tsx';

addSectionTexts('loyalty', { vi: loyaltyVi, en: loyaltyEn, zh: loyaltyZh });
addSectionTexts('gameCategories', { vi: gameCategoriesVi, en: gameCategoriesEn, zh: gameCategoriesZh });

type Item = { id: number; input: MallItemInput; redeemedCount: number; updatedAt: string };
type Order = {
  id: number;
  transactionNo: string;
  type: MallItemInput['kind'];
  productName: string;
  quantity: number;
  pointsNeeded: number;
  amount: number | null;
  currency: string;
  status: MallOrderStatusName;
  time: string;
  remark: string | null;
  memberId: number;
  username: string;
  address: string | null;
  mobile: string | null;
};

const TABS = ['orders', 'items', 'rules'] as const;
type Tab = (typeof TABS)[number];

/** The item form as typed. */
export type ItemForm = {
  kind: MallItemInput['kind'];
  nameVi: string;
  nameEn: string;
  descriptionVi: string;
  descriptionEn: string;
  imageUrl: string;
  pointsCost: string;
  cashAmount: string;
  promotionId: string;
  stock: string;
  limitPerMember: string;
  isEnabled: boolean;
  sortOrder: string;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function itemForm(item?: MallItemInput): ItemForm {
  return {
    kind: item?.kind ?? 'gift',
    nameVi: item?.names.vi ?? '',
    nameEn: item?.names.en ?? '',
    descriptionVi: item?.descriptions.vi ?? '',
    descriptionEn: item?.descriptions.en ?? '',
    imageUrl: item?.imageUrl ?? '',
    pointsCost: text(item?.pointsCost),
    cashAmount: text(item?.cashAmount),
    promotionId: text(item?.promotionId),
    stock: text(item?.stock),
    limitPerMember: text(item?.limitPerMember),
    isEnabled: item?.isEnabled ?? true,
    sortOrder: text(item?.sortOrder ?? 0),
  };
}

/**
 * The item to send, or the first problem (a key under `loyalty.items.problems`). Other languages'
 * names and descriptions the item already has are kept.
 */
export function itemBody(form: ItemForm, before?: MallItemInput): { body: MallItemInput } | { problem: string } {
  const optional = (value: string) => (value.trim() === '' ? null : amountOf(value));
  const names = { ...before?.names, vi: form.nameVi.trim(), en: form.nameEn.trim() };
  const descriptions = { ...before?.descriptions, vi: form.descriptionVi.trim(), en: form.descriptionEn.trim() };
  for (const texts of [names, descriptions]) {
    for (const language of ['vi', 'en'] as const) if (texts[language] === '') delete texts[language];
  }
  if (!names.vi && !names.en) return { problem: 'name' };
  const pointsCost = amountOf(form.pointsCost);
  if (!(pointsCost >= 1)) return { problem: 'pointsCost' };
  const gamePoints = form.kind === 'game_points';
  const cashAmount = gamePoints ? amountOf(form.cashAmount) : null;
  if (gamePoints && !((cashAmount ?? 0) >= 1)) return { problem: 'cashAmount' };
  const promotionId = gamePoints ? optional(form.promotionId) : null;
  if (promotionId !== null && !(promotionId >= 1)) return { problem: 'promotion' };
  const stock = optional(form.stock);
  if ((stock === null && !gamePoints) || Number.isNaN(stock)) return { problem: 'stock' };
  const limitPerMember = optional(form.limitPerMember);
  if (limitPerMember !== null && !(limitPerMember >= 1 && limitPerMember <= 1_000)) return { problem: 'limit' };
  const sortOrder = form.sortOrder.trim() === '' ? 0 : amountOf(form.sortOrder);
  const body = {
    kind: form.kind,
    names,
    descriptions,
    imageUrl: form.imageUrl.trim() === '' ? null : form.imageUrl.trim(),
    pointsCost,
    cashAmount,
    promotionId,
    stock,
    limitPerMember,
    isEnabled: form.isEnabled,
    sortOrder,
  };
  const checked = mallItemInputSchema.safeParse(body);
  if (!checked.success) {
    const field = String(checked.error.issues[0]?.path[0] ?? '');
    return { problem: field === 'imageUrl' ? 'image' : field === 'sortOrder' ? 'sortOrder' : field === 'stock' ? 'stock' : 'pointsCost' };
  }
  return { body: checked.data };
}

/** A typed stock change: a whole number, + or −, not 0. */
export function stockDeltaOf(typed: string): number {
  const trimmed = typed.trim().replace(/^\+/, '');
  const negative = trimmed.startsWith('-') || trimmed.startsWith('−');
  const size = amountOf(negative ? trimmed.slice(1) : trimmed);
  if (!(size >= 1 && size <= 1_000_000)) return Number.NaN;
  return negative ? -size : size;
}

/**
 * The points mall (`point-mall:read`): the gift orders to deliver (fulfil, or reject with a reason:
 * the member gets the points back), the items (new, edit, stock in and out; `point-mall:write`) and
 * the earning rules. Fulfilling and rejecting need `point-mall:fulfil`.
 */
export default function PointMallSection() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('orders');
  return (
    <section className="section" aria-labelledby="point-mall-title">
      <header className="section__head">
        <h1 id="point-mall-title">{t('loyalty.mall.title')}</h1>
      </header>
      <Tabs tabs={TABS} value={tab} onChange={setTab} label={(key) => t(`loyalty.mall.tabs.${key}`)} />
      {tab === 'orders' ? <OrdersTab /> : tab === 'items' ? <ItemsTab /> : <EarningRulesTab />}
    </section>
  );
}

function OrdersTab() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const operator = useSession()?.admin;
  const mayFulfil = operator ? mayUse(operator, 'point-mall:fulfil') : false;
  const [status, setStatus] = useState<MallOrderStatusName>('processing');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ action: 'fulfil' | 'reject'; order: Order } | null>(null);
  const queue = useQueuePage<Order>('point-mall', `/point-mall/orders${queryString({ status, pageNo: page, pageSize: PAGE_SIZE })}`);
  const decision = useDecision(
    (value: { action: 'fulfil' | 'reject'; order: Order; remark: string }) =>
      adminCall('POST', `/point-mall/orders/${value.order.id}/${value.action}`, value.remark === '' ? {} : { remark: value.remark }),
    (value) => {
      setNotice(t(value.action === 'fulfil' ? 'loyalty.orders.fulfilled' : 'loyalty.orders.rejected', { no: value.order.transactionNo }));
      setDialog(null);
    },
  );
  const columns: Column<Order>[] = [
    { key: 'no', header: t('loyalty.orders.no'), cell: (o) => o.transactionNo },
    { key: 'member', header: t('common.member'), cell: (o) => o.username },
    {
      key: 'product',
      header: t('loyalty.orders.product'),
      cell: (o) => `${o.productName} × ${o.quantity}${o.amount === null ? '' : ` · ${money(o.amount, o.currency, language)}`}`,
    },
    { key: 'points', header: t('loyalty.orders.points'), numeric: true, cell: (o) => wholeText(o.pointsNeeded, language) },
    {
      key: 'delivery',
      header: t('loyalty.orders.delivery'),
      cell: (o) => (o.address || o.mobile ? `${o.address ?? ''}${o.mobile ? ` · ${o.mobile}` : ''}` : '—'),
    },
    { key: 'time', header: t('common.created'), cell: (o) => dateTime(o.time, language) },
    status === 'processing'
      ? { key: 'age', header: t('common.age'), cell: (o) => <SlaAge createdAt={o.time} /> }
      : { key: 'remark', header: t('loyalty.orders.remark'), cell: (o) => o.remark ?? '—' },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (o) =>
        mayFulfil && o.status === 'processing' ? (
          <div className="actions">
            <button type="button" className="button button--primary" onClick={() => setDialog({ action: 'fulfil', order: o })}>
              {t('loyalty.orders.fulfil')}
            </button>
            <button type="button" className="button button--danger" onClick={() => setDialog({ action: 'reject', order: o })}>
              {t('loyalty.orders.reject')}
            </button>
          </div>
        ) : null,
    },
  ];
  return (
    <>
      <Tabs
        tabs={MALL_ORDER_STATUSES}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
          setNotice(null);
        }}
        label={(key) => t(`loyalty.orders.statuses.${key}`)}
      />
      <Notice text={notice} />
      <PagedTable
        query={queue}
        page={page}
        onPage={setPage}
        columns={columns}
        rowKey={(o) => o.id}
        rowTestId={(o) => `mall-order-${o.id}`}
      />
      {dialog ? (
        <ReasonDialog
          title={t(dialog.action === 'fulfil' ? 'loyalty.orders.fulfilTitle' : 'loyalty.orders.rejectTitle', {
            no: dialog.order.transactionNo,
          })}
          hint={t(dialog.action === 'fulfil' ? 'loyalty.orders.fulfilHint' : 'loyalty.orders.rejectHint', {
            points: wholeText(dialog.order.pointsNeeded, language),
            member: dialog.order.username,
          })}
          submitLabel={t(dialog.action === 'fulfil' ? 'loyalty.orders.fulfil' : 'loyalty.orders.reject')}
          tone={dialog.action === 'fulfil' ? 'primary' : 'danger'}
          decision={decision}
          text={dialog.action === 'fulfil' ? 'optional' : 'required'}
          textLabel={dialog.action === 'fulfil' ? t('loyalty.orders.remark') : t('common.reason')}
          textName="remark"
          onConfirm={(remark) => decision.run({ action: dialog.action, order: dialog.order, remark })}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}

function ItemsTab() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'point-mall:write') : false;
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ item: Item | null; form: ItemForm } | null>(null);
  const [stocking, setStocking] = useState<{ item: Item; delta: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const items = useQuery({
    queryKey: ['point-mall', 'items'],
    queryFn: async () => (await adminGet<{ list: Item[] }>('/point-mall/items')).list,
  });
  const save = useDecision(
    (value: { id: number | null; body: MallItemInput }) =>
      value.id === null
        ? adminCall('POST', '/point-mall/items', value.body)
        : adminCall('PUT', `/point-mall/items/${value.id}`, value.body),
    () => {
      setNotice(t('loyalty.items.saved'));
      setEditing(null);
      void items.refetch();
    },
  );
  const stock = useDecision(
    (value: { id: number; delta: number }) => adminCall('POST', `/point-mall/items/${value.id}/stock`, { delta: value.delta }),
    () => {
      setNotice(t('loyalty.items.stockSaved'));
      setStocking(null);
      void items.refetch();
    },
  );
  const nameOf = (item: Item) => item.input.names[language] ?? item.input.names.en ?? item.input.names.vi ?? String(item.id);
  const columns: Column<Item>[] = [
    { key: 'name', header: t('loyalty.items.name'), cell: nameOf },
    { key: 'kind', header: t('loyalty.items.kind'), cell: (item) => t(`loyalty.items.kinds.${item.input.kind}`) },
    { key: 'cost', header: t('loyalty.items.pointsCost'), numeric: true, cell: (item) => wholeText(item.input.pointsCost, language) },
    {
      key: 'gives',
      header: t('loyalty.items.gives'),
      cell: (item) =>
        item.input.cashAmount === null
          ? t('loyalty.items.delivered')
          : `${wholeText(item.input.cashAmount, language)}${item.input.promotionId ? ` · ${t('loyalty.items.withWagering', { id: item.input.promotionId })}` : ''}`,
    },
    {
      key: 'stock',
      header: t('loyalty.items.stock'),
      numeric: true,
      cell: (item) => (item.input.stock === null ? t('loyalty.items.noLimit') : wholeText(item.input.stock, language)),
    },
    {
      key: 'limit',
      header: t('loyalty.items.limit'),
      numeric: true,
      cell: (item) => (item.input.limitPerMember === null ? t('loyalty.items.noLimit') : item.input.limitPerMember),
    },
    { key: 'redeemed', header: t('loyalty.items.redeemed'), numeric: true, cell: (item) => wholeText(item.redeemedCount, language) },
    {
      key: 'state',
      header: t('loyalty.state'),
      cell: (item) =>
        item.input.isEnabled ? (
          <span className="badge badge--ok">{t('loyalty.on')}</span>
        ) : (
          <span className="badge">{t('loyalty.off')}</span>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (item) =>
        mayWrite ? (
          <div className="actions">
            <button type="button" className="button" onClick={() => openEdit(item)}>
              {t('loyalty.edit')}
            </button>
            {item.input.stock === null ? null : (
              <button
                type="button"
                className="button"
                onClick={() => {
                  stock.clearError();
                  setProblem(null);
                  setStocking({ item, delta: '' });
                }}
              >
                {t('loyalty.items.changeStock')}
              </button>
            )}
          </div>
        ) : null,
    },
  ];

  function openEdit(item: Item | null) {
    save.clearError();
    setProblem(null);
    setEditing({ item, form: itemForm(item?.input) });
  }
  function submit() {
    if (!editing) return;
    const checked = itemBody(editing.form, editing.item?.input);
    if ('problem' in checked) return setProblem(t(`loyalty.items.problems.${checked.problem}`));
    setProblem(null);
    save.run({ id: editing.item?.id ?? null, body: checked.body });
  }
  const set = (name: keyof ItemForm) => (event: { target: { value: string } }) =>
    setEditing((current) => (current ? { ...current, form: { ...current.form, [name]: event.target.value } } : current));
  const input = (name: keyof ItemForm, label: string, hint?: string, numeric = false) => (
    <label className="field">
      {label}
      <input
        name={name}
        value={String(editing?.form[name] ?? '')}
        onChange={set(name)}
        autoComplete="off"
        inputMode={numeric ? 'numeric' : undefined}
      />
      {hint ? <span className="muted">{hint}</span> : null}
    </label>
  );

  return (
    <>
      {mayWrite ? (
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => openEdit(null)}>
            {t('loyalty.items.add')}
          </button>
        </div>
      ) : null}
      <p className="muted">{t('loyalty.items.intro')}</p>
      <Notice text={notice} />
      <QueueState
        isLoading={items.isLoading}
        error={items.error}
        isEmpty={(items.data?.length ?? 0) === 0}
        emptyText={t('loyalty.items.empty')}
        onRetry={() => void items.refetch()}
      >
        <DataTable columns={columns} rows={items.data ?? []} rowKey={(item) => item.id} rowTestId={(item) => `mall-item-${item.id}`} />
      </QueueState>
      {editing ? (
        <DecisionDialog
          title={editing.item ? t('loyalty.items.editTitle', { name: nameOf(editing.item) }) : t('loyalty.items.addTitle')}
          submitLabel={t('loyalty.save')}
          error={problem ?? save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          <label className="field">
            {t('loyalty.items.kind')}
            <select name="kind" value={editing.form.kind} onChange={set('kind')} disabled={editing.item !== null}>
              {MALL_ITEM_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`loyalty.items.kinds.${kind}`)}
                </option>
              ))}
            </select>
          </label>
          {input('nameVi', t('loyalty.items.nameVi'))}
          {input('nameEn', t('loyalty.items.nameEn'))}
          {input('descriptionVi', t('loyalty.items.descriptionVi'))}
          {input('descriptionEn', t('loyalty.items.descriptionEn'))}
          <ImageField
            label={t('loyalty.items.image')}
            name="imageUrl"
            value={editing.form.imageUrl}
            onChange={(address) => set('imageUrl')({ target: { value: address } })}
            hint={t('loyalty.items.imageHint')}
          />
          {input('pointsCost', t('loyalty.items.pointsCost'), undefined, true)}
          {editing.form.kind === 'game_points' ? (
            <>
              {input('cashAmount', t('loyalty.items.cashAmount'), t('loyalty.items.cashAmountHint'), true)}
              {input('promotionId', t('loyalty.items.promotion'), t('loyalty.items.promotionHint'), true)}
            </>
          ) : null}
          {editing.item === null
            ? input(
                'stock',
                t('loyalty.items.stock'),
                t(editing.form.kind === 'gift' ? 'loyalty.items.stockHintGift' : 'loyalty.items.stockHint'),
                true,
              )
            : null}
          {input('limitPerMember', t('loyalty.items.limit'), t('loyalty.items.limitHint'), true)}
          {input('sortOrder', t('loyalty.items.sortOrder'), undefined, true)}
          <label className="check">
            <input
              type="checkbox"
              name="isEnabled"
              checked={editing.form.isEnabled}
              onChange={(event) =>
                setEditing((current) => (current ? { ...current, form: { ...current.form, isEnabled: event.target.checked } } : current))
              }
            />
            {t('loyalty.items.enabled')}
          </label>
        </DecisionDialog>
      ) : null}
      {stocking ? (
        <DecisionDialog
          title={t('loyalty.items.stockTitle', { name: nameOf(stocking.item), stock: stocking.item.input.stock ?? 0 })}
          hint={t('loyalty.items.stockChangeHint')}
          submitLabel={t('loyalty.save')}
          error={problem ?? stock.error}
          isPending={stock.isPending}
          onSubmit={() => {
            const delta = stockDeltaOf(stocking.delta);
            if (Number.isNaN(delta)) return setProblem(t('loyalty.items.problems.delta'));
            if ((stocking.item.input.stock ?? 0) + delta < 0) return setProblem(t('loyalty.items.problems.belowZero'));
            setProblem(null);
            stock.run({ id: stocking.item.id, delta });
          }}
          onClose={() => setStocking(null)}
        >
          <label className="field">
            {t('loyalty.items.delta')}
            <input
              name="delta"
              value={stocking.delta}
              autoComplete="off"
              onChange={(event) => setStocking((current) => (current ? { ...current, delta: event.target.value } : current))}
            />
          </label>
        </DecisionDialog>
      ) : null}
    </>
  );
}
