import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, KeysetTable } from '../components/data-table.tsx';
import { PAGE_SIZE } from '../components/use-queue.ts';
import { errorText } from '../i18n/i18n.ts';
import { dateTime } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

/* The shapes of `GET /admin-api/audit` and `POST /admin-api/audit/verify` (audit.admin-routes.ts). */
type AuditRow = {
  id: number;
  createdAt: string;
  actor: { type: string; id: string | null };
  action: string;
  target: { type: string | null; id: string | null };
  before: unknown;
  after: unknown;
  data: Record<string, unknown>;
  ip: string | null;
  isSealed: boolean;
};
type Verification = {
  ok: boolean;
  checked: number;
  brokenAt?: { id: number; expectedHash: string; actualHash: string };
  reason?: 'hash_mismatch' | 'prev_hash_mismatch';
};
type OperatorRow = { id: number; username: string };

/** One line of the before/after view: a field's path and its two values as text (absent: undefined). */
export type DiffLine = { path: string; before: string | undefined; after: string | undefined; isChanged: boolean };

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix !== '') into.set(prefix, '{}');
    for (const [key, inner] of entries) flatten(inner, prefix === '' ? key : `${prefix}.${key}`, into);
    return;
  }
  if (value === undefined) return;
  into.set(prefix === '' ? '(value)' : prefix, typeof value === 'string' ? value : JSON.stringify(value));
}

/**
 * The fields of `before` and `after` side by side, nested objects as dotted paths and arrays as JSON,
 * in the order they first appear; a field present on one side only shows as absent on the other.
 */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  const left = new Map<string, string>();
  const right = new Map<string, string>();
  flatten(before ?? undefined, '', left);
  flatten(after ?? undefined, '', right);
  const paths = [...new Set([...left.keys(), ...right.keys()])];
  return paths.map((path) => {
    const was = left.get(path);
    const now = right.get(path);
    return { path, before: was, after: now, isChanged: was !== now };
  });
}

