import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/database.ts';
import { withRetry } from '../../lib/db-errors.ts';
import * as slots from './job-slots.repository.ts';

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type Job<T> = { id: string; name: string; data: T };
export type JobHandler<T> = (job: Job<T>) => Promise<void>;
/** `slotAt` names the firing (the minute pg-boss fired it), the key that makes a slot run once. */
export type ScheduledJobHandler = (slot: { name: string; slotAt: Date }) => Promise<void>;

export type SendOptions = {
  /**
   * Every job is keyed: while a job with this key waits, another send with the same key is refused,
   * and the handler uses the key (or the data) to do its work once.
   */
  singletonKey: string;
  startAfterSeconds?: number;
  retryLimit?: number;
};

/** pg-boss intervals; the defaults suit production, tests shorten them. */
export type JobTiming = {
  pollingIntervalSeconds: number;
  cronMonitorIntervalSeconds: number;
  cronWorkerIntervalSeconds: number;
  clockMonitorIntervalSeconds: number;
};

export type JobRunner = {
  /** Identifies this server node in job records and logs. */
  readonly node: string;
  readonly isStarted: boolean;
  start: () => Promise<void>;
  /** Stops polling, waits for running handlers up to the grace period, then fails what is left. */
  stop: () => Promise<void>;
  schedule: (name: string, cron: string, handler: ScheduledJobHandler) => Promise<void>;
  work: <T extends object>(name: string, handler: JobHandler<T>) => Promise<void>;
  /** Returns the job id, or null when a job with the same singleton key is already queued. */
  send: <T extends object>(name: string, data: T, options: SendOptions) => Promise<string | null>;
};

export type JobRunnerOptions = {
  database: Database;
  logger: JobLogger;
  node?: string;
  timing?: Partial<JobTiming>;
  stopGraceMs?: number;
};

const DEFAULT_TIMING: JobTiming = {
  pollingIntervalSeconds: 2,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 5,
  clockMonitorIntervalSeconds: 600,
};
// Under the 10 s that server.ts allows for the whole shutdown.
const DEFAULT_STOP_GRACE_MS = 7_000;
const PG_BOSS_POOL_SIZE = 4;
const QUEUE_CREATE_ATTEMPTS_MAX = 5;
/** A slot left `running` this long by a node that died may be taken by another node. */
const SLOT_ABANDONED_AFTER_MINUTES = 30;
/** Slot records older than this are deleted; pg-boss keeps its own job history for as long. */
const SLOT_RETENTION_DAYS = 7;
/**
 * The pg-boss policy that keeps at most one queued and one running job per singleton key, so a
 * scheduled job never piles up and a keyed send is refused while its twin waits.
 */
const QUEUE_POLICY = 'stately';

type Registration =
  | { kind: 'work'; name: string; handler: JobHandler<object> }
  | { kind: 'schedule'; name: string; cron: string; handler: ScheduledJobHandler };

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, logger } = options;
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const node = options.node ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const registrations: Registration[] = [];
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;

  function createBoss(): PgBoss {
    const connection: PgBoss.DatabaseOptions = database.connectionString
      ? { connectionString: database.connectionString, max: PG_BOSS_POOL_SIZE, application_name: 'jobs' }
      : { db: { executeSql: (text, values) => database.executeSql(text, values) } };
    const instance = new PgBoss({
      ...connection,
      pollingIntervalSeconds: timing.pollingIntervalSeconds,
      cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: timing.cronWorkerIntervalSeconds,
      clockMonitorIntervalSeconds: timing.clockMonitorIntervalSeconds,
    });
    instance.on('error', (err) => logger.error({ err, node }, 'job runner error'));
    return instance;
  }

  const knownQueues = new Set<string>();

  async function ensureQueue(instance: PgBoss, name: string): Promise<void> {
    if (knownQueues.has(name)) return;
    // Two nodes creating one queue at start-up can deadlock; the survivor's queue is the one we want.
    await withRetry(
      async () => {
        if (!(await instance.getQueue(name))) await instance.createQueue(name, { name, policy: QUEUE_POLICY });
      },
      { attempts: QUEUE_CREATE_ATTEMPTS_MAX, retryOn: () => true },
    );
    knownQueues.add(name);
  }

  async function claimSlot(name: string, slotAt: Date): Promise<boolean> {
    return slots.claim(database.db, { name, slotAt, node, abandonedAfterMinutes: SLOT_ABANDONED_AFTER_MINUTES });
  }

  async function runScheduled(name: string, handler: ScheduledJobHandler, createdOn: Date): Promise<void> {
    const slotAt = new Date(Math.floor(createdOn.getTime() / 60_000) * 60_000);
    if (!(await claimSlot(name, slotAt))) {
      logger.info({ job: name, slotAt, node }, 'scheduled slot already taken');
      return;
    }
    try {
      await handler({ name, slotAt });
    } catch (err) {
      // Releasing the claim lets pg-boss's retry run the slot again.
      await slots.release(database.db, name, slotAt);
      throw err;
    }
    await slots.complete(database.db, name, slotAt, new Date());
    // An every-minute job writes 1,440 slots a day; each job prunes its own.
    await slots.prune(database.db, name, SLOT_RETENTION_DAYS);
  }

  async function apply(instance: PgBoss, registration: Registration): Promise<void> {
    await ensureQueue(instance, registration.name);
    const workOptions = { pollingIntervalSeconds: timing.pollingIntervalSeconds, includeMetadata: true as const };
    if (registration.kind === 'work') {
      const { handler } = registration;
      await instance.work<object>(registration.name, workOptions, async (jobs) => {
        for (const job of jobs) await handler({ id: job.id, name: job.name, data: job.data });
      });
      return;
    }
    const { name, cron, handler } = registration;
    await instance.work<object>(name, workOptions, async (jobs) => {
      for (const job of jobs) await runScheduled(name, handler, new Date(job.createdOn));
    });
    await instance.schedule(name, cron, {}, { tz: 'UTC' });
  }

  const runner: JobRunner = {
    node,
    get isStarted() {
      return boss !== undefined;
    },
    async start() {
      if (boss) return;
      starting ??= (async () => {
        const instance = createBoss();
        await instance.start();
        for (const registration of registrations) await apply(instance, registration);
        boss = instance;
        logger.info({ node, registrations: registrations.length }, 'job runner started');
      })();
      try {
        await starting;
      } finally {
        starting = undefined;
      }
    },
    async stop() {
      const instance = boss;
      if (!instance) return;
      boss = undefined;
      await instance.stop({ graceful: true, wait: true, timeout: options.stopGraceMs ?? DEFAULT_STOP_GRACE_MS });
      logger.info({ node }, 'job runner stopped');
    },
    async schedule(name, cron, handler) {
      const registration: Registration = { kind: 'schedule', name, cron, handler };
      registrations.push(registration);
      if (boss) await apply(boss, registration);
    },
    async work(name, handler) {
      const registration: Registration = { kind: 'work', name, handler: handler as JobHandler<object> };
      registrations.push(registration);
      if (boss) await apply(boss, registration);
    },
    async send(name, data, sendOptions) {
      if (!boss) throw new Error(`Job runner is not started; cannot send ${name}`);
      await ensureQueue(boss, name);
      return boss.send(name, data, {
        singletonKey: sendOptions.singletonKey,
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
        ...(sendOptions.retryLimit !== undefined ? { retryLimit: sendOptions.retryLimit } : {}),
      });
    },
  };
  return runner;
}
