import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { helpAdminRoutes } from './help.admin-routes.ts';
import { helpRoutes } from './help.routes.ts';
import { createHelpService, type HelpService } from './help.service.ts';

/** The help centre and member feedback: the visitors' and members' calls, and the operator's under /admin-api/. */
export function createHelpModule(deps: {
  db: Kysely<DB>;
  merchants: MerchantService;
  now: () => Date;
}): PlatformModule<'help', HelpService> {
  const help = createHelpService({ db: deps.db, now: deps.now });
  return {
    name: 'help',
    service: help,
    routes: helpRoutes({ help, merchants: deps.merchants }),
    adminRoutes: helpAdminRoutes(help),
  };
}
