import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { BetRecordService, RoundNamesLookup } from '../bet-records/bet-records.service.ts';

import type { TeamStatsService } from '../daily-stats/team-stats.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import { agentReportsRoutes } from './agent-reports.routes.ts';
import { type AgentReportsService, createAgentReportsService } from './agent-reports.service.ts';

/** The agent centre's report pages: team overview, team betting, subordinate P&L, my income, team transactions. */
export function createAgentReportsModule(deps: {
  db: Kysely<DB>;
  agents: AgentsService;
  teamStats: TeamStatsService;
  /** The bet records' team reads, and their rounds' names in a language. */
  betRecords: BetRecordService & { roundNames: RoundNamesLookup };
  ledger: LedgerService;
  transferSenders: (transferIds: readonly number[]) => Promise<Map<number, number>>;
  refreshRollups: () => Promise<unknown>;
  timeZoneOf: (merchantId: number) => Promise<string>;
  now: () => Date;
}): PlatformModule<'agentReports', AgentReportsService> {
  const reports = createAgentReportsService(deps);
  return { name: 'agentReports', service: reports, routes: agentReportsRoutes(reports) };
}
