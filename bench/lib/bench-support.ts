/** What every benchmark needs: its settings from the environment, its own database, work in parallel. */

/** A positive integer setting, or the fallback when it is not set. */
export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/** The same server, another database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs `work` for items 0..items-1 with at most `count` at a time. */
export async function inParallel(count: number, items: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: count }, async () => {
      while (next < items) await work(next++);
    }),
  );
}
