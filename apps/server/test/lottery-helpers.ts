import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { DEMO_LIMITS, defaultOddsRows } from '../src/modules/lottery/lottery.seed-data.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { createMember, createMerchant } from './factories.ts';

/** A clock the test moves by hand. */
export type TestClock = { at: Date; now: () => Date; set: (iso: string | Date) => void; advance: (ms: number) => void };

export function createClock(start: string): TestClock {
  const clock: TestClock = {
    at: new Date(start),
    now: () => new Date(clock.at.getTime()),
    set: (iso) => {
      clock.at = new Date(iso);
    },
    advance: (ms) => {
      clock.at = new Date(clock.at.getTime() + ms);
    },
  };
  return clock;
}

export type LotteryTestApp = TestApp & { clock: TestClock; merchant: { id: number; currency: string } };

/**
 * An app on its own database with a moved-by-hand clock, the app's merchant, a fast one-minute
 * house game `EL1` (north layout), the southern station `TPHCM` entered by operators, and the
 * default odds.
 */
export async function buildLotteryTestApp(
  start = '2026-11-25T03:00:30Z',
  limits: { minStake?: number; maxStake?: number; maxPayoutPerNumber?: number } = {},
): Promise<LotteryTestApp> {
  const clock = createClock(start);
  const t = await buildTestApp({}, { now: clock.now });
  const db = t.database.db;
  await createMerchant(db, { currency: 'VND' });
  const merchant = await t.app.services.merchants.current();
  const common = {
    merchant_id: merchant.id,
    min_stake: limits.minStake ?? DEMO_LIMITS.minStake,
    max_stake: limits.maxStake ?? DEMO_LIMITS.maxStake,
    max_payout_per_number: limits.maxPayoutPerNumber ?? DEMO_LIMITS.maxPayoutPerNumber,
  };
  await db
    .insertInto('lottery_games')
    .values([
      {
        ...common,
        code: 'EL1',
        category: 'ELOTT',
        region: 'north',
        province: 'house',
        name: JSON.stringify({ vi: 'Xổ số nhanh 1 phút', en: 'Fast lottery 1 min' }),
        menu_tag: 'EL',
        interval_seconds: 60,
        lock_seconds: 10,
        result_source: 'rng',
      },
      {
        ...common,
        code: 'TPHCM',
        category: 'LOTT',
        region: 'south',
        province: 'TP. Hồ Chí Minh',
        name: JSON.stringify({ vi: 'TP. Hồ Chí Minh', en: 'Ho Chi Minh City' }),
        menu_tag: 'MN',
        draw_days: JSON.stringify([1, 2, 3, 4, 5, 6, 7]),
        draw_time: '16:15',
        lock_seconds: 900,
        result_source: 'official',
      },
    ])
    .execute();
  await db.insertInto('lottery_odds').values(defaultOddsRows(merchant.id)).execute();
  return { ...t, clock, merchant: { id: merchant.id, currency: merchant.currency } };
}

/** A member with a session and `amount` deposited through the ledger. */
export async function fundedPlayer(t: LotteryTestApp, amount: number) {
  const member = await createMember(t.database.db, t.merchant);
  const { token } = await t.app.services.sessions.create(member.id);
  const ledger = t.app.services.ledger;
  const accounts = await ledger.ensureMemberAccounts({ merchantId: t.merchant.id, memberId: member.id, currency: t.merchant.currency });
  const clearing = await ledger.ensureSystemAccount({ merchantId: t.merchant.id, kind: 'payment_clearing', currency: t.merchant.currency });
  await ledger.transfer({
    fromAccountId: clearing.id,
    toAccountId: accounts.player_main!.id,
    amount,
    code: 'deposit',
    idempotencyKey: `test:fund:${member.id}`,
  });
  return { member, token, headers: { authorization: `Bearer ${token}` }, accountId: accounts.player_main!.id };
}

export async function mainBalance(db: Kysely<DB>, accountId: number): Promise<number> {
  const row = await db.selectFrom('ledger_accounts').select('balance').where('id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.balance);
}

let ticketRequestCount = 0;

/** A fresh request id for one ticket purchase (the bet slip sends one per submission). */
export function ticketRequestId(): string {
  ticketRequestCount += 1;
  return `ticket-${process.pid}-${ticketRequestCount}`;
}
