import { localDateOf } from './time-format.ts';

export { formatDateTime } from './time-format.ts';

/** The latest birthday (YYYY-MM-DD) of someone who is at least `age` years old today. */
export function latestBirthdayFor(age: number, today = new Date()): string {
  return `${today.getFullYear() - age}${localDateOf(today).slice(4)}`;
}
