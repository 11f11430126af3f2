import type { MemberMission, MissionPeriod, MissionSummary } from '@platform/contracts/missions';
import { useState } from 'react';
import { useSiteCurrency } from '../../../api/home-queries.ts';
import { useMissionSummary } from '../../../api/loyalty.ts';
import { ErrorState, LoadingState } from '../../../components/load-states.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useRewardText } from '../../../hooks/use-reward-text.ts';
import { errorText } from '../../../lib/api-client.ts';
import { useMoneyFormat } from '../../../lib/money-format.ts';
import { formatDateTime } from '../../../lib/time-format.ts';
import { useClaimMissionReward, useMissionLeaderboard, useSignIn } from '../api/missions-api.ts';
import { useMissionsTranslation } from '../i18n/register-translations.ts';
import './missions.css';

const PERIODS: readonly MissionPeriod[] = ['daily', 'weekly', 'once'];

/** `missionLeaderboard`: the sign-in calendar, the missions with live progress and a claim, and the leaderboard. */
export function MissionsView() {
  const { i18n } = useMissionsTranslation();
  const summary = useMissionSummary(i18n.language);
  if (summary.error) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  if (!summary.data) return <LoadingState />;
  return (
    <div className="ms-page">
      <SignInCalendar summary={summary.data} />
      <MissionList missions={summary.data.missions} />
      <Leaderboard />
    </div>
  );
}

function useWords() {
  const { t } = useMissionsTranslation();
  return useRewardText({ points: (amount) => t('reward.points', { amount }), bonus: t('reward.bonus') });
}

