import type { AdminDrawAwaiting, AdminResultListItem, DrawResultValue } from '@platform/contracts/lottery';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall, adminGet, queryString } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, PagedTable, Tabs } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState, SlaAge } from '../components/queue-parts.tsx';
import { ReasonDialog } from '../components/reason-dialog.tsx';
import { PAGE_SIZE, useDecision, useQueuePage } from '../components/use-queue.ts';
import { dateTime } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

const TABS = ['awaiting', 'pending', 'confirmed', 'rejected'] as const;
type Tab = (typeof TABS)[number];
type Layout = AdminDrawAwaiting['layout'];
type Tier = Layout[number]['tier'];
/** The typed numbers of a sheet: one text per number of each tier. */
type Sheet = Record<string, string[]>;

const emptySheet = (layout: Layout): Sheet => Object.fromEntries(layout.map((spec) => [spec.tier, Array(spec.count).fill('')]));

/** The first problem of a typed sheet against the region's layout, as a translation key with its tier; null when whole. */
export function sheetProblem(layout: Layout, sheet: Sheet): { key: string; tier: Tier } | null {
  for (const spec of layout) {
    const numbers = sheet[spec.tier] ?? [];
    const pattern = new RegExp(`^[0-9]{${spec.digits}}$`);
    if (numbers.length !== spec.count || numbers.some((n) => n.trim() === ''))
      return { key: 'lotteryResults.tierMissing', tier: spec.tier };
    if (numbers.some((n) => !pattern.test(n.trim()))) return { key: 'lotteryResults.tierDigits', tier: spec.tier };
  }
  return null;
}

const nameIn = (name: { vi: string; en: string }, language: string) => (language === 'vi' ? name.vi : name.en);

