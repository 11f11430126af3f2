import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../../../test/test-database.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} };
const FAST_TIMING = {
  pollingIntervalSeconds: 0.5,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  clockMonitorIntervalSeconds: 60,
};

function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  return waitUntil(condition, { what: 'the job runner', timeoutMs, pollMs: 50 });
}

describe('the job runner', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(): Promise<TestDatabase> {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    return database;
  }

  function runner(database: TestDatabase, node: string): JobRunner {
    const instance = createJobRunner({ database, logger: quietLogger, node, timing: FAST_TIMING, stopGraceMs: 1000 });
    cleanups.push(() => instance.stop());
    return instance;
  }

  it('delivers a sent job to its worker with its data', async () => {
    const database = await setup();
    const jobs = runner(database, 'a');
    const received: Array<{ greeting: string }> = [];
    await jobs.work<{ greeting: string }>('echo', async (job) => {
      received.push(job.data);
    });
    await jobs.start();
    const id = await jobs.send('echo', { greeting: 'xin chào' }, { singletonKey: 'echo-1' });
    expect(id).toEqual(expect.any(String));
    await waitFor(() => received.length === 1, 15_000);
    expect(received).toEqual([{ greeting: 'xin chào' }]);
  });

  it('refuses a second send with the same key while the first still waits', async () => {
    const database = await setup();
    const jobs = runner(database, 'a');
    await jobs.start();
    const first = await jobs.send('keyed', { n: 1 }, { singletonKey: 'same' });
    const second = await jobs.send('keyed', { n: 2 }, { singletonKey: 'same' });
    const other = await jobs.send('keyed', { n: 3 }, { singletonKey: 'other' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
  });

  it('refuses to send before it is started', async () => {
    const database = await setup();
    const jobs = runner(database, 'a');
    await expect(jobs.send('echo', {}, { singletonKey: 'k' })).rejects.toThrow(/not started/);
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'runs a scheduled job exactly once per slot when two nodes share the database',
    async () => {
      const database = await setup();
      const runs: Array<{ node: string; slotAt: number }> = [];
      const nodes = [runner(database, 'node-a'), runner(database, 'node-b')];
      for (const jobs of nodes) {
        await jobs.schedule('every-minute', '* * * * *', async ({ slotAt }) => {
          runs.push({ node: jobs.node, slotAt: slotAt.getTime() });
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
      }
      await Promise.all(nodes.map((jobs) => jobs.start()));
      expect(nodes.every((jobs) => jobs.isStarted)).toBe(true);

      // The minute that has just begun is the first slot; the next minute boundary brings a second.
      await waitFor(() => runs.length >= 1, 20_000);
      const nextMinute = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
      await waitFor(() => Date.now() > nextMinute + 8_000 && runs.length >= 2, 90_000);

      const slots = runs.map((r) => r.slotAt);
      expect(new Set(slots).size).toBe(slots.length);
      expect(runs.length).toBe(2);
      const recorded = await database.db.selectFrom('job_slots').selectAll().where('name', '=', 'every-minute').execute();
      expect(recorded.map((r) => r.status)).toEqual(['completed', 'completed']);
      expect(recorded.map((r) => r.node).every((n) => n === 'node-a' || n === 'node-b')).toBe(true);
    },
    150_000,
  );

  it.skipIf(testDatabaseKind() !== 'postgres')('hands a keyed job sent by two nodes to one worker once', async () => {
    const database = await setup();
    const handled: string[] = [];
    const nodes = [runner(database, 'node-a'), runner(database, 'node-b')];
    await Promise.all(nodes.map((jobs) => jobs.start()));
    // Both nodes send while the job is still queued (no worker has taken it yet): the key lets one in.
    const ids = await Promise.all(nodes.map((jobs) => jobs.send('settle-draw', { drawId: 7 }, { singletonKey: 'draw-7' })));
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    for (const jobs of nodes) {
      await jobs.work<{ drawId: number }>('settle-draw', async () => {
        handled.push(jobs.node);
      });
    }
    await waitFor(() => handled.length === 1, 15_000);
    // Once the only job of that name is completed, no worker can take it again.
    await waitFor(async () => {
      const { rows } = await database.executeSql("SELECT state FROM pgboss.job WHERE name = 'settle-draw'");
      return rows.length === 1 && (rows[0] as { state: string }).state === 'completed';
    }, 15_000);
    expect(handled).toHaveLength(1);
  });

  it('a slot that was already completed is not run again', async () => {
    const database = await setup();
    const jobs = runner(database, 'a');
    const slotAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    await database.db
      .insertInto('job_slots')
      .values({ name: 'every-minute', slot_at: slotAt, status: 'completed', node: 'earlier' })
      .execute();
    let runCount = 0;
    await jobs.schedule('every-minute', '* * * * *', async () => {
      runCount += 1;
    });
    await jobs.start();
    // pg-boss fires the current minute at once; its slot is taken, so the handler must not run.
    await waitFor(async () => {
      const { rows } = await database.executeSql(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'every-minute' AND state = 'completed'",
      );
      return (rows[0] as { n: number }).n >= 1;
    }, 20_000);
    const stillSameMinute = Math.floor(Date.now() / 60_000) * 60_000 === slotAt.getTime();
    if (stillSameMinute) expect(runCount).toBe(0);
    else expect(runCount).toBeLessThanOrEqual(1);
  });

  it('runs a scheduled handler once for the current minute and prunes slot records older than a week', async () => {
    const database = await setup();
    const weekAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await database.db
      .insertInto('job_slots')
      .values({ name: 'every-minute', slot_at: weekAgo, status: 'completed', node: 'earlier' })
      .execute();
    const jobs = runner(database, 'a');
    const slots: Date[] = [];
    await jobs.schedule('every-minute', '* * * * *', async ({ slotAt }) => {
      slots.push(slotAt);
    });
    await jobs.start();
    await waitFor(async () => {
      const rows = await database.db.selectFrom('job_slots').select(['slot_at', 'status']).where('name', '=', 'every-minute').execute();
      return rows.length === 1 && rows[0]?.status === 'completed' && rows[0].slot_at.getTime() > weekAgo.getTime();
    }, 20_000);
    expect(slots).toHaveLength(1);
    expect(slots[0]?.getUTCSeconds()).toBe(0);
  });
});
