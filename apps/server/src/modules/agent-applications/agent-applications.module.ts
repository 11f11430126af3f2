import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { JobLogger } from '../jobs/job-runner.ts';
import type { MerchantService } from '../merchant/merchant.service.ts';
import type { PlatformModule } from '../module.ts';
import { agentApplicationsAdminRoutes } from './agent-applications.admin-routes.ts';
import { agentApplicationsRoutes } from './agent-applications.routes.ts';
import { type AgentApplicationsService, createAgentApplicationsService } from './agent-applications.service.ts';

/** The agent programme's applications: the /join page's calls and the operator's queue under /admin-api/. */
export function createAgentApplicationsModule(deps: {
  db: Kysely<DB>;
  merchants: MerchantService;
  inbox: Pick<InboxService, 'admin'>;
  logger?: JobLogger | undefined;
  now: () => Date;
}): PlatformModule<'agentApplications', AgentApplicationsService> {
  const applications = createAgentApplicationsService(deps);
  return {
    name: 'agentApplications',
    service: applications,
    routes: agentApplicationsRoutes({ applications, merchants: deps.merchants }),
    adminRoutes: agentApplicationsAdminRoutes(applications),
  };
}
