/**
 * Runs the tasks with at most `limit` of them at once, in order of start, and answers their results in
 * the tasks' order. After the first failure no task starts; the ones already running are waited for
 * (a task may hold a transaction), then the first failure is thrown.
 */
export async function runAtMost<T>(limit: number, tasks: readonly (() => Promise<T>)[]): Promise<T[]> {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`runAtMost needs a limit of at least 1, not ${limit}`);
  const results: T[] = new Array(tasks.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  async function worker(): Promise<void> {
    while (failure === null && next < tasks.length) {
      const index = next;
      next += 1;
      const task = tasks[index] as () => Promise<T>;
      try {
        results[index] = await task();
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}