function Diff({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  if (row.before == null && row.after == null) {
    return (
      <div className="audit-diff">
        <p className="muted">{t('audit.noChange')}</p>
        <pre className="text">{JSON.stringify(row.data, null, 2)}</pre>
      </div>
    );
  }
  return (
    <table className="table audit-diff" data-testid={`audit-diff-${row.id}`}>
      <thead>
        <tr>
          <th scope="col">{t('audit.field')}</th>
          <th scope="col">{t('audit.before')}</th>
          <th scope="col">{t('audit.after')}</th>
        </tr>
      </thead>
      <tbody>
        {diffLines(row.before, row.after).map((line) => (
          <tr key={line.path} className={line.isChanged ? 'diff--changed' : undefined}>
            <td data-label={t('audit.field')}>
              <code>{line.path}</code>
            </td>
            <td data-label={t('audit.before')} className={line.isChanged ? 'diff--old' : undefined}>
              {line.before ?? '—'}
            </td>
            <td data-label={t('audit.after')} className={line.isChanged ? 'diff--new' : undefined}>
              {line.after ?? '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The filters as they live in the address, so a search can be shared and Back returns to it. */
type Filters = { operatorId: string; memberId: string; memberName: string; action: string; from: string; to: string };
const FILTER_KEYS = ['operatorId', 'memberId', 'memberName', 'action', 'from', 'to'] as const;

/** A `datetime-local` value (the operator's clock) as an ISO instant, or undefined when empty or invalid. */
function instant(local: string): string | undefined {
  if (local === '') return undefined;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString();
}

function FilterForm({ filters, onSearch }: { filters: Filters; onSearch: (next: Filters) => void }) {
  const { t } = useTranslation();
  const operator = useSession()?.admin;
  const [draft, setDraft] = useState<Filters>(filters);
  const [problem, setProblem] = useState<string | null>(null);
  const [isFinding, setFinding] = useState(false);
  // Operators' names come from the operator list where the role may read it; else a number is typed.
  const operators = useQuery({
    queryKey: ['operators'],
    enabled: operator ? mayUse(operator, 'operator:manage') : false,
    queryFn: () => adminGet<OperatorRow[]>('/operators'),
    staleTime: 5 * 60_000,
  });
  const set = (key: keyof Filters) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const name = draft.memberName.trim();
    if (name === '' || name === filters.memberName) {
      onSearch({ ...draft, memberName: name, memberId: name === '' ? '' : filters.memberId });
      return;
    }
    // A member is searched by name and the log by the member's number.
    setFinding(true);
    try {
      const found = await adminGet<{ list: { id: number; username: string }[] }>(
        `/members/search${queryString({ by: 'username', q: name, pageNo: 1, pageSize: PAGE_SIZE })}`,
      );
      const member = found.list.find((each) => each.username.toLowerCase() === name.toLowerCase());
      if (!member) setProblem(t('audit.noMember', { name }));
      else onSearch({ ...draft, memberName: member.username, memberId: String(member.id) });
    } catch (failure) {
      setProblem(errorText(failure));
    } finally {
      setFinding(false);
    }
  };
  return (
    <form className="filters audit-filters" noValidate onSubmit={(event) => void submit(event)}>
      {operators.data ? (
        <label>
          {t('audit.operator')}
          <select name="operatorId" value={draft.operatorId} onChange={set('operatorId')}>
            <option value="">{t('audit.anyOperator')}</option>
            {operators.data.map((each) => (
              <option key={each.id} value={String(each.id)}>
                {each.username}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label>
          {t('audit.operatorId')}
          <input name="operatorId" inputMode="numeric" value={draft.operatorId} onChange={set('operatorId')} />
        </label>
      )}
      <label>
        {t('audit.memberName')}
        <input name="memberName" value={draft.memberName} onChange={set('memberName')} />
      </label>
      <label>
        {t('audit.action')}
        <input name="action" placeholder={t('audit.actionHint')} value={draft.action} onChange={set('action')} />
      </label>
      <label>
        {t('audit.from')}
        <input name="from" type="datetime-local" value={draft.from} onChange={set('from')} />
      </label>
      <label>
        {t('audit.to')}
        <input name="to" type="datetime-local" value={draft.to} onChange={set('to')} />
      </label>
      <button type="submit" className="button button--primary" disabled={isFinding}>
        {t('audit.search')}
      </button>
      <button
        type="button"
        className="button"
        onClick={() => {
          const empty = { operatorId: '', memberId: '', memberName: '', action: '', from: '', to: '' };
          setDraft(empty);
          setProblem(null);
          onSearch(empty);
        }}
      >
        {t('audit.clear')}
      </button>
      {problem ? (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function VerifyChain({ onShow }: { onShow: (id: number) => void }) {
  const { t } = useTranslation();
  const verify = useMutation({ mutationFn: () => adminCall<Verification>('POST', '/audit/verify') });
  const result = verify.data;
  return (
    <div className="audit-verify">
      <button type="button" className="button" disabled={verify.isPending} onClick={() => verify.mutate()}>
        {verify.isPending ? t('audit.verifying') : t('audit.verify')}
      </button>
      {verify.error ? (
        <p className="alert alert--error" role="alert">
          {errorText(verify.error)}
        </p>
      ) : null}
      {result?.ok ? (
        <p className="alert alert--ok" role="status" data-testid="audit-verify-result">
          {t('audit.intact', { count: result.checked })}
        </p>
      ) : null}
      {result && !result.ok && result.brokenAt ? (
        <div className="alert alert--error" role="alert" data-testid="audit-verify-result">
          <p>
            {t(result.reason === 'prev_hash_mismatch' ? 'audit.brokenOrphan' : 'audit.broken', {
              id: result.brokenAt.id,
              count: result.checked,
            })}
          </p>
          <dl className="facts">
            <div>
              <dt>{t('audit.expected')}</dt>
              <dd>
                <code>{result.brokenAt.expectedHash}</code>
              </dd>
            </div>
            <div>
              <dt>{t('audit.actual')}</dt>
              <dd>
                <code>{result.brokenAt.actualHash}</code>
              </dd>
            </div>
          </dl>
          <button type="button" className="button" onClick={() => onShow((result.brokenAt as { id: number }).id)}>
            {t('audit.showBroken')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The audit log, newest first: by operator, member, action and time, each row's before and after,
 * and a check of the hash chain that says where it breaks (administrators: `audit:read`).
 */
export default function AuditSection() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, params.get(key) ?? ''])) as Filters;
  const beforeParam = Number(params.get('before'));
  const before = Number.isSafeInteger(beforeParam) && beforeParam > 0 ? beforeParam : undefined;
  const [open, setOpen] = useState<number | null>(null);
  const path = `/audit${queryString({
    operatorId: filters.operatorId || undefined,
    memberId: filters.memberId || undefined,
    action: filters.action.trim() || undefined,
    from: instant(filters.from),
    to: instant(filters.to),
    before,
    limit: PAGE_SIZE,
  })}`;
  const rows = useQuery({
    queryKey: ['audit', path],
    placeholderData: keepPreviousData,
    queryFn: () => adminGet<{ list: AuditRow[]; nextBefore: number | null }>(path),
  });
  const show = (next: Filters, cursor?: number) => {
    const kept = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== ''));
    setParams(cursor === undefined ? kept : { ...kept, before: String(cursor) });
  };
  const columns: Column<AuditRow>[] = [
    { key: 'id', header: '#', cell: (row) => row.id },
    { key: 'time', header: t('audit.time'), cell: (row) => dateTime(row.createdAt, language) },
    {
      key: 'actor',
      header: t('audit.actor'),
      cell: (row) =>
        `${t(`audit.actorType.${row.actor.type}`, { defaultValue: row.actor.type })}${row.actor.id ? ` #${row.actor.id}` : ''}`,
    },
    { key: 'action', header: t('audit.action'), cell: (row) => <code>{row.action}</code> },
    {
      key: 'target',
      header: t('audit.target'),
      cell: (row) =>
        row.target.type === 'member' && row.target.id ? (
          <Link to={`/members/${row.target.id}`}>
            {t('common.member')} #{row.target.id}
          </Link>
        ) : row.target.type ? (
          `${row.target.type}${row.target.id ? ` #${row.target.id}` : ''}`
        ) : (
          '—'
        ),
    },
    { key: 'ip', header: t('audit.ip'), cell: (row) => row.ip ?? '—' },
    {
      key: 'sealed',
      header: t('audit.sealed'),
      cell: (row) => (
        <span className={`badge${row.isSealed ? '' : ' badge--warn'}`}>{row.isSealed ? t('audit.sealed') : t('audit.unsealed')}</span>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (row) => (
        <button type="button" className="button" aria-expanded={open === row.id} onClick={() => setOpen(open === row.id ? null : row.id)}>
          {open === row.id ? t('audit.hideDetails') : t('audit.details')}
        </button>
      ),
    },
  ];
  const opened = rows.data?.list.find((row) => row.id === open);
  return (
    <section className="section" aria-labelledby="audit-title">
      <header className="section__head">
        <h1 id="audit-title">{t('audit.title')}</h1>
      </header>
      <VerifyChain onShow={(id) => show(filters, id + 1)} />
      <FilterForm key={params.toString()} filters={filters} onSearch={(next) => show(next)} />
      <KeysetTable
        query={rows}
        before={before}
        onBefore={(cursor) => show(filters, cursor)}
        columns={columns}
        rowKey={(row) => row.id}
        rowTestId={(row) => `audit-${row.id}`}
      />
      {opened ? (
        <section className="card" aria-label={`${t('audit.details')} #${opened.id}`}>
          <h2>
            #{opened.id} · <code>{opened.action}</code>
          </h2>
          <Diff row={opened} />
        </section>
      ) : null}
    </section>
  );
}
