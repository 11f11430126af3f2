import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MemberLabelsService } from '../member-labels/member-labels.service.ts';
import type { PlatformModule } from '../module.ts';
import { inboxAdminRoutes } from './inbox.admin-routes.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { createInboxService, type InboxNotifier, type InboxService } from './inbox.service.ts';

/** The job that announces scheduled messages as they go out, every minute. */
export const INBOX_ANNOUNCE_JOB_NAME = 'inbox-announce-scheduled';

/**
 * Platform messages; a send tells the members' open tabs through `notify` (the realtime hub), and a
 * scheduled one when it goes out (the job, within a minute of its time).
 */
export function createInboxModule(deps: {
  db: Kysely<DB>;
  now: () => Date;
  notify: InboxNotifier;
  labels: Pick<MemberLabelsService, 'list'>;
  vipLadder: (merchantId: number) => Promise<readonly { level: number; code: string; names: Record<string, string> }[]>;
  logger: { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
}): PlatformModule<'inbox', InboxService> {
  const inbox = createInboxService(deps);
  return {
    name: 'inbox',
    service: inbox,
    routes: inboxRoutes(inbox),
    adminRoutes: inboxAdminRoutes(inbox),
    jobs: (runner) =>
      runner.schedule(INBOX_ANNOUNCE_JOB_NAME, '* * * * *', async () => {
        const announced = await inbox.announceDue();
        if (announced > 0) deps.logger.info?.({ job: INBOX_ANNOUNCE_JOB_NAME, announced }, 'scheduled platform messages announced');
      }),
  };
}
