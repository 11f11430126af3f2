import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

export async function findValue(db: Kysely<DB>, merchantId: number, key: string): Promise<unknown | undefined> {
  const row = await db
    .selectFrom('merchant_settings')
    .select('value')
    .where('merchant_id', '=', merchantId)
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function upsertValue(
  db: Kysely<DB>,
  merchantId: number,
  key: string,
  value: unknown,
  updatedBy: string | null,
): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('merchant_settings')
    .values({ merchant_id: merchantId, key, value: json, updated_by: updatedBy })
    .onConflict((oc) => oc.columns(['merchant_id', 'key']).doUpdateSet({ value: json, updated_at: new Date(), updated_by: updatedBy }))
    .execute();
}
