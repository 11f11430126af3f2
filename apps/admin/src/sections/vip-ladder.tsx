import type { VipLevel, VipLevelInput, VipLevelMember, VipWindow } from '@platform/contracts/vip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError, adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, PagedTable } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { vipLadderEn, vipLadderVi, vipLadderZh } from '../i18n/vip-ladder.ts';
import { amountOf } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('vipLadder', { vi: vipLadderVi, en: vipLadderEn, zh: vipLadderZh });

type Ladder = { levels: VipLevel[]; version: number; window: VipWindow };
type Form = Record<
  | 'code'
  | 'nameVi'
  | 'nameEn'
  | 'nameZh'
  | 'minDeposit'
  | 'minValidBet'
  | 'keepDeposit'
  | 'keepValidBet'
  | 'upgradeBonus'
  | 'periodicBonus'
  | 'periodicPeriod',
  string
>;
type Editing = { level: number; isNew: boolean; form: Form };
type Problem = 'code' | 'names' | 'amount' | 'order';

const AMOUNT_FIELDS = ['minDeposit', 'minValidBet', 'keepDeposit', 'keepValidBet', 'upgradeBonus', 'periodicBonus'] as const;
const NAME_LENGTH_MAX = 40;
const CODE_LENGTH_MAX = 16;

/** A stored level as the input the save sends (the ladder is saved whole). */
export function levelInput(level: VipLevel): VipLevelInput {
  const { vi = '', en = '', ...others } = level.names;
  return {
    level: level.level,
    code: level.code,
    names: { ...others, vi, en },
    minDeposit: level.minDeposit,
    minValidBet: level.minValidBet,
    keepDeposit: level.keepDeposit,
    keepValidBet: level.keepValidBet,
    upgradeBonus: level.upgradeBonus,
    periodicBonus: level.periodicBonus,
    periodicPeriod: level.periodicPeriod,
  };
}

/**
 * The edited level from the form, checked against its neighbours (the server's rules, said first in
 * the operator's words): a code, the Vietnamese and English names, whole amounts, and thresholds no
 * lower than the level below's and no higher than the level above's; level 0 asks nothing.
 */
export function levelFromForm(form: Form, level: number, ladder: readonly VipLevel[]): VipLevelInput | Problem {
  const code = form.code.trim();
  if (code.length < 1 || code.length > CODE_LENGTH_MAX) return 'code';
  const names = { vi: form.nameVi.trim(), en: form.nameEn.trim(), zh: form.nameZh.trim() };
  if ([names.vi, names.en].some((n) => n.length < 1 || n.length > NAME_LENGTH_MAX) || names.zh.length > NAME_LENGTH_MAX) return 'names';
  const amounts = Object.fromEntries(AMOUNT_FIELDS.map((field) => [field, amountOf(form[field])])) as Record<
    (typeof AMOUNT_FIELDS)[number],
    number
  >;
  if (Object.values(amounts).some((value) => Number.isNaN(value) || !Number.isSafeInteger(value))) return 'amount';
  const below = ladder.find((l) => l.level === level - 1);
  const above = ladder.find((l) => l.level === level + 1);
  if (level === 0 && (amounts.minDeposit !== 0 || amounts.minValidBet !== 0)) return 'order';
  if (below && (amounts.minDeposit < below.minDeposit || amounts.minValidBet < below.minValidBet)) return 'order';
  if (above && (amounts.minDeposit > above.minDeposit || amounts.minValidBet > above.minValidBet)) return 'order';
  const period = form.periodicPeriod === 'W' || form.periodicPeriod === 'M' ? form.periodicPeriod : null;
  return {
    level,
    code,
    names: names.zh ? names : { vi: names.vi, en: names.en },
    ...amounts,
    periodicPeriod: period,
  };
}

function formOf(level: VipLevel | undefined): Form {
  const text = (value: number | undefined) => String(value ?? 0);
  return {
    code: level?.code ?? '',
    nameVi: level?.names.vi ?? '',
    nameEn: level?.names.en ?? '',
    nameZh: level?.names.zh ?? '',
    minDeposit: text(level?.minDeposit),
    minValidBet: text(level?.minValidBet),
    keepDeposit: text(level?.keepDeposit),
    keepValidBet: text(level?.keepValidBet),
    upgradeBonus: text(level?.upgradeBonus),
    periodicBonus: text(level?.periodicBonus),
    periodicPeriod: level?.periodicPeriod ?? 'none',
  };
}

/**
 * The VIP ladder (`vip:read`; changes `vip:write`): each level's thresholds to reach and to keep over
 * the window, its upgrade and periodic bonuses, how many members hold it and who they are. A change
 * saves the whole ladder with the version it was read at; a save over someone else's newer change
 * is refused by the server (`vip_rules_changed`) and the ladder is read again.
 */
