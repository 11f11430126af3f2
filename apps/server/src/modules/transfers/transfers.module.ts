import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AgentsService } from '../agents/agents.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import { transfersAdminRoutes } from './transfers.admin-routes.ts';
import { transfersRoutes } from './transfers.routes.ts';
import { createTransfersService, type PaymentPasswordCheck, type TransfersService } from './transfers.service.ts';

/** Agent → downline and member → upline transfers, and the operator's transfer flags. */
export function createTransfersModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  /** The agent context and team scope of a downline transfer. */
  agents: AgentsService;
  now: () => Date;
  /** The payment-password check (the paymentPasswords module's `checkIfSet`), with its lock. */
  checkPaymentPassword: PaymentPasswordCheck;
}): PlatformModule<'transfers', TransfersService> {
  const transfers = createTransfersService(deps);
  return { name: 'transfers', service: transfers, routes: transfersRoutes(transfers), adminRoutes: transfersAdminRoutes(transfers) };
}
