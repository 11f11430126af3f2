import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import * as repo from './merchant.repository.ts';

export type Merchant = repo.MerchantRow;

export type MerchantService = ReturnType<typeof createMerchantService>;

/**
 * A deployment serves one merchant (the operator's brand) by default: the one named by
 * MERCHANT_CODE, else the first. Visitors' calls carry no merchant, so this is how they find it.
 */
export function createMerchantService(deps: { db: Kysely<DB>; defaultCode: string | undefined }) {
  let cached: Merchant | undefined;
  return {
    async current(): Promise<Merchant> {
      if (cached) return cached;
      const found = deps.defaultCode ? await repo.findByCode(deps.db, deps.defaultCode) : await repo.findFirst(deps.db);
      if (!found) throw new DomainError('service_unavailable', 'no merchant is configured');
      cached = found;
      return found;
    },
    findByCode: (code: string) => repo.findByCode(deps.db, code),
    create: (row: { code: string; name: string; currency: string }) => repo.insert(deps.db, row),
  };
}

/** The merchant's currency (the default for what an operator creates without naming one). */
export async function merchantCurrencyOf(db: Kysely<DB>, merchantId: number): Promise<string> {
  return (await repo.findById(db, merchantId)).currency;
}
