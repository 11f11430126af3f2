import { describe, expect, it } from 'vitest';
import { runAtMost } from './run-at-most.ts';

/** A task that resolves when its gate is opened, and counts how many run at once. */
function gated() {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const gates = new Map<number, { open: () => void; fail: (e: Error) => void }>();
  const task = (i: number) => () =>
    new Promise<number>((resolve, reject) => {
      running += 1;
      most = Math.max(most, running);
      started.push(i);
      gates.set(i, {
        open: () => {
          running -= 1;
          resolve(i * 10);
        },
        fail: (e) => {
          running -= 1;
          reject(e);
        },
      });
    });
  return { task, gates, started, most: () => most, running: () => running };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('runAtMost', () => {
  it('runs at most the limit at once and answers in the tasks’ order', async () => {
    const g = gated();
    const all = runAtMost(2, [0, 1, 2, 3, 4].map(g.task));
    await turn();
    expect(g.started).toEqual([0, 1]);
    g.gates.get(1)?.open();
    await turn();
    expect(g.started).toEqual([0, 1, 2]);
    for (const i of [0, 2, 3, 4]) {
      await turn();
      g.gates.get(i)?.open();
    }
    expect(await all).toEqual([0, 10, 20, 30, 40]);
    expect(g.most()).toBe(2);
  });

  it('starts nothing after a failure, waits for the running task, then throws the first failure', async () => {
    const g = gated();
    let settled = false;
    const all = runAtMost(2, [0, 1, 2, 3].map(g.task)).finally(() => {
      settled = true;
    });
    await turn();
    g.gates.get(0)?.fail(new Error('the first chunk failed'));
    await turn();
    // Task 1 still runs: the call has not answered, and task 2 never started.
    expect(settled).toBe(false);
    expect(g.started).toEqual([0, 1]);
    g.gates.get(1)?.open();
    await expect(all).rejects.toThrow('the first chunk failed');
    expect(g.started).toEqual([0, 1]);
    expect(g.running()).toBe(0);
  });

  it('runs one at a time with a limit of 1, answers [] for no tasks, and refuses a limit below 1', async () => {
    const order: number[] = [];
    const results = await runAtMost(
      1,
      [3, 1, 2].map((n) => async () => {
        order.push(n);
        await turn();
        order.push(-n);
        return n;
      }),
    );
    expect(results).toEqual([3, 1, 2]);
    expect(order).toEqual([3, -3, 1, -1, 2, -2]);
    expect(await runAtMost(3, [])).toEqual([]);
    await expect(runAtMost(0, [async () => 1])).rejects.toThrow('at least 1');
  });
});