function SignInCalendar({ summary }: { summary: MissionSummary }) {
  const { t } = useMissionsTranslation();
  const rewardText = useWords();
  const signIn = useSignIn();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const calendar = summary.signIn;
  if (calendar.days.length === 0) return null;

  function signInNow(): void {
    setMessage(null);
    signIn.mutate(undefined, {
      onSuccess: (value) => {
        const day = ((value.streak - 1) % calendar.days.length) + 1;
        setMessage({ ok: true, text: t('signIn.signed', { day }) });
      },
      onError: (error) => setMessage({ ok: false, text: errorText(error) }),
    });
  }

  return (
    <SectionCard title={t('signIn.title')} aside={<span className="ms-streak">{t('signIn.streak', { count: calendar.streak })}</span>}>
      <ol className="ms-days" data-testid="sign-in-calendar">
        {calendar.days.map((d) => (
          <li key={d.day} className={`ms-day ms-day--${d.state}`} data-state={d.state}>
            <span className="ms-day__label">{t('signIn.day', { day: d.day })}</span>
            <span className="ms-day__reward">{rewardText(d.rewardKind, d.rewardAmount)}</span>
            {d.state === 'done' && (
              <span className="ms-day__check" aria-hidden="true">
                ✓
              </span>
            )}
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--primary ms-sign-in"
        disabled={calendar.signedToday || signIn.isPending}
        onClick={signInNow}
      >
        {calendar.signedToday ? t('signIn.done') : signIn.isPending ? t('signIn.signing') : t('signIn.action')}
      </button>
      {message && (
        <p className={message.ok ? 'ms-result' : 'form__error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </SectionCard>
  );
}

function MissionList({ missions }: { missions: MemberMission[] }) {
  const { t } = useMissionsTranslation();
  if (missions.length === 0) return <p className="ms-note">{t('none')}</p>;
  return (
    <>
      {PERIODS.map((period) => {
        const list = missions.filter((m) => m.period === period);
        if (list.length === 0) return null;
        return (
          <SectionCard key={period} title={t(`periods.${period}`)}>
            <ul className="ms-missions">
              {list.map((m) => (
                <MissionRow key={m.id} mission={m} />
              ))}
            </ul>
          </SectionCard>
        );
      })}
    </>
  );
}

function MissionRow({ mission }: { mission: MemberMission }) {
  const { t } = useMissionsTranslation();
  const rewardText = useWords();
  const money = useMoneyFormat();
  const currency = useSiteCurrency();
  const claim = useClaimMissionReward();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const isMoney = mission.event === 'valid_bet' || mission.event === 'deposit';
  const figure = (n: number) => (isMoney ? money(n, currency) : n.toLocaleString());
  const percent = Math.min(100, Math.floor((mission.progress * 100) / mission.target));
  const reward = rewardText(mission.rewardKind, mission.rewardAmount);

  function claimNow(key: string): void {
    setMessage(null);
    claim.mutate(key, {
      onSuccess: (value) => setMessage({ ok: true, text: t('claimed', { reward: rewardText(value.kind, value.amount) }) }),
      onError: (error) => setMessage({ ok: false, text: errorText(error) }),
    });
  }

  return (
    <li className="ms-mission" data-code={mission.code} data-status={mission.status}>
      <div className="ms-mission__head">
        <span className="ms-mission__title">{mission.title}</span>
        <span className="ms-mission__reward">{reward}</span>
      </div>
      <div
        className="ms-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={mission.target}
        aria-valuenow={mission.progress}
        aria-label={t('progress')}
      >
        <span className="ms-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="ms-mission__foot">
        <span className="ms-mission__figures">
          {figure(mission.progress)} / {figure(mission.target)}
        </span>
        {mission.endsAt && mission.status === 'IN_PROGRESS' && (
          <span className="ms-note">{t('endsAt', { time: formatDateTime(mission.endsAt) })}</span>
        )}
        {mission.status === 'CLAIMABLE' && mission.rewardKey ? (
          <button
            type="button"
            className="button button--primary"
            disabled={claim.isPending}
            onClick={() => claimNow(mission.rewardKey as string)}
          >
            {claim.isPending ? t('claiming') : t('status.CLAIMABLE')}
          </button>
        ) : (
          <span className={`ms-pill ms-pill--${mission.status}`}>{t(`status.${mission.status}`)}</span>
        )}
      </div>
      {message && (
        <p className={message.ok ? 'ms-result' : 'form__error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </li>
  );
}

function Leaderboard() {
  const { t } = useMissionsTranslation();
  const [period, setPeriod] = useState<'daily' | 'weekly'>('daily');
  const board = useMissionLeaderboard(period);
  const tabs = (
    <div className="ms-tabs" role="tablist">
      {(['daily', 'weekly'] as const).map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          aria-selected={p === period}
          className={`ms-tab${p === period ? ' ms-tab--on' : ''}`}
          onClick={() => setPeriod(p)}
        >
          {t(`leaderboard.${p}`)}
        </button>
      ))}
    </div>
  );
  return (
    <SectionCard title={t('leaderboard.title')} aside={tabs}>
      {board.error ? (
        <ErrorState error={board.error} onRetry={() => void board.refetch()} />
      ) : !board.data ? (
        <LoadingState />
      ) : (
        <>
          {board.data.list.length === 0 ? (
            <p className="ms-note">{t('leaderboard.empty')}</p>
          ) : (
            <table className="ms-board" data-testid="mission-leaderboard">
              <thead>
                <tr>
                  <th scope="col">{t('leaderboard.rank')}</th>
                  <th scope="col">{t('leaderboard.member')}</th>
                  <th scope="col">{t('leaderboard.completed')}</th>
                </tr>
              </thead>
              <tbody>
                {board.data.list.map((row) => (
                  <tr key={row.rank}>
                    <td>{row.rank}</td>
                    <td>{row.username}</td>
                    <td>{row.completed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="ms-note">
            {board.data.mine.rank === null
              ? t('leaderboard.mineUnranked', { completed: board.data.mine.completed })
              : t('leaderboard.mine', { completed: board.data.mine.completed, rank: board.data.mine.rank })}
          </p>
        </>
      )}
    </SectionCard>
  );
}
