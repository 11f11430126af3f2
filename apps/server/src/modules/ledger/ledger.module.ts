import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PlatformModule } from '../module.ts';
import { ledgerRoutes } from './ledger.routes.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';

/** The double-entry ledger and the wallet balance call; the only writer of the ledger tables. */
export function createLedgerModule(deps: { db: Kysely<DB>; now: () => Date }): PlatformModule<'ledger', LedgerService> {
  const ledger = createLedgerService(deps);
  return { name: 'ledger', service: ledger, routes: ledgerRoutes(ledger) };
}
