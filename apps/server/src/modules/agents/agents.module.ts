import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import { agentsRoutes } from './agents.routes.ts';
import { type AgentsService, createAgentsService } from './agents.service.ts';
import type { AgentWalletGuard } from './agents.wallet.ts';

/** Agents: the agent context behind a session and the scoping of every agent call to its own subtree. */
export function createAgentsModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  now: () => Date;
  /** The check on money leaving an agent wallet (app.ts: the agent-contracts module's debtor check). */
  agentWalletGuard?: AgentWalletGuard | undefined;
}): PlatformModule<'agents', AgentsService> {
  const agents = createAgentsService(deps);
  return { name: 'agents', service: agents, routes: agentsRoutes(agents, { now: deps.now }) };
}
