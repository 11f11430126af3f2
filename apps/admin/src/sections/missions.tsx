import { GAME_CATEGORIES } from '@platform/contracts/games';
import {
  MISSION_EVENTS,
  MISSION_PERIODS,
  type MissionInput,
  type MissionState,
  missionInputSchema,
  SIGN_IN_CYCLE_MAX,
} from '@platform/contracts/missions';
import type { RewardSpec } from '@platform/contracts/rewards';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError, adminCall, adminGet } from '../api/client.ts';
import { useSession } from '../api/session-store.ts';
import { type Column, DataTable, Tabs } from '../components/data-table.tsx';
import { DecisionDialog, Notice, QueueState } from '../components/queue-parts.tsx';
import { type RewardDraft, RewardFields, rewardDraft, rewardOf, useRewardText, wholeText } from '../components/reward-fields.tsx';
import { useDecision } from '../components/use-queue.ts';
import { gameCategoriesEn, gameCategoriesVi, gameCategoriesZh } from '../i18n/game-categories.ts';
import { addSectionTexts } from '../i18n/i18n.ts';
import { loyaltyEn, loyaltyVi, loyaltyZh } from '../i18n/loyalty.ts';
import { amountOf } from '../lib/format.ts';
import { mayUse } from '../lib/sections.ts';

addSectionTexts('loyalty', { vi: loyaltyVi, en: loyaltyEn, zh: loyaltyZh });
addSectionTexts('gameCategories', { vi: gameCategoriesVi, en: gameCategoriesEn, zh: gameCategoriesZh });

type Mission = { id: number; state: MissionState; input: MissionInput; completions: number; createdAt: string; updatedAt: string };
const TABS = ['missions', 'calendar'] as const;
type Tab = (typeof TABS)[number];
const ANY = 'any';

export type MissionForm = {
  code: string;
  titleVi: string;
  titleEn: string;
  period: MissionInput['period'];
  event: MissionInput['event'];
  category: string;
  target: string;
  reward: RewardDraft;
  sort: string;
};

export function missionForm(input?: MissionInput): MissionForm {
  return {
    code: input?.code ?? '',
    titleVi: input?.titles.vi ?? '',
    titleEn: input?.titles.en ?? '',
    period: input?.period ?? 'daily',
    event: input?.event ?? 'rounds',
    category: input?.category ?? ANY,
    target: input === undefined ? '' : String(input.target),
    reward: rewardDraft(input?.reward),
    sort: String(input?.sort ?? 0),
  };
}

/** The mission to send, or the first problem (a key under `loyalty.missions.problems`); other languages' titles are kept. */
export function missionBody(form: MissionForm, before?: MissionInput): { body: MissionInput } | { problem: string } {
  const code = form.code.trim().toUpperCase();
  if (!/^[A-Z0-9_-]{2,40}$/.test(code)) return { problem: 'code' };
  const titles: Record<string, string> = { ...before?.titles, vi: form.titleVi.trim(), en: form.titleEn.trim() };
  for (const language of ['vi', 'en']) if (titles[language] === '') delete titles[language];
  if (!titles.vi && !titles.en) return { problem: 'title' };
  const target = amountOf(form.target);
  if (!(target >= 1)) return { problem: 'target' };
  const reward = rewardOf(form.reward);
  if (!reward) return { problem: 'reward' };
  const withCategory = (form.event === 'rounds' || form.event === 'valid_bet') && form.category !== ANY;
  const checked = missionInputSchema.safeParse({
    code,
    titles,
    period: form.period,
    event: form.event,
    ...(withCategory ? { category: form.category } : {}),
    target,
    reward,
    sort: form.sort.trim() === '' ? 0 : amountOf(form.sort),
  });
  if (!checked.success) return { problem: checked.error.issues[0]?.path[0] === 'sort' ? 'sort' : 'title' };
  return { body: checked.data };
}

/**
 * Missions and the sign-in calendar (`promotion:read`; changes `promotion:write`): daily, weekly and
 * one-off tasks built from an event, a target and a reward; paused or ended (ended stays ended); and
 * the rewards of the sign-in streak's days.
 */
export default function MissionsSection() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('missions');
  return (
    <section className="section" aria-labelledby="missions-title">
      <header className="section__head">
        <h1 id="missions-title">{t('loyalty.missions.title')}</h1>
      </header>
      <Tabs tabs={TABS} value={tab} onChange={setTab} label={(key) => t(`loyalty.missions.tabs.${key}`)} />
      {tab === 'missions' ? <MissionsTab /> : <CalendarTab />}
    </section>
  );
}

