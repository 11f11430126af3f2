const pad = (value: number) => String(value).padStart(2, '0');

/** The site's time format (YYYY-MM-DD HH:mm:ss, spec section 2) in the browser's time zone; '' for nothing. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The latest birthday (YYYY-MM-DD) of someone who is at least `age` years old today. */
export function latestBirthdayFor(age: number, today = new Date()): string {
  return `${today.getFullYear() - age}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
}
