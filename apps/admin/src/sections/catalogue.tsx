import { type AdminVendorPatch, GAME_CATEGORIES, type GameCategory } from '@platform/contracts/games';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, PagedTable, SelectFilter, Tabs, TextFilter } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { gameCategoriesEn, gameCategoriesVi, gameCategoriesZh } from '../i18n/game-categories.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { mayUse } from '../lib/sections.ts';
import { CatalogueImport, GameImageDialog } from './catalogue-import.tsx';

addSectionTexts('gameCategories', { vi: gameCategoriesVi, en: gameCategoriesEn, zh: gameCategoriesZh });

const TABS = ['vendors', 'games', 'import'] as const;
type Tab = (typeof TABS)[number];
const ALL = 'all';
const FLAGS = [ALL, 'true', 'false'] as const;

/** What the vendors and games lists share: the switches an operator changes. */
type Switches = {
  isEnabled: boolean;
  isHot: boolean;
  isMaintenance: boolean;
  maintenanceMessage: Record<string, string>;
  sort: number;
};
type Vendor = Switches & { code: string; displayName: string; categories: string[]; walletStyle: string; gameCount: number };
type Game = Switches & {
  nodeId: number;
  gameCode: string;
  vendor: string;
  gameType: string;
  name: Record<string, string>;
  imageUrl: string;
};

type Form = {
  isEnabled: boolean;
  isHot: boolean;
  isMaintenance: boolean;
  messageVi: string;
  messageEn: string;
  sort: string;
  /** A game's category (the lobby's tab); '' for a vendor. */
  category: string;
};
type Patch = AdminVendorPatch & { category?: GameCategory };
const formOf = (item: Switches & { gameType?: string }): Form => ({
  category: item.gameType ?? '',
  isEnabled: item.isEnabled,
  isHot: item.isHot,
  isMaintenance: item.isMaintenance,
  messageVi: item.maintenanceMessage.vi ?? '',
  messageEn: item.maintenanceMessage.en ?? '',
  sort: String(item.sort),
});

/** Only the fields the operator changed (the server refuses an empty patch); null when the order is not a whole number. */
export function patchOf(before: Switches & { gameType?: string }, form: Form): Patch | null {
  if (!/^-?[0-9]{1,7}$/.test(form.sort.trim()) || Math.abs(Number(form.sort)) > 1_000_000) return null;
  const patch: Patch = {};
  if (before.gameType !== undefined && form.category !== before.gameType) patch.category = form.category as GameCategory;
  if (form.isEnabled !== before.isEnabled) patch.isEnabled = form.isEnabled;
  if (form.isHot !== before.isHot) patch.isHot = form.isHot;
  if (form.isMaintenance !== before.isMaintenance) patch.isMaintenance = form.isMaintenance;
  const message = { vi: form.messageVi.trim(), en: form.messageEn.trim() };
  if (message.vi !== (before.maintenanceMessage.vi ?? '') || message.en !== (before.maintenanceMessage.en ?? '')) {
    patch.maintenanceMessage = Object.fromEntries(Object.entries(message).filter(([, text]) => text !== ''));
  }
  if (Number(form.sort) !== before.sort) patch.sort = Number(form.sort);
  return patch;
}

function States({ item }: { item: Switches }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={`badge${item.isEnabled ? '' : ' badge--warn'}`}>{t(item.isEnabled ? 'catalogue.on' : 'catalogue.off')}</span>
      {item.isMaintenance ? <span className="badge badge--warn">{t('catalogue.maintenance')}</span> : null}
      {item.isHot ? <span className="badge">{t('catalogue.hot')}</span> : null}
    </>
  );
}

/**
 * The games catalogue: vendors and their games, each switched on or off, into or out of
 * maintenance (with the message players read), marked hot, and ordered. Risk and administrators
 * change them (game:write); the server audits each change and the player lobby follows at once.
 */
