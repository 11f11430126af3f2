import type { JobRunner, ScheduledJobHandler } from '../src/modules/jobs/job-runner.ts';

/**
 * A job runner that never runs anything by itself: it keeps each scheduled job's handler by name, so
 * a test builds the app with it and fires a job when it chooses (`scheduled.get(name)?.(slot)`).
 */
export function capturingJobRunner(): { jobs: JobRunner; scheduled: Map<string, ScheduledJobHandler> } {
  const scheduled = new Map<string, ScheduledJobHandler>();
  const jobs: JobRunner = {
    node: 'test',
    isStarted: false,
    start: async () => {},
    stop: async () => {},
    schedule: async (name, _cron, handler) => {
      scheduled.set(name, handler);
    },
    work: async () => {},
    send: async () => null,
  };
  return { jobs, scheduled };
}
