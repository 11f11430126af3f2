import { dateAtOffset } from '../../lib/time-format.ts';

/**
 * Draw times. Vietnam keeps UTC+7 all year (no daylight saving), so a fixed offset is exact.
 */
export const VIETNAM_UTC_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
/** Daily stations get periods for today and the next days up to this many. */
export const STATION_DAYS_AHEAD = 2;
/** Fast games get periods this far ahead (at least two draws). */
export const FAST_HORIZON_MS = 10 * 60_000;

export type ScheduledGame = {
  drawDays: readonly number[];
  drawTime: string | null;
  intervalSeconds: number | null;
  lockSeconds: number;
};

export type PlannedPeriod = { numero: string; drawDate: string; opensAt: Date; locksAt: Date; drawAt: Date };

/** The calendar day `YYYY-MM-DD` in Vietnam at an instant. */
export function vietnamDateOf(at: Date): string {
  return dateAtOffset(at, VIETNAM_UTC_OFFSET_MS / 60_000);
}

/** 1 = Sunday (Chủ nhật) .. 7 = Saturday (Thứ 7) of a Vietnam calendar day. */
export function vietnamWeekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() + 1;
}

function vietnamMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - VIETNAM_UTC_OFFSET_MS;
}

/**
 * The periods a game should have whose draw is after `now` and within the horizon. A daily
 * station draws once on each of its weekdays at its time (numero `YYYYMMDD`) and opens when the
 * period is created; a fast game draws every interval from Vietnam midnight (numero
 * `YYYYMMDD-NNNN`, the draw's count in the day) and opens at the previous draw.
 */
export function plannedPeriods(game: ScheduledGame, now: Date): PlannedPeriod[] {
  const out: PlannedPeriod[] = [];
  const today = vietnamDateOf(now);
  if (game.intervalSeconds !== null) {
    const step = game.intervalSeconds * 1000;
    const until = now.getTime() + Math.max(FAST_HORIZON_MS, 2 * step);
    for (let drawMs = Math.floor(now.getTime() / step) * step + step; drawMs <= until; drawMs += step) {
      const drawAt = new Date(drawMs);
      const drawDate = vietnamDateOf(new Date(drawMs - 1));
      const index = Math.round((drawMs - vietnamMidnight(drawDate)) / step);
      out.push({
        numero: `${drawDate.replaceAll('-', '')}-${String(index).padStart(4, '0')}`,
        drawDate,
        opensAt: new Date(drawMs - step),
        locksAt: new Date(drawMs - Math.min(game.lockSeconds * 1000, step)),
        drawAt,
      });
    }
    return out;
  }
  if (!game.drawTime) return out;
  const [hours, minutes] = game.drawTime.split(':').map(Number) as [number, number];
  for (let day = 0; day <= STATION_DAYS_AHEAD; day++) {
    const date = vietnamDateOf(new Date(vietnamMidnight(today) + day * DAY_MS + VIETNAM_UTC_OFFSET_MS));
    if (!game.drawDays.includes(vietnamWeekdayOf(date))) continue;
    const drawAt = new Date(vietnamMidnight(date) + (hours * 60 + minutes) * 60_000);
    if (drawAt <= now) continue;
    const locksAt = new Date(drawAt.getTime() - game.lockSeconds * 1000);
    out.push({ numero: date.replaceAll('-', ''), drawDate: date, opensAt: now < locksAt ? now : locksAt, locksAt, drawAt });
  }
  return out;
}
