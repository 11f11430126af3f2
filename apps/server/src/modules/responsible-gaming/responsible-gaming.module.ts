import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import { responsibleGamingAdminRoutes } from './responsible-gaming.admin-routes.ts';
import { responsibleGamingRoutes } from './responsible-gaming.routes.ts';
import { createResponsibleGamingService, type ResponsibleGamingService } from './responsible-gaming.service.ts';

/**
 * Limits, breaks, self-exclusion and the reality check. Its service is the check other modules
 * pass their callers through: login (accounts), deposits, stakes (game wallets, lottery), game
 * launch (games) and the chat room.
 */
export function createResponsibleGamingModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  /** A self-exclusion ends every open session of the member. */
  revokeAllSessions: (memberId: number) => Promise<unknown>;
  timeZoneOf: (merchantId: number, trx?: Transaction<DB>) => Promise<string>;
  now: () => Date;
  /** A break or self-exclusion was written, in its transaction (promotions forfeit active grants). */
  onBlocked?: (trx: Transaction<DB>, memberId: number, reason: 'break' | 'self_exclusion') => Promise<unknown>;
  logger?: { warn: (obj: object, msg: string) => void };
}): PlatformModule<'responsibleGaming', ResponsibleGamingService> {
  const responsibleGaming = createResponsibleGamingService(deps);
  return {
    name: 'responsibleGaming',
    service: responsibleGaming,
    routes: responsibleGamingRoutes(responsibleGaming),
    adminRoutes: responsibleGamingAdminRoutes(responsibleGaming),
    // Refusal counts still being written finish before the database closes.
    onClose: () => responsibleGaming.refusalsWritten(),
  };
}
