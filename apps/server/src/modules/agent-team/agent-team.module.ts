import type { PlatformModule } from '../module.ts';
import { agentTeamAdminRoutes } from './agent-team.admin-routes.ts';
import { agentTeamRoutes } from './agent-team.routes.ts';
import { type AgentTeamService, createAgentTeamService } from './agent-team.service.ts';

/**
 * The agent centre's team pages (registerCenter, downlineManagmentView, agentAnnouncement). It owns
 * no table: accounts open members, transfers keep the upline switch, the inbox carries notices and
 * announcements, and the daily rollups give the turnover.
 */
export function createAgentTeamModule(deps: Parameters<typeof createAgentTeamService>[0]): PlatformModule<'agentTeam', AgentTeamService> {
  const team = createAgentTeamService(deps);
  return { name: 'agentTeam', service: team, routes: agentTeamRoutes(team), adminRoutes: agentTeamAdminRoutes(team) };
}
