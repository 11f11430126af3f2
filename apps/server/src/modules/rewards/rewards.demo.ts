import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { insertCodes } from './rewards.repository.ts';

/** The demo's shared code: 10,000 ₫ cash for the first 500 members, once each, until the end of 2027. */
export const DEMO_SHARED_CODE = 'LOTUS2026';

export async function seedDemoRedeemCodes(trx: Transaction<DB>, merchantId: number, adminId: number): Promise<void> {
  const at = new Date();
  await insertCodes(trx, [
    {
      merchantId,
      code: DEMO_SHARED_CODE,
      kind: 'shared',
      batch: 'demo',
      cap: 500,
      reward: { kind: 'cash', amount: 10_000 },
      audience: {},
      startsAt: at,
      expiresAt: new Date('2027-12-31T17:00:00.000Z'),
      createdBy: adminId,
      at,
    },
  ]);
}
