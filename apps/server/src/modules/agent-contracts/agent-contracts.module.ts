import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { TeamStatsService } from '../daily-stats/team-stats.service.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { agentContractsAdminRoutes } from './agent-contracts.admin-routes.ts';
import { agentContractsRoutes } from './agent-contracts.routes.ts';
import { type AgentContractsService, createAgentContractsService } from './agent-contracts.service.ts';
import { contractPolicySetting } from './agent-contracts.settings.ts';

/** Agent contracts: dividend, daily wage, hourly wage and real-time salary terms along the downline (docs/agent-contracts.md). */
export function createAgentContractsModule(deps: {
  db: Kysely<DB>;
  agents: AgentsService;
  settings: SettingsService;
  inbox: Pick<InboxService, 'platform'>;
  ledger: LedgerService;
  /** The daily team rollups settlement reads (the daily-stats module). */
  teamStats: Pick<TeamStatsService, 'gameByDay' | 'qualifiedMembers'>;
  timeZoneOf: (merchantId: number) => Promise<string>;
  now: () => Date;
}): PlatformModule<'agentContracts', AgentContractsService> {
  const contracts = createAgentContractsService(deps);
  return {
    name: 'agentContracts',
    service: contracts,
    routes: agentContractsRoutes(contracts),
    adminRoutes: agentContractsAdminRoutes(contracts),
    settings: [contractPolicySetting],
  };
}
