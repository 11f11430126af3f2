import type { AdminLotteryGame } from '@platform/contracts/lottery';
import { LOTTERY_REGIONS } from '@platform/contracts/lottery-constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../api/client.ts';
import { DecisionDialog } from '../components/queue-parts.tsx';
import { useDecision } from '../components/use-queue.ts';

/** The week as the Vietnamese calendar names it, from Monday (Thứ 2 = 2) to Sunday (Chủ nhật = 1). */
export const WEEKDAYS = [2, 3, 4, 5, 6, 7, 1] as const;
const DRAW_TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const GAME_CODE = /^[A-Za-z0-9_-]{1,32}$/;
const MENU_TAG = /^[A-Z]{2,8}$/;

/** A whole number as typed (spaces and group separators allowed); NaN otherwise. */
const wholeOf = (text: string) => {
  const digits = text.replace(/[\s.,_]/g, '');
  return /^\d{1,15}$/.test(digits) ? Number(digits) : Number.NaN;
};

/** A station's draw days (each once, in week order) and time, or the problem (a key of `lotteryGames.problems`). */
export function scheduleProblem(schedule: { drawDays: readonly number[]; drawTime: string }): string | null {
  if (schedule.drawDays.length === 0) return 'drawDays';
  if (!DRAW_TIME.test(schedule.drawTime.trim())) return 'drawTime';
  return null;
}

/** The weekdays of a schedule by their names, Monday first ("Mon, Wed, Sun"). */
export function weekdayList(days: readonly number[], name: (day: number) => string): string {
  return WEEKDAYS.filter((day) => days.includes(day))
    .map(name)
    .join(', ');
}

