import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { PlatformModule } from '../module.ts';
import { createWageringService, type WageringService } from './wagering.service.ts';

/**
 * Wagering requirements: bonus grants call `wagering.addRequirement`, and a withdrawal waits until
 * the requirement is turned over. No calls of its own.
 */
export function createWageringModule(deps: {
  db: Kysely<DB>;
  ledger: LedgerService;
  now: () => Date;
}): PlatformModule<'wagering', WageringService> {
  return { name: 'wagering', service: createWageringService(deps) };
}
