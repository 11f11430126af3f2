import type { ContractTierInput } from '@platform/contracts/agents/agent-contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingJobRunner } from '../../../test/capturing-jobs.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';

const HOURLY_JOB = 'agent-contracts-hourly-wage';
const REALTIME_JOB = 'agent-contracts-realtime-salary';
const CORRECTION_JOB = 'agent-contracts-corrections';

let app: FastifyInstance;
let database: TestDatabase;
let clock = new Date('2026-11-20T01:00:00Z');
const { jobs, scheduled } = capturingJobRunner();

beforeAll(async () => {
  database = await createTestDatabase();
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOBS_ENABLED: 'false', WEB_DIST_DIR: '/nonexistent' });
  app = await buildApp({ env, database, logger: false, jobs, now: () => new Date(clock.getTime()) });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

/** The deployment's merchant (the first one) with a top-level agent holding a contract of the kind, and a player below it. */
async function world(kind: 'hourlyWage' | 'realtimeSalary', tiers: ContractTierInput[]) {
  const db = database.db;
  const merchant = (await db.selectFrom('merchants').select('id').limit(1).executeTakeFirst())
    ? await app.services.merchants.current()
    : await createMerchant(db);
  const top = await createMember(db, merchant, { accountType: 1 });
  const player = await createMember(db, merchant, { parentId: top.id });
  await app.services.ledger.ensureMemberAccounts({ merchantId: merchant.id, memberId: top.id, currency: merchant.currency });
  const adminId = await app.services.admins.createAdmin({
    merchantId: merchant.id,
    username: uniqueName('op'),
    password: 'Operator@2026',
    role: 'finance',
  });
  await app.services.agentContracts.admin.setTopLevel(
    { adminId, merchantId: merchant.id, ip: null },
    { kind, holderUsername: top.username, tiers, confirm: false },
  );
  const play = async (stake: number) => {
    await db
      .insertInto('bet_records')
      .values({
        merchant_id: merchant.id,
        member_id: player.id,
        username: player.username,
        vendor_code: 'DEMO',
        game_code: 'dice',
        game_category: 'RNG',
        round_id: uniqueName('round-'),
        currency: merchant.currency,
        status: 'settled',
        stake,
        payout: 0,
        valid_bet: stake,
        win_loss: -stake,
        bet_count: 1,
        opened_at: clock,
        settled_at: clock,
        updated_at: clock,
      })
      .execute();
  };
  const agentBalance = async () => (await app.services.ledger.memberBalances({ memberId: top.id, currency: merchant.currency })).agent;
  const recorded = async () =>
    (
      await db
        .selectFrom('agent_contract_payouts')
        .select(['slot_start', 'payout'])
        .where('holder_id', '=', top.id)
        .orderBy('slot_start')
        .execute()
    ).map((r) => ({ slotStart: r.slot_start?.toISOString(), payout: Number(r.payout) }));
  return { play, agentBalance, recorded };
}

describe('the hourly-wage settlement job', () => {
  it('pays each complete hour with play once, catching up hours whose runs were missed, and records no empty hour', async () => {
    clock = new Date('2026-11-20T03:00:00Z');
    const { play, agentBalance, recorded } = await world('hourlyWage', [
      { minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 100 },
    ]);
    const handler = scheduled.get(HOURLY_JOB);
    expect(handler).toBeDefined();
    const run = () => handler?.({ name: HOURLY_JOB, slotAt: new Date(clock.getTime()) });
    // Play in the hour from 04:00 and in the hour from 05:00 (UTC; the zone's offset is whole hours).
    clock = new Date('2026-11-20T04:10:00Z');
    await play(1_000_000);
    await run();
    expect(await agentBalance()).toBe(0);
    clock = new Date('2026-11-20T05:59:00Z');
    await play(2_000_000);
    // The run at 05:05 was missed; at 06:00:30 the hour from 05:00 is not settled yet (it ended less than a minute ago).
    clock = new Date('2026-11-20T06:00:30Z');
    await run();
    expect(await recorded()).toEqual([{ slotStart: '2026-11-20T04:00:00.000Z', payout: 10_000 }]);
    // The runs at 06:05 and 07:05 were missed too: at 08:05 the last 3 complete hours (05:00 to 07:00) are settled.
    clock = new Date('2026-11-20T08:05:00Z');
    await run();
    await run();
    expect(await recorded()).toEqual([
      { slotStart: '2026-11-20T04:00:00.000Z', payout: 10_000 },
      { slotStart: '2026-11-20T05:00:00.000Z', payout: 20_000 },
    ]);
    expect(await agentBalance()).toBe(30_000);

    // A round settles for the hour from 04:00 after it was paid: the daily correction job pays the difference once.
    const now = clock;
    clock = new Date('2026-11-20T04:30:00Z');
    await play(500_000);
    clock = now;
    const correct = scheduled.get(CORRECTION_JOB);
    expect(correct).toBeDefined();
    await correct?.({ name: CORRECTION_JOB, slotAt: new Date(clock.getTime()) });
    await correct?.({ name: CORRECTION_JOB, slotAt: new Date(clock.getTime()) });
    expect(await agentBalance()).toBe(35_000);
    await expectCleanBooks(database.db);
  });
});

describe('the real-time salary settlement job', () => {
  it('pays each complete 5-minute slot with play once, catching up missed runs within half an hour', async () => {
    clock = new Date('2026-11-21T03:00:00Z');
    const { play, agentBalance, recorded } = await world('realtimeSalary', [
      { minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 100, lossRateBasisPoints: 50 },
    ]);
    const handler = scheduled.get(REALTIME_JOB);
    expect(handler).toBeDefined();
    const run = () => handler?.({ name: REALTIME_JOB, slotAt: new Date(clock.getTime()) });
    clock = new Date('2026-11-21T04:01:00Z');
    await play(1_000_000);
    clock = new Date('2026-11-21T04:12:00Z');
    await play(3_000_000);
    // 04:15: the slot from 04:10 ended under a minute ago; the one from 04:00 is paid (the house won: 1 %).
    clock = new Date('2026-11-21T04:15:10Z');
    await run();
    expect(await recorded()).toEqual([{ slotStart: '2026-11-21T04:00:00.000Z', payout: 10_000 }]);
    // Runs missed until 04:40: the slot from 04:10 is within the last 6, paid once however often the job runs.
    clock = new Date('2026-11-21T04:40:05Z');
    await run();
    await run();
    expect(await recorded()).toEqual([
      { slotStart: '2026-11-21T04:00:00.000Z', payout: 10_000 },
      { slotStart: '2026-11-21T04:10:00.000Z', payout: 30_000 },
    ]);
    expect(await agentBalance()).toBe(40_000);
    await expectCleanBooks(database.db);
  });
});