export default function CatalogueSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'game:write') : false;
  const [tab, setTab] = useState<Tab>('vendors');
  const [vendor, setVendor] = useState<string>(ALL);
  const [category, setCategory] = useState<string>(ALL);
  const [enabled, setEnabled] = useState<(typeof FLAGS)[number]>(ALL);
  const [maintenance, setMaintenance] = useState<(typeof FLAGS)[number]>(ALL);
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{
    kind: 'vendor' | 'game';
    key: string;
    label: string;
    before: Switches & { gameType?: string };
    form: Form;
  } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [imageOf, setImageOf] = useState<{ nodeId: number; label: string; imageUrl: string } | null>(null);

  const vendors = useQuery({ queryKey: ['queue', 'catalogue-vendors'], queryFn: () => adminGet<Vendor[]>('/games/vendors') });
  const games = useQueuePage<Game>(
    'catalogue-games',
    `/games${queryString({
      vendor: vendor === ALL ? undefined : vendor,
      gameType: category === ALL ? undefined : category,
      gameName: name || undefined,
      isEnabled: enabled === ALL ? undefined : enabled,
      isMaintenance: maintenance === ALL ? undefined : maintenance,
      pageNo: page,
      pageSize: PAGE_SIZE,
    })}`,
  );
  const save = useDecision(
    async (value: { kind: 'vendor' | 'game'; key: string; label: string; patch: Patch }) =>
      adminCall('PATCH', value.kind === 'vendor' ? `/games/vendors/${value.key}` : `/games/${value.key}`, value.patch),
    (value) => {
      setNotice(t('catalogue.saved', { name: value.label }));
      setEditing(null);
    },
  );
  const nameOf = (names: Record<string, string>, fallback: string) => names[i18n.language] ?? names.en ?? names.vi ?? fallback;
  const edit = (kind: 'vendor' | 'game', key: string, label: string, item: Switches) => {
    setFieldError(null);
    save.clearError();
    setEditing({ kind, key, label, before: item, form: formOf(item) });
  };
  const editButton = (kind: 'vendor' | 'game', key: string, label: string, item: Switches) =>
    mayWrite ? (
      <button type="button" className="button" onClick={() => edit(kind, key, label, item)}>
        {t('catalogue.edit')}
      </button>
    ) : null;

  const vendorColumns: Column<Vendor>[] = [
    {
      key: 'vendor',
      header: t('catalogue.vendor'),
      cell: (v) => (
        <>
          <strong>{v.displayName}</strong> <span className="muted">{v.code}</span>
        </>
      ),
    },
    { key: 'categories', header: t('catalogue.categories'), className: 'text', cell: (v) => v.categories.join(', ') },
    { key: 'wallet', header: t('catalogue.wallet'), cell: (v) => t(`catalogue.wallets.${v.walletStyle}`) },
    { key: 'games', header: t('catalogue.games'), numeric: true, cell: (v) => v.gameCount },
    { key: 'sort', header: t('catalogue.sort'), numeric: true, cell: (v) => v.sort },
    { key: 'state', header: t('common.status'), cell: (v) => <States item={v} /> },
    { key: 'actions', header: t('common.actions'), actions: true, cell: (v) => editButton('vendor', v.code, v.displayName, v) },
  ];
  const gameColumns: Column<Game>[] = [
    {
      key: 'game',
      header: t('catalogue.game'),
      cell: (g) => (
        <>
          <strong>{nameOf(g.name, g.gameCode)}</strong> <span className="muted">{g.gameCode}</span>
        </>
      ),
    },
    { key: 'vendor', header: t('catalogue.vendor'), cell: (g) => g.vendor },
    { key: 'category', header: t('catalogue.category'), cell: (g) => t(`gameCategories.${g.gameType}`, { defaultValue: g.gameType }) },
    { key: 'sort', header: t('catalogue.sort'), numeric: true, cell: (g) => g.sort },
    { key: 'state', header: t('common.status'), cell: (g) => <States item={g} /> },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (g) => (
        <>
          {editButton('game', String(g.nodeId), nameOf(g.name, g.gameCode), g)}{' '}
          {mayWrite ? (
            <button
              type="button"
              className="button"
              onClick={() => setImageOf({ nodeId: g.nodeId, label: nameOf(g.name, g.gameCode), imageUrl: g.imageUrl })}
            >
              {t('catalogueImport.image')}
            </button>
          ) : null}
        </>
      ),
    },
  ];

  const submit = () => {
    if (!editing) return;
    const patch = patchOf(editing.before, editing.form);
    if (!patch) return setFieldError(t('catalogue.sortFormat'));
    if (Object.keys(patch).length === 0) return setFieldError(t('catalogue.nothingChanged'));
    setFieldError(null);
    return save.run({ kind: editing.kind, key: editing.key, label: editing.label, patch });
  };
  const setForm = (name: keyof Form, value: string | boolean) =>
    setEditing((current) => (current ? { ...current, form: { ...current.form, [name]: value } } : current));
  const resetPage =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  return (
    <section className="section" aria-labelledby="catalogue-title">
      <header className="section__head">
        <h1 id="catalogue-title">{t('catalogue.title')}</h1>
      </header>
      <p className="muted">{t('catalogue.intro')}</p>
      <Tabs
        tabs={mayWrite ? TABS : TABS.filter((each) => each !== 'import')}
        value={tab}
        label={(each) => (each === 'import' ? t('catalogueImport.tab') : t(`catalogue.tabs.${each}`))}
        onChange={setTab}
      />
      <Notice text={notice} />
      {tab === 'import' ? (
        <CatalogueImport />
      ) : tab === 'vendors' ? (
        <QueueState
          isLoading={vendors.isLoading}
          error={vendors.error}
          isEmpty={(vendors.data?.length ?? 0) === 0}
          onRetry={() => void vendors.refetch()}
        >
          <DataTable columns={vendorColumns} rows={vendors.data ?? []} rowKey={(v) => v.code} rowTestId={(v) => `vendor-${v.code}`} />
        </QueueState>
      ) : (
        <>
          <div className="filters">
            <SelectFilter
              label={t('catalogue.vendor')}
              name="vendor"
              value={vendor}
              options={[ALL, ...(vendors.data ?? []).map((v) => v.code)]}
              optionLabel={(each) => (each === ALL ? t('common.all') : each)}
              onChange={resetPage(setVendor)}
            />
            <SelectFilter
              label={t('catalogue.category')}
              name="category"
              value={category}
              options={[ALL, ...GAME_CATEGORIES]}
              optionLabel={(each) => (each === ALL ? t('common.all') : each)}
              onChange={resetPage(setCategory)}
            />
            <SelectFilter
              label={t('catalogue.shown')}
              name="enabled"
              value={enabled}
              options={FLAGS}
              optionLabel={(each) => t(`catalogue.flags.${each}`)}
              onChange={resetPage(setEnabled)}
            />
            <SelectFilter
              label={t('catalogue.maintenance')}
              name="maintenance"
              value={maintenance}
              options={FLAGS}
              optionLabel={(each) => t(`catalogue.flags.${each}`)}
              onChange={resetPage(setMaintenance)}
            />
            <TextFilter label={t('catalogue.nameFilter')} name="gameName" onApply={resetPage(setName)} />
          </div>
          <PagedTable
            query={games}
            page={page}
            onPage={setPage}
            columns={gameColumns}
            rowKey={(g) => g.nodeId}
            rowTestId={(g) => `game-${g.nodeId}`}
          />
        </>
      )}
      {imageOf ? (
        <GameImageDialog
          game={imageOf}
          onClose={() => setImageOf(null)}
          onDone={(text) => {
            setNotice(text);
            setImageOf(null);
          }}
        />
      ) : null}
      {editing ? (
        <DecisionDialog
          title={t('catalogue.editTitle', { name: editing.label })}
          hint={t('catalogue.editHint')}
          submitLabel={t('catalogue.save')}
          error={fieldError ?? save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          <label className="check">
            <input
              type="checkbox"
              name="isEnabled"
              checked={editing.form.isEnabled}
              onChange={(e) => setForm('isEnabled', e.target.checked)}
            />
            {t('catalogue.shownToPlayers')}
          </label>
          <label className="check">
            <input type="checkbox" name="isHot" checked={editing.form.isHot} onChange={(e) => setForm('isHot', e.target.checked)} />
            {t('catalogue.hotLabel')}
          </label>
          <label className="check">
            <input
              type="checkbox"
              name="isMaintenance"
              checked={editing.form.isMaintenance}
              onChange={(e) => setForm('isMaintenance', e.target.checked)}
            />
            {t('catalogue.maintenanceLabel')}
          </label>
          <label className="field">
            {t('catalogue.messageVi')}
            <input name="messageVi" value={editing.form.messageVi} maxLength={200} onChange={(e) => setForm('messageVi', e.target.value)} />
          </label>
          <label className="field">
            {t('catalogue.messageEn')}
            <input name="messageEn" value={editing.form.messageEn} maxLength={200} onChange={(e) => setForm('messageEn', e.target.value)} />
          </label>
          <label className="field">
            {t('catalogue.sort')}
            <input name="sort" inputMode="numeric" value={editing.form.sort} onChange={(e) => setForm('sort', e.target.value)} />
          </label>
          {editing.kind === 'game' ? (
            <label className="field">
              {t('catalogue.category')}
              <select name="category" value={editing.form.category} onChange={(e) => setForm('category', e.target.value)}>
                {GAME_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {t(`gameCategories.${category}`)} ({category})
                  </option>
                ))}
              </select>
            </label>
          ) : null}
        </DecisionDialog>
      ) : null}
    </section>
  );
}
