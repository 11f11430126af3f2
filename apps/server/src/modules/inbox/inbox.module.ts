import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PlatformModule } from '../module.ts';
import { inboxAdminRoutes } from './inbox.admin-routes.ts';
import { inboxRoutes } from './inbox.routes.ts';
import { createInboxService, type InboxNotifier, type InboxService } from './inbox.service.ts';

/** Platform messages; a send tells the members' open tabs through `notify` (the realtime hub). */
export function createInboxModule(deps: {
  db: Kysely<DB>;
  now: () => Date;
  notify: InboxNotifier;
  logger: { warn: (obj: object, msg: string) => void };
}): PlatformModule<'inbox', InboxService> {
  const inbox = createInboxService(deps);
  return { name: 'inbox', service: inbox, routes: inboxRoutes(inbox), adminRoutes: inboxAdminRoutes(inbox) };
}