function MissionsTab() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rewardText = useRewardText();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'promotion:write') : false;
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ mission: Mission | null; form: MissionForm } | null>(null);
  const [ending, setEnding] = useState<Mission | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const missions = useQuery({
    queryKey: ['missions', 'list'],
    queryFn: async () => (await adminGet<{ list: Mission[] }>('/missions')).list,
  });
  const save = useDecision(
    (value: { id: number | null; body: MissionInput }) =>
      value.id === null ? adminCall('POST', '/missions', value.body) : adminCall('PUT', `/missions/${value.id}`, value.body),
    () => {
      setNotice(t('loyalty.missions.saved'));
      setEditing(null);
      void missions.refetch();
    },
  );
  const state = useDecision(
    (value: { mission: Mission; state: MissionState }) => adminCall('POST', `/missions/${value.mission.id}/state`, { state: value.state }),
    (value) => {
      setNotice(t(`loyalty.missions.stateSaved.${value.state}`, { code: value.mission.input.code }));
      setEnding(null);
      void missions.refetch();
    },
  );
  const titleOf = (m: Mission) => m.input.titles[language] ?? m.input.titles.en ?? m.input.titles.vi ?? m.input.code;
  const targetText = (input: MissionInput) => {
    const category = input.category
      ? t(`gameCategories.${input.category}`, { defaultValue: input.category })
      : t('loyalty.missions.anyCategory');
    return t(`loyalty.missions.targets.${input.event}`, { target: wholeText(input.target, language), category });
  };
  const columns: Column<Mission>[] = [
    { key: 'code', header: t('loyalty.missions.code'), cell: (m) => m.input.code },
    { key: 'title', header: t('loyalty.missions.name'), cell: titleOf },
    { key: 'period', header: t('loyalty.missions.period'), cell: (m) => t(`loyalty.missions.periods.${m.input.period}`) },
    { key: 'target', header: t('loyalty.missions.target'), cell: (m) => targetText(m.input) },
    { key: 'reward', header: t('loyalty.reward.title'), cell: (m) => rewardText(m.input.reward) },
    { key: 'completions', header: t('loyalty.missions.completions'), numeric: true, cell: (m) => wholeText(m.completions, language) },
    {
      key: 'state',
      header: t('loyalty.state'),
      cell: (m) => <span className={m.state === 'active' ? 'badge badge--ok' : 'badge'}>{t(`loyalty.missions.states.${m.state}`)}</span>,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (m) =>
        mayWrite && m.state !== 'ended' ? (
          <div className="actions">
            <button type="button" className="button" onClick={() => open(m)}>
              {t('loyalty.edit')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => state.run({ mission: m, state: m.state === 'active' ? 'paused' : 'active' })}
            >
              {m.state === 'active' ? t('loyalty.missions.pause') : t('loyalty.missions.resume')}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={() => {
                state.clearError();
                setEnding(m);
              }}
            >
              {t('loyalty.missions.end')}
            </button>
          </div>
        ) : null,
    },
  ];
  function open(mission: Mission | null) {
    save.clearError();
    setProblem(null);
    setEditing({ mission, form: missionForm(mission?.input) });
  }
  function submit() {
    if (!editing) return;
    const checked = missionBody(editing.form, editing.mission?.input);
    if ('problem' in checked) return setProblem(t(`loyalty.missions.problems.${checked.problem}`));
    setProblem(null);
    save.run({ id: editing.mission?.id ?? null, body: checked.body });
  }
  const set = (name: Exclude<keyof MissionForm, 'reward'>) => (event: { target: { value: string } }) =>
    setEditing((current) => (current ? { ...current, form: { ...current.form, [name]: event.target.value } } : current));
  const input = (name: Exclude<keyof MissionForm, 'reward'>, label: string, hint?: string) => (
    <label className="field">
      {label}
      <input name={name} value={editing?.form[name] ?? ''} onChange={set(name)} autoComplete="off" />
      {hint ? <span className="muted">{hint}</span> : null}
    </label>
  );
  const select = (name: 'period' | 'event' | 'category', label: string, options: readonly string[], labelOf: (value: string) => string) => (
    <label className="field">
      {label}
      <select name={name} value={editing?.form[name]} onChange={set(name)}>
        {options.map((value) => (
          <option key={value} value={value}>
            {labelOf(value)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <>
      {mayWrite ? (
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => open(null)}>
            {t('loyalty.missions.add')}
          </button>
        </div>
      ) : null}
      <p className="muted">{t('loyalty.missions.intro')}</p>
      <Notice text={notice} />
      {state.error && !ending ? (
        <p className="alert alert--error" role="alert">
          {state.error}
        </p>
      ) : null}
      <QueueState
        isLoading={missions.isLoading}
        error={missions.error}
        isEmpty={(missions.data?.length ?? 0) === 0}
        emptyText={t('loyalty.missions.empty')}
        onRetry={() => void missions.refetch()}
      >
        <DataTable columns={columns} rows={missions.data ?? []} rowKey={(m) => m.id} rowTestId={(m) => `mission-${m.input.code}`} />
      </QueueState>
      {editing ? (
        <DecisionDialog
          title={editing.mission ? t('loyalty.missions.editTitle', { code: editing.mission.input.code }) : t('loyalty.missions.addTitle')}
          hint={editing.mission ? t('loyalty.missions.editHint') : undefined}
          submitLabel={t('loyalty.save')}
          error={problem ?? save.error}
          isPending={save.isPending}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        >
          {input('code', t('loyalty.missions.code'), t('loyalty.missions.codeHint'))}
          {input('titleVi', t('loyalty.missions.titleVi'))}
          {input('titleEn', t('loyalty.missions.titleEn'))}
          {select('period', t('loyalty.missions.period'), MISSION_PERIODS, (value) => t(`loyalty.missions.periods.${value}`))}
          {select('event', t('loyalty.missions.event'), MISSION_EVENTS, (value) => t(`loyalty.missions.events.${value}`))}
          {editing.form.event === 'rounds' || editing.form.event === 'valid_bet'
            ? select('category', t('loyalty.missions.category'), [ANY, ...GAME_CATEGORIES], (value) =>
                value === ANY ? t('loyalty.missions.anyCategory') : t(`gameCategories.${value}`, { defaultValue: value }),
              )
            : null}
          {input('target', t('loyalty.missions.target'), t(`loyalty.missions.targetHints.${editing.form.event}`))}
          <RewardFields
            draft={editing.form.reward}
            onChange={(reward) => setEditing((current) => (current ? { ...current, form: { ...current.form, reward } } : current))}
          />
          {input('sort', t('loyalty.missions.sort'))}
        </DecisionDialog>
      ) : null}
      {ending ? (
        <DecisionDialog
          title={t('loyalty.missions.endTitle', { code: ending.input.code })}
          hint={t('loyalty.missions.endHint')}
          submitLabel={t('loyalty.missions.end')}
          tone="danger"
          error={state.error}
          isPending={state.isPending}
          onSubmit={() => state.run({ mission: ending, state: 'ended' })}
          onClose={() => setEnding(null)}
        />
      ) : null}
    </>
  );
}

/** The rewards of the sign-in streak's days 1..n (the cycle starts again after the last). */
function CalendarTab() {
  const { t } = useTranslation();
  const rewardText = useRewardText();
  const operator = useSession()?.admin;
  const mayWrite = operator ? mayUse(operator, 'promotion:write') : false;
  const [days, setDays] = useState<RewardDraft[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const calendar = useQuery({
    queryKey: ['missions', 'sign-in-calendar'],
    queryFn: async () => {
      try {
        return (await adminGet<{ rewards: RewardSpec[] }>('/missions/sign-in-calendar')).rewards;
      } catch (error) {
        // No calendar yet: the operator starts one.
        if (error instanceof AdminApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
  useEffect(() => {
    if (calendar.data && days === null)
      setDays(calendar.data.length > 0 ? calendar.data.map((spec) => rewardDraft(spec)) : [rewardDraft()]);
  }, [calendar.data, days]);
  const save = useDecision(
    (rewards: RewardSpec[]) => adminCall('PUT', '/missions/sign-in-calendar', { rewards }),
    () => {
      setNotice(t('loyalty.calendar.saved'));
      void calendar.refetch();
    },
  );
  const list = days ?? [];
  const change = (index: number, draft: RewardDraft) => setDays(list.map((each, i) => (i === index ? draft : each)));
  function submit() {
    setNotice(null);
    const rewards: RewardSpec[] = [];
    for (const [index, draft] of list.entries()) {
      const reward = rewardOf(draft);
      if (!reward) return setProblem(t('loyalty.calendar.problem', { day: index + 1 }));
      rewards.push(reward);
    }
    if (rewards.length === 0) return setProblem(t('loyalty.calendar.empty'));
    setProblem(null);
    save.run(rewards);
  }
  return (
    <QueueState isLoading={calendar.isLoading} error={calendar.error} isEmpty={false} onRetry={() => void calendar.refetch()}>
      <p className="muted">{t('loyalty.calendar.intro', { max: SIGN_IN_CYCLE_MAX })}</p>
      <Notice text={notice} />
      {mayWrite ? (
        <form
          className="form-card calendar-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <ol className="calendar-days">
            {list.map((draft, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a day is its place in the cycle
              <li key={index} data-testid={`sign-in-day-${index + 1}`}>
                <RewardFields
                  draft={draft}
                  name={`day${index + 1}`}
                  label={t('loyalty.calendar.day', { day: index + 1 })}
                  onChange={(next) => change(index, next)}
                />
              </li>
            ))}
          </ol>
          {(problem ?? save.error) ? (
            <p className="alert alert--error" role="alert">
              {problem ?? save.error}
            </p>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={list.length >= SIGN_IN_CYCLE_MAX}
              onClick={() => setDays([...list, rewardDraft()])}
            >
              {t('loyalty.calendar.addDay')}
            </button>
            <button type="button" className="button" disabled={list.length <= 1} onClick={() => setDays(list.slice(0, -1))}>
              {t('loyalty.calendar.removeDay')}
            </button>
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              {t('loyalty.save')}
            </button>
          </div>
        </form>
      ) : (
        <ol className="calendar-days">
          {(calendar.data ?? []).map((spec, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a day is its place in the cycle
            <li key={index} data-testid={`sign-in-day-${index + 1}`}>
              {t('loyalty.calendar.day', { day: index + 1 })}: {rewardText(spec)}
            </li>
          ))}
        </ol>
      )}
    </QueueState>
  );
}
