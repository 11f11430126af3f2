import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type MerchantRow = { id: number; code: string; name: string; currency: string };

export async function findByCode(db: Kysely<DB>, code: string): Promise<MerchantRow | undefined> {
  return db.selectFrom('merchants').select(['id', 'code', 'name', 'currency']).where('code', '=', code).executeTakeFirst();
}

export async function findFirst(db: Kysely<DB>): Promise<MerchantRow | undefined> {
  return db.selectFrom('merchants').select(['id', 'code', 'name', 'currency']).orderBy('id').limit(1).executeTakeFirst();
}

export async function insert(db: Kysely<DB>, row: { code: string; name: string; currency: string }): Promise<MerchantRow> {
  return db.insertInto('merchants').values(row).returning(['id', 'code', 'name', 'currency']).executeTakeFirstOrThrow();
}

export async function findById(db: Kysely<DB>, id: number): Promise<MerchantRow> {
  return db.selectFrom('merchants').select(['id', 'code', 'name', 'currency']).where('id', '=', id).executeTakeFirstOrThrow();
}