export default function VipLadderSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'vip:write') : false;
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [membersOf, setMembersOf] = useState<number | null>(null);
  const ladder = useQuery({ queryKey: ['vip', 'levels'], queryFn: () => adminGet<Ladder>('/vip/levels') });
  const counts = useQuery({
    queryKey: ['vip', 'level-counts'],
    queryFn: async () => (await adminGet<{ counts: { level: number; members: number }[] }>('/vip/level-counts')).counts,
  });
  const save = useDecision(
    (value: { levels: VipLevelInput[]; done: 'saved' | 'removed' }) =>
      adminCall<Ladder>('PUT', '/vip/levels', { levels: value.levels, version: ladder.data?.version ?? 0 }).catch((error: unknown) => {
        // Someone else saved since this screen read the ladder: read it again, so the next save starts from theirs.
        if (error instanceof AdminApiError && error.code === 'vip_rules_changed') void ladder.refetch();
        throw error;
      }),
    (value) => {
      setNotice(t(`vipLadder.${value.done}`));
      setEditing(null);
      setIsRemoving(false);
      void ladder.refetch();
      void counts.refetch();
    },
  );
  const levels = ladder.data?.levels ?? [];
  const top = levels.at(-1);
  const number = (value: number) => new Intl.NumberFormat(i18n.language === 'zh' ? 'zh-CN' : i18n.language).format(value);
  const levelName = (l: VipLevel) => `${l.level} · ${l.code} · ${l.names[i18n.language] ?? l.names.en ?? ''}`;
  const thresholds = (deposits: number, validBet: number) =>
    deposits === 0 && validBet === 0
      ? t('vipLadder.notUsed')
      : t('vipLadder.thresholds', { deposits: number(deposits), validBet: number(validBet) });
  const memberCount = (level: number) =>
    level === 0 ? t('vipLadder.everyoneElse') : number(counts.data?.find((c) => c.level === level)?.members ?? 0);

  const columns: Column<VipLevel>[] = [
    { key: 'level', header: t('vipLadder.level'), cell: levelName },
    { key: 'reach', header: t('vipLadder.reach'), cell: (l) => thresholds(l.minDeposit, l.minValidBet) },
    { key: 'keep', header: t('vipLadder.keep'), cell: (l) => (l.level === 0 ? '—' : thresholds(l.keepDeposit, l.keepValidBet)) },
    { key: 'upgrade', header: t('vipLadder.upgradeBonus'), numeric: true, cell: (l) => number(l.upgradeBonus) },
    {
      key: 'periodic',
      header: t('vipLadder.periodicBonus'),
      cell: (l) =>
        l.periodicPeriod && l.periodicBonus > 0
          ? t('vipLadder.periodic', { amount: number(l.periodicBonus), period: t(`vipLadder.periods.${l.periodicPeriod}`) })
          : t('vipLadder.periods.none'),
    },
    { key: 'members', header: t('vipLadder.members'), numeric: true, cell: (l) => memberCount(l.level) },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (l) => (
        <div className="actions">
          {mayWrite ? (
            <button type="button" className="button" onClick={() => openEdit(l.level, false)}>
              {t('vipLadder.edit')}
            </button>
          ) : null}
          {l.level > 0 ? (
            <button type="button" className="button" onClick={() => setMembersOf(l.level)}>
              {t('vipLadder.showMembers')}
            </button>
          ) : null}
        </div>
      ),
    },
  ];

  function openEdit(level: number, isNew: boolean) {
    save.clearError();
    setProblem(null);
    // A new level starts from the top level's figures (a higher level asks at least as much).
    const from = isNew ? { ...(top as VipLevel), code: `VIP${level}`, names: { vi: '', en: '' } } : levels.find((l) => l.level === level);
    setEditing({ level, isNew, form: formOf(from) });
  }

  function submit() {
    if (!editing) return;
    const edited = levelFromForm(editing.form, editing.level, levels);
    if (typeof edited === 'string') return setProblem(t(`vipLadder.problems.${edited}`));
    setProblem(null);
    const next = levels.filter((l) => l.level !== editing.level).map(levelInput);
    save.run({ levels: [...next, edited].sort((a, b) => a.level - b.level), done: 'saved' });
  }

  const set = (name: keyof Form) => (event: { target: { value: string } }) =>
    setEditing((current) => (current ? { ...current, form: { ...current.form, [name]: event.target.value } } : current));
  const field = (name: keyof Form, label: string, options: { isAmount?: boolean; isDisabled?: boolean } = {}) => (
    <label className="field">
      {label}
      <input
        name={name}
        value={editing?.form[name] ?? ''}
        onChange={set(name)}
        inputMode={options.isAmount ? 'numeric' : undefined}
        autoComplete="off"
        disabled={options.isDisabled}
      />
    </label>
  );

  return (
    <section className="section" aria-labelledby="vip-ladder-title">
      <header className="section__head">
        <h1 id="vip-ladder-title">{t('vipLadder.title')}</h1>
        {mayWrite && top ? (
          <div className="actions">
            <button type="button" className="button button--primary" onClick={() => openEdit(top.level + 1, true)}>
              {t('vipLadder.add')}
            </button>
            {levels.length > 1 ? (
              <button
                type="button"
                className="button button--danger"
                onClick={() => {
                  save.clearError();
                  setIsRemoving(true);
                }}
              >
                {t('vipLadder.removeTop')}
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
      <p className="muted">{t('vipLadder.intro')}</p>
      {ladder.data ? (
        <p data-testid="vip-window">{t('vipLadder.windowLine', { window: t(`vipLadder.windows.${ladder.data.window}`) })}</p>
      ) : null}
      <Notice text={notice} />
      <QueueState isLoading={ladder.isLoading} error={ladder.error} isEmpty={levels.length === 0} onRetry={() => void ladder.refetch()}>
        <DataTable columns={columns} rows={levels} rowKey={(l) => l.level} rowTestId={(l) => `vip-level-${l.level}`} />
      </QueueState>
      {membersOf !== null ? <LevelMembers level={membersOf} onClose={() => setMembersOf(null)} /> : null}
      {editing ? (
        <DecisionDialog
          title={t(editing.isNew ? 'vipLadder.addTitle' : 'vipLadder.editTitle', { level: editing.level })}
          hint={editing.level === 0 ? t('vipLadder.levelZeroHint') : t('vipLadder.intro')}
          submitLabel={t('vipLadder.save')}
          error={problem ?? save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          {field('code', t('vipLadder.code'))}
          {field('nameVi', t('vipLadder.nameVi'))}
          {field('nameEn', t('vipLadder.nameEn'))}
          {field('nameZh', t('vipLadder.nameZh'))}
          {field('minDeposit', t('vipLadder.minDeposit'), { isAmount: true, isDisabled: editing.level === 0 })}
          {field('minValidBet', t('vipLadder.minValidBet'), { isAmount: true, isDisabled: editing.level === 0 })}
          {field('keepDeposit', t('vipLadder.keepDeposit'), { isAmount: true })}
          {field('keepValidBet', t('vipLadder.keepValidBet'), { isAmount: true })}
          {field('upgradeBonus', t('vipLadder.upgradeBonus'), { isAmount: true })}
          {field('periodicBonus', t('vipLadder.periodicBonus'), { isAmount: true })}
          <label className="field">
            {t('vipLadder.periodicPeriod')}
            <select name="periodicPeriod" value={editing.form.periodicPeriod} onChange={set('periodicPeriod')}>
              {(['none', 'W', 'M'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`vipLadder.periodNames.${value}`)}
                </option>
              ))}
            </select>
          </label>
        </DecisionDialog>
      ) : null}
      {isRemoving && top ? (
        <DecisionDialog
          title={t('vipLadder.removeTitle', { level: levelName(top) })}
          hint={t('vipLadder.removeHint')}
          submitLabel={t('vipLadder.removeTop')}
          tone="danger"
          error={save.error}
          isPending={save.isPending}
          onSubmit={() => save.run({ levels: levels.slice(0, -1).map(levelInput), done: 'removed' })}
          onClose={() => setIsRemoving(false)}
        />
      ) : null}
    </section>
  );
}

/** A page of the members holding a level (1 and up), the latest to reach it first. */
function LevelMembers({ level, onClose }: { level: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQueuePage<VipLevelMember>('vip-level-members', `/vip/levels/${level}/members?pageNo=${page}&pageSize=${PAGE_SIZE}`);
  const columns: Column<VipLevelMember>[] = [
    { key: 'member', header: t('vipLadder.members'), cell: (m) => m.username },
    { key: 'reached', header: t('vipLadder.reachedOn'), cell: (m) => m.reachedOn },
    { key: 'evaluated', header: t('vipLadder.evaluatedOn'), cell: (m) => m.evaluatedOn },
  ];
  return (
    <section className="card" aria-labelledby="vip-members-title" data-testid="vip-level-members">
      <header className="section__head">
        <h2 id="vip-members-title">{t('vipLadder.membersTitle', { level })}</h2>
        <button type="button" className="button" onClick={onClose}>
          {t('vipLadder.closeMembers')}
        </button>
      </header>
      {query.data && query.data.total === 0 ? (
        <p className="empty">{t('vipLadder.membersEmpty')}</p>
      ) : (
        <PagedTable query={query} page={page} onPage={setPage} columns={columns} rowKey={(m) => m.memberId} />
      )}
    </section>
  );
}