/** Weekday check boxes and the draw time of a station. */
export function StationSchedule({
  drawDays,
  drawTime,
  onChange,
}: {
  drawDays: readonly number[];
  drawTime: string;
  onChange: (change: { drawDays?: number[]; drawTime?: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="field weekday-picker">
        <legend>{t('lotteryGames.newGame.drawDays')}</legend>
        {WEEKDAYS.map((day) => (
          <label className="check" key={day}>
            <input
              type="checkbox"
              name={`day-${day}`}
              checked={drawDays.includes(day)}
              onChange={(e) =>
                onChange({
                  drawDays: e.target.checked ? [...drawDays, day].sort((a, b) => a - b) : drawDays.filter((each) => each !== day),
                })
              }
            />{' '}
            {t(`lotteryGames.weekdayNames.${day}`)}
          </label>
        ))}
      </fieldset>
      <label className="field">
        {t('lotteryGames.newGame.drawTime')}
        <input type="time" name="drawTime" value={drawTime} onChange={(e) => onChange({ drawTime: e.target.value })} />
      </label>
    </>
  );
}

type NewGameForm = {
  gameId: string;
  category: 'LOTT' | 'ELOTT';
  region: (typeof LOTTERY_REGIONS)[number];
  province: string;
  nameVi: string;
  nameEn: string;
  menuTag: string;
  drawDays: number[];
  drawTime: string;
  intervalMinutes: string;
  lockSeconds: string;
  resultSource: 'official' | 'rng';
  minStake: string;
  maxStake: string;
  maxPayoutPerNumber: string;
  sort: string;
};

export const newGameForm = (): NewGameForm => ({
  gameId: '',
  category: 'LOTT',
  region: 'south',
  province: '',
  nameVi: '',
  nameEn: '',
  menuTag: 'MN',
  drawDays: [],
  drawTime: '16:15',
  intervalMinutes: '5',
  lockSeconds: '900',
  resultSource: 'official',
  minStake: '1000',
  maxStake: '5000000',
  maxPayoutPerNumber: '500000000',
  sort: '0',
});

/**
 * The body of a new game, or the field to correct (a key of `lotteryGames.problems`): a station
 * has weekdays and a draw time, a fast game its minutes between draws, betting closing before them;
 * the server checks the same.
 */
export function newGameBody(form: NewGameForm): { problem: string } | { body: Record<string, unknown> } {
  if (!GAME_CODE.test(form.gameId.trim())) return { problem: 'gameId' };
  if (form.province.trim() === '' && form.category === 'LOTT') return { problem: 'province' };
  if (form.nameVi.trim() === '' || form.nameEn.trim() === '') return { problem: 'name' };
  if (!MENU_TAG.test(form.menuTag.trim())) return { problem: 'menuTag' };
  const lockSeconds = wholeOf(form.lockSeconds);
  if (Number.isNaN(lockSeconds) || lockSeconds > 86_400) return { problem: 'lockSeconds' };
  const schedule: Record<string, unknown> = {};
  if (form.category === 'LOTT') {
    const problem = scheduleProblem(form);
    if (problem) return { problem };
    schedule.drawDays = WEEKDAYS.filter((day) => form.drawDays.includes(day));
    schedule.drawTime = form.drawTime.trim();
  } else {
    const minutes = wholeOf(form.intervalMinutes);
    if (Number.isNaN(minutes) || minutes < 1 || minutes > 1_440) return { problem: 'interval' };
    if (lockSeconds >= minutes * 60) return { problem: 'lockTooLong' };
    schedule.intervalSeconds = minutes * 60;
  }
  const minStake = wholeOf(form.minStake);
  const maxStake = wholeOf(form.maxStake);
  const maxPayoutPerNumber = wholeOf(form.maxPayoutPerNumber);
  if (Number.isNaN(minStake) || minStake < 1) return { problem: 'minStake' };
  if (Number.isNaN(maxStake) || maxStake < 1) return { problem: 'maxStake' };
  if (minStake > maxStake) return { problem: 'stakes' };
  if (Number.isNaN(maxPayoutPerNumber) || maxPayoutPerNumber < 1) return { problem: 'maxPayoutPerNumber' };
  const sort = wholeOf(form.sort);
  if (Number.isNaN(sort) || sort > 100_000) return { problem: 'sort' };
  return {
    body: {
      gameId: form.gameId.trim(),
      category: form.category,
      region: form.region,
      province: form.province.trim() || form.nameVi.trim(),
      name: { vi: form.nameVi.trim(), en: form.nameEn.trim() },
      menuTag: form.menuTag.trim(),
      ...schedule,
      lockSeconds,
      resultSource: form.resultSource,
      minStake,
      maxStake,
      maxPayoutPerNumber,
      sort,
    },
  };
}

/** Adding a station or a fast game (`lottery:config`); the server audits it (`lottery.game_created`). */
export function NewGameDialog({ onDone, onClose }: { onDone: (game: AdminLotteryGame) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<NewGameForm>(newGameForm);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useDecision(
    (body: Record<string, unknown>) => adminCall<AdminLotteryGame>('POST', '/lottery/games', body),
    (_body, game) => onDone(game),
  );
  const set = (change: Partial<NewGameForm>) => setForm((current) => ({ ...current, ...change }));
  const text = (key: keyof NewGameForm, inputMode?: 'numeric') => (
    <label className="field" key={key}>
      {t(`lotteryGames.newGame.${key}`)}
      <input
        name={key}
        inputMode={inputMode}
        value={String(form[key])}
        onChange={(e) => set({ [key]: e.target.value } as Partial<NewGameForm>)}
      />
    </label>
  );
  return (
    <DecisionDialog
      title={t('lotteryGames.newGame.title')}
      hint={t('lotteryGames.scheduleRule')}
      submitLabel={t('lotteryGames.newGame.add')}
      error={problem ?? create.error}
      isPending={create.isPending}
      onSubmit={() => {
        const checked = newGameBody(form);
        if ('problem' in checked) return setProblem(t(`lotteryGames.problems.${checked.problem}`));
        setProblem(null);
        return create.run(checked.body);
      }}
      onClose={onClose}
    >
      <label className="field">
        {t('lotteryGames.newGame.category')}
        <select name="category" value={form.category} onChange={(e) => set({ category: e.target.value as NewGameForm['category'] })}>
          {(['LOTT', 'ELOTT'] as const).map((each) => (
            <option key={each} value={each}>
              {t(`lotteryGames.newGame.categories.${each}`)}
            </option>
          ))}
        </select>
      </label>
      {text('gameId')}
      <label className="field">
        {t('lotteryGames.region')}
        <select name="region" value={form.region} onChange={(e) => set({ region: e.target.value as NewGameForm['region'] })}>
          {LOTTERY_REGIONS.map((each) => (
            <option key={each} value={each}>
              {t(`lotteryGames.regions.${each}`)}
            </option>
          ))}
        </select>
      </label>
      {text('province')}
      {text('nameVi')}
      {text('nameEn')}
      {text('menuTag')}
      {form.category === 'LOTT' ? (
        <StationSchedule drawDays={form.drawDays} drawTime={form.drawTime} onChange={set} />
      ) : (
        text('intervalMinutes', 'numeric')
      )}
      {text('lockSeconds', 'numeric')}
      <label className="field">
        {t('lotteryGames.newGame.resultSource')}
        <select
          name="resultSource"
          value={form.resultSource}
          onChange={(e) => set({ resultSource: e.target.value as NewGameForm['resultSource'] })}
        >
          {(['official', 'rng'] as const).map((each) => (
            <option key={each} value={each}>
              {t(`lotteryGames.newGame.resultSources.${each}`)}
            </option>
          ))}
        </select>
      </label>
      {text('minStake', 'numeric')}
      {text('maxStake', 'numeric')}
      {text('maxPayoutPerNumber', 'numeric')}
      {text('sort', 'numeric')}
    </DecisionDialog>
  );
}