/** The numbers of a sheet, one row per tier, special prize first (the order of the layout). */
function SheetView({ layout, result }: { layout: Layout; result: DrawResultValue }) {
  const { t } = useTranslation();
  return (
    <table className="table sheet" data-testid="result-sheet">
      <tbody>
        {layout.map((spec) => (
          <tr key={spec.tier}>
            <th scope="row">{t(`lotteryResults.tiers.${spec.tier}`)}</th>
            <td className="sheet__numbers">{(result[spec.tier] ?? []).join(' · ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Official lottery results, four eyes: one operator types a draw's sheet, a second one (not the
 * same) compares it and confirms, which publishes the result and settles the tickets; or rejects it
 * with a reason (the operator who entered it may withdraw it), and the draw takes a new entry.
 */
export default function LotteryResultsSection() {
  const { t, i18n } = useTranslation();
  const operator = useSession()?.admin;
  const mayEnter = operator ? mayUse(operator, 'lottery:result') : false;
  const mayDecide = operator ? mayUse(operator, 'lottery:confirm') : false;
  const [tab, setTab] = useState<Tab>('awaiting');
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const [entering, setEntering] = useState<{ draw: AdminDrawAwaiting; sheet: Sheet } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<AdminResultListItem | null>(null);
  const [rejecting, setRejecting] = useState<AdminResultListItem | null>(null);

  const draws = useQuery({
    queryKey: ['queue', 'lottery-draws'],
    enabled: tab === 'awaiting' && mayEnter,
    queryFn: () => adminGet<{ list: AdminDrawAwaiting[] }>('/lottery/draws/awaiting-result'),
  });
  const entries = useQueuePage<AdminResultListItem>(
    'lottery-results',
    `/lottery/results${queryString({ status: tab === 'awaiting' ? 'pending' : tab, pageNo: page, pageSize: PAGE_SIZE })}`,
  );

  const enter = useDecision(
    async (value: { draw: AdminDrawAwaiting; result: DrawResultValue }) =>
      adminCall('POST', '/lottery/results', { gameId: value.draw.gameId, numero: value.draw.numero, result: value.result }),
    (value) => {
      setNotice(t('lotteryResults.entered', { game: nameIn(value.draw.gameName, i18n.language), numero: value.draw.numero }));
      setEntering(null);
    },
  );
  const confirm = useDecision(
    async (entry: AdminResultListItem) => adminCall('POST', `/lottery/results/${entry.id}/confirm`),
    (entry) => {
      setNotice(t('lotteryResults.confirmed', { game: nameIn(entry.gameName, i18n.language), numero: entry.numero }));
      setReviewing(null);
    },
  );
  const reject = useDecision(
    async (value: { entry: AdminResultListItem; reason: string }) =>
      adminCall('POST', `/lottery/results/${value.entry.id}/reject`, { reason: value.reason }),
    (value) => {
      setNotice(t('lotteryResults.rejected', { game: nameIn(value.entry.gameName, i18n.language), numero: value.entry.numero }));
      setRejecting(null);
      setReviewing(null);
    },
  );

  const isMine = (entry: AdminResultListItem) => entry.enteredBy === operator?.id;
  const who = (id: number | null) =>
    id === null ? '' : id === operator?.id ? t('lotteryResults.you') : t('lotteryResults.operator', { id });
  const drawCell = (row: { gameName: { vi: string; en: string }; gameId: string }) => (
    <>
      <strong>{nameIn(row.gameName, i18n.language)}</strong> <span className="muted">{row.gameId}</span>
    </>
  );

  const drawColumns: Column<AdminDrawAwaiting>[] = [
    { key: 'game', header: t('lotteryResults.game'), cell: drawCell },
    { key: 'numero', header: t('lotteryResults.numero'), cell: (d) => d.numero },
    { key: 'drawAt', header: t('lotteryResults.drawAt'), cell: (d) => dateTime(d.drawAt, i18n.language) },
    {
      key: 'state',
      header: t('common.status'),
      cell: (d) =>
        d.pendingEntryId !== null ? (
          <span className="badge badge--warn">{t('lotteryResults.awaitingConfirmation', { id: d.pendingEntryId })}</span>
        ) : Date.parse(d.locksAt) > Date.now() ? (
          <span className="badge">{t('lotteryResults.bettingOpen', { time: dateTime(d.locksAt, i18n.language) })}</span>
        ) : (
          <span className="badge badge--warn">{t('lotteryResults.noResult')}</span>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (d) =>
        mayEnter && d.pendingEntryId === null ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setFieldError(null);
              enter.clearError();
              setEntering({ draw: d, sheet: emptySheet(d.layout) });
            }}
          >
            {t('lotteryResults.enter')}
          </button>
        ) : null,
    },
  ];

  const entryColumns: Column<AdminResultListItem>[] = [
    { key: 'id', header: '#', cell: (e) => e.id },
    { key: 'game', header: t('lotteryResults.game'), cell: drawCell },
    { key: 'numero', header: t('lotteryResults.numero'), cell: (e) => e.numero },
    { key: 'special', header: t('lotteryResults.tiers.DB'), cell: (e) => (e.result.DB ?? []).join(' ') },
    { key: 'enteredBy', header: t('lotteryResults.enteredBy'), cell: (e) => who(e.enteredBy) },
    tab === 'pending'
      ? { key: 'age', header: t('common.age'), cell: (e) => <SlaAge createdAt={e.createdAt} /> }
      : {
          key: 'decided',
          header: t('lotteryResults.decidedBy'),
          cell: (e) => `${who(e.decidedBy) || t('lotteryResults.withdrawn')} · ${e.decidedAt ? dateTime(e.decidedAt, i18n.language) : ''}`,
        },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (e) => (
        <button
          type="button"
          className={`button${e.status === 'pending' ? ' button--primary' : ''}`}
          onClick={() => {
            confirm.clearError();
            setReviewing(e);
          }}
        >
          {t(e.status === 'pending' ? 'lotteryResults.review' : 'lotteryResults.view')}
        </button>
      ),
    },
  ];

  const submitEntry = () => {
    if (!entering) return;
    const problem = sheetProblem(entering.draw.layout, entering.sheet);
    if (problem) return setFieldError(t(problem.key, { tier: t(`lotteryResults.tiers.${problem.tier}`) }));
    setFieldError(null);
    const result: DrawResultValue = Object.fromEntries(
      entering.draw.layout.map((spec) => [spec.tier, (entering.sheet[spec.tier] ?? []).map((n) => n.trim())]),
    );
    return enter.run({ draw: entering.draw, result });
  };
  const setNumber = (tier: Tier, index: number, value: string) =>
    setEntering((current) => {
      if (!current) return current;
      const numbers = [...(current.sheet[tier] ?? [])];
      numbers[index] = value.replace(/[^0-9]/g, '');
      return { ...current, sheet: { ...current.sheet, [tier]: numbers } };
    });

  return (
    <section className="section" aria-labelledby="lottery-results-title">
      <header className="section__head">
        <h1 id="lottery-results-title">{t('lotteryResults.title')}</h1>
      </header>
      <p className="muted">{t('lotteryResults.intro')}</p>
      <Tabs
        tabs={mayEnter ? TABS : TABS.filter((each) => each !== 'awaiting')}
        value={tab}
        label={(each) => t(`lotteryResults.tabs.${each}`)}
        onChange={(each) => {
          setTab(each);
          setPage(1);
        }}
      />
      <Notice text={notice} />
      {tab === 'awaiting' && mayEnter ? (
        <QueueState
          isLoading={draws.isLoading}
          error={draws.error}
          isEmpty={(draws.data?.list.length ?? 0) === 0}
          onRetry={() => void draws.refetch()}
        >
          <DataTable
            columns={drawColumns}
            rows={draws.data?.list ?? []}
            rowKey={(d) => `${d.gameId}-${d.numero}`}
            rowTestId={(d) => `draw-${d.gameId}-${d.numero}`}
          />
        </QueueState>
      ) : (
        <PagedTable
          query={entries}
          page={page}
          onPage={setPage}
          columns={entryColumns}
          rowKey={(e) => e.id}
          rowTestId={(e) => `result-entry-${e.id}`}
        />
      )}

      {entering ? (
        <DecisionDialog
          title={t('lotteryResults.enterTitle', { game: nameIn(entering.draw.gameName, i18n.language), numero: entering.draw.numero })}
          hint={t('lotteryResults.enterHint')}
          submitLabel={t('lotteryResults.submitEntry')}
          error={fieldError ?? enter.error}
          isPending={enter.isPending}
          onSubmit={submitEntry}
          onClose={() => setEntering(null)}
        >
          <div className="sheet-form">
            {entering.draw.layout.map((spec) => (
              <fieldset key={spec.tier} className="sheet-form__tier">
                <legend>
                  {t(`lotteryResults.tiers.${spec.tier}`)}{' '}
                  <span className="muted">{t('lotteryResults.digits', { count: spec.digits })}</span>
                </legend>
                {(entering.sheet[spec.tier] ?? []).map((value, index) => (
                  <input
                    // biome-ignore lint/suspicious/noArrayIndexKey: the numbers of a tier are positional
                    key={index}
                    aria-label={t('lotteryResults.numberLabel', { tier: t(`lotteryResults.tiers.${spec.tier}`), n: index + 1 })}
                    name={`${spec.tier}-${index}`}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={spec.digits}
                    size={spec.digits + 1}
                    value={value}
                    onChange={(event) => setNumber(spec.tier, index, event.target.value)}
                  />
                ))}
              </fieldset>
            ))}
          </div>
        </DecisionDialog>
      ) : null}

      {reviewing && !rejecting ? (
        <DecisionDialog
          title={t('lotteryResults.reviewTitle', { game: nameIn(reviewing.gameName, i18n.language), numero: reviewing.numero })}
          hint={
            reviewing.status !== 'pending'
              ? t(`lotteryResults.status.${reviewing.status}`)
              : isMine(reviewing)
                ? t('lotteryResults.ownEntry')
                : t('lotteryResults.confirmHint', { time: dateTime(reviewing.drawAt, i18n.language) })
          }
          submitLabel={t('lotteryResults.confirm')}
          error={confirm.error}
          isPending={confirm.isPending}
          canSubmit={reviewing.status === 'pending' && mayDecide && !isMine(reviewing)}
          onSubmit={() => confirm.run(reviewing)}
          onClose={() => setReviewing(null)}
          extraAction={
            reviewing.status === 'pending' && mayDecide
              ? {
                  label: t(isMine(reviewing) ? 'lotteryResults.withdraw' : 'lotteryResults.reject'),
                  onClick: () => {
                    reject.clearError();
                    setRejecting(reviewing);
                  },
                }
              : undefined
          }
        >
          <SheetView layout={reviewing.layout} result={reviewing.result} />
        </DecisionDialog>
      ) : null}

      {rejecting ? (
        <ReasonDialog
          title={t(isMine(rejecting) ? 'lotteryResults.withdrawTitle' : 'lotteryResults.rejectTitle', { id: rejecting.id })}
          hint={t('lotteryResults.rejectHint')}
          submitLabel={t(isMine(rejecting) ? 'lotteryResults.withdraw' : 'lotteryResults.reject')}
          tone="danger"
          decision={reject}
          text="required"
          textLabel={t('common.reason')}
          requiredText={t('lotteryResults.reasonShort')}
          onConfirm={(reason) => {
            if (reason.length < 3) return t('lotteryResults.reasonShort');
            reject.run({ entry: rejecting, reason });
            return undefined;
          }}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </section>
  );
}
