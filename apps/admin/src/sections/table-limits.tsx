import { type TableLimitProblem, type TableLimits, type TableLimitsEntry, tableLimitProblems } from '@platform/contracts/table-limits';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';
import { amountOf } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

type Editing = { table: TableLimitsEntry; label: string; min: string; max: Record<string, string> };

/** The form as limits, and the problems of each field (the same check the game server makes). */
function checkForm(editing: Pick<Editing, 'min' | 'max'>, kinds: readonly string[]) {
  const limits: TableLimits = {
    min: amountOf(editing.min),
    max: Object.fromEntries(kinds.map((kind) => [kind, amountOf(editing.max[kind] ?? '')])),
  };
  const problems = new Map<string, TableLimitProblem['reason']>();
  for (const problem of tableLimitProblems(limits, kinds)) if (!problems.has(problem.field)) problems.set(problem.field, problem.reason);
  return { limits, problems };
}

/**
 * The live tables' limits (baccarat, dragon tiger, sic bo, roulette of the house game server): each
 * table's minimum bet and its maximum per bet kind, with the defaults beside them. Operators with
 * game:write change a table's limits; the game server applies them from the table's next round and
 * the platform audits the change.
 */
export default function TableLimitsSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'game:write') : false;
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problems, setProblems] = useState<Map<string, TableLimitProblem['reason']>>(new Map());
  const tables = useQuery({
    queryKey: ['queue', 'table-limits'],
    queryFn: () => adminGet<{ tables: TableLimitsEntry[] }>('/house/table-limits'),
  });
  const number = (amount: number) =>
    new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : i18n.language === 'zh' ? 'zh-CN' : 'vi-VN').format(amount);
  const labelOf = (table: TableLimitsEntry) => `${t(`tableLimits.games.${table.game}`)} · ${table.gameCode}`;
  const kindLabel = (kind: string) => t(`tableLimits.kinds.${kind}`, { defaultValue: kind });
  const save = useDecision(
    async (value: { gameCode: string; label: string; limits: TableLimits }) =>
      adminCall('PUT', `/house/table-limits/${value.gameCode}`, value.limits),
    (value) => {
      setNotice(t('tableLimits.saved', { table: value.label }));
      setEditing(null);
    },
  );
  const isChanged = (table: TableLimitsEntry) => JSON.stringify(table.limits) !== JSON.stringify(table.defaults);

  const columns: Column<TableLimitsEntry>[] = [
    {
      key: 'table',
      header: t('tableLimits.table'),
      cell: (table) => (
        <>
          <strong>{t(`tableLimits.games.${table.game}`)}</strong> <span className="muted">{table.gameCode}</span>
        </>
      ),
    },
    { key: 'min', header: t('tableLimits.min'), numeric: true, cell: (table) => number(table.limits.min) },
    {
      key: 'max',
      header: t('tableLimits.max'),
      className: 'text',
      cell: (table) => (
        <ul className="limits-list">
          {Object.entries(table.limits.max).map(([kind, amount]) => (
            <li key={kind}>
              {kindLabel(kind)}: <strong>{number(amount)}</strong>
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'state',
      header: t('common.status'),
      cell: (table) =>
        isChanged(table) ? (
          <span className="badge badge--warn">{t('tableLimits.changed')}</span>
        ) : (
          <span className="badge">{t('tableLimits.default')}</span>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (table) =>
        mayWrite ? (
          <button type="button" className="button" onClick={() => edit(table)}>
            {t('tableLimits.edit')}
          </button>
        ) : null,
    },
  ];

  function edit(table: TableLimitsEntry) {
    save.clearError();
    setProblems(new Map());
    setEditing({
      table,
      label: labelOf(table),
      min: String(table.limits.min),
      max: Object.fromEntries(Object.entries(table.limits.max).map(([kind, amount]) => [kind, String(amount)])),
    });
  }

  function submit() {
    if (!editing) return;
    const kinds = Object.keys(editing.table.defaults.max);
    const checked = checkForm(editing, kinds);
    setProblems(checked.problems);
    if (checked.problems.size > 0) return;
    save.run({ gameCode: editing.table.gameCode, label: editing.label, limits: checked.limits });
  }

  const field = (name: string, label: string, value: string, defaultAmount: number, onChange: (value: string) => void) => {
    const problem = problems.get(name);
    const errorId = `limit-error-${name.replace('.', '-')}`;
    return (
      <label className="field" key={name}>
        <span>
          {label} <span className="muted">({t('tableLimits.defaultIs', { amount: number(defaultAmount) })})</span>
        </span>
        <input
          name={name}
          inputMode="numeric"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {problem ? (
          <span className="field__error" id={errorId}>
            {t(`tableLimits.problems.${problem}`)}
          </span>
        ) : null}
      </label>
    );
  };

  return (
    <section className="section" aria-labelledby="table-limits-title">
      <header className="section__head">
        <h1 id="table-limits-title">{t('tableLimits.title')}</h1>
      </header>
      <p className="muted">{t('tableLimits.intro')}</p>
      <Notice text={notice} />
      <QueueState
        isLoading={tables.isLoading}
        error={tables.error}
        isEmpty={(tables.data?.tables.length ?? 0) === 0}
        onRetry={() => void tables.refetch()}
      >
        <DataTable
          columns={columns}
          rows={tables.data?.tables ?? []}
          rowKey={(table) => table.gameCode}
          rowTestId={(table) => `limits-${table.gameCode}`}
        />
      </QueueState>
      {editing ? (
        <DecisionDialog
          title={t('tableLimits.editTitle', { table: editing.label })}
          hint={t('tableLimits.editHint')}
          submitLabel={t('tableLimits.save')}
          error={problems.size > 0 ? t('tableLimits.fixErrors') : save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          {field('min', t('tableLimits.min'), editing.min, editing.table.defaults.min, (min) =>
            setEditing((current) => (current ? { ...current, min } : current)),
          )}
          <fieldset className="limits-form">
            <legend>{t('tableLimits.max')}</legend>
            {Object.keys(editing.table.defaults.max).map((kind) =>
              field(`max.${kind}`, kindLabel(kind), editing.max[kind] ?? '', editing.table.defaults.max[kind] ?? 0, (value) =>
                setEditing((current) => (current ? { ...current, max: { ...current.max, [kind]: value } } : current)),
              ),
            )}
          </fieldset>
        </DecisionDialog>
      ) : null}
    </section>
  );
}
