import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { PlatformModule } from '../module.ts';
import { createMerchantService, type MerchantService } from './merchant.service.ts';

/** The merchant (brand) this deployment serves. */
export function createMerchantModule(deps: {
  db: Kysely<DB>;
  defaultCode: string | undefined;
}): PlatformModule<'merchants', MerchantService> {
  return { name: 'merchants', service: createMerchantService(deps) };
}
