import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingJobRunner } from '../../../test/capturing-jobs.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { addDays, localDateOf } from '../../lib/time-zone.ts';

const JOB = 'agent-contracts-daily-wage';
const DIVIDEND_JOB = 'agent-contracts-dividend';

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

describe('the daily-wage settlement job', () => {
  it("pays the merchant's past days once, catching up a day it missed", async () => {
    const db = database.db;
    const merchant = await createMerchant(db);
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
      {
        kind: 'dailyWage',
        holderUsername: top.username,
        tiers: [{ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 100 }],
        confirm: false,
      },
    );
    clock = new Date(clock.getTime() + 3 * 3_600_000);
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
        stake: 2_000_000,
        payout: 0,
        valid_bet: 2_000_000,
        win_loss: -2_000_000,
        bet_count: 1,
        opened_at: clock,
        settled_at: clock,
        updated_at: clock,
      })
      .execute();
    const day = localDateOf(clock, await app.services.records.timeZoneOf(merchant.id));
    const handler = scheduled.get(JOB);
    expect(handler).toBeDefined();
    const run = () => handler?.({ name: JOB, slotAt: new Date(clock.getTime()) });
    const agentBalance = async () => (await app.services.ledger.memberBalances({ memberId: top.id, currency: merchant.currency })).agent;

    // The same day: nothing is due yet.
    await run();
    expect(await agentBalance()).toBe(0);
    // Two days later (the run after midnight was missed): the day is caught up, 1 % of 2,000,000.
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    await waitUntil(
      async () => {
        await run();
        return (await agentBalance()) === 20_000;
      },
      // The rollups wait for the oldest open transaction of the whole server, other test files' included.
      { what: 'the missed day is paid', timeoutMs: 50_000 },
    );
    await run();
    expect(await agentBalance()).toBe(20_000);
    const payouts = await database.db
      .selectFrom('agent_contract_payouts')
      .select((eb) => [eb.fn<string>('to_char', ['period_start', eb.val('YYYY-MM-DD')]).as('day'), 'payout'])
      .where('holder_id', '=', top.id)
      .orderBy('period_start')
      .execute();
    // Every past day the contract was in force at is settled once, a day without play with nothing to pay.
    expect(payouts.map((p) => ({ day: p.day, payout: Number(p.payout) }))).toEqual([
      { day, payout: 20_000 },
      { day: addDays(day, 1), payout: 0 },
    ]);
    await expectCleanBooks(db);
  });

  it('pays a dividend period once, catching up a period it missed', async () => {
    const db = database.db;
    // The job settles the deployment's merchant (the first one, made by the test above when run together).
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
    clock = new Date('2026-12-02T01:00:00Z');
    await app.services.agentContracts.admin.setTopLevel(
      { adminId, merchantId: merchant.id, ip: null },
      {
        kind: 'dividend',
        holderUsername: top.username,
        tiers: [{ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 1_000 }],
        confirm: false,
      },
    );
    clock = new Date(clock.getTime() + 3 * 3_600_000);
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
        stake: 2_000_000,
        payout: 500_000,
        valid_bet: 2_000_000,
        win_loss: -1_500_000,
        bet_count: 1,
        opened_at: clock,
        settled_at: clock,
        updated_at: clock,
      })
      .execute();
    const handler = scheduled.get(DIVIDEND_JOB);
    expect(handler).toBeDefined();
    const run = () => handler?.({ name: DIVIDEND_JOB, slotAt: new Date(clock.getTime()) });
    const agentBalance = async () => (await app.services.ledger.memberBalances({ memberId: top.id, currency: merchant.currency })).agent;

    // Within the half-month: nothing is due yet.
    await run();
    expect(await agentBalance()).toBe(0);
    // The runs of the second half-month were missed; in January the 1st to 15th of December is
    // caught up: 10 % of the net loss 1,500,000.
    clock = new Date('2027-01-03T12:00:00Z');
    await waitUntil(
      async () => {
        await run();
        return (await agentBalance()) === 150_000;
      },
      { what: 'the missed half-month is paid' },
    );
    await run();
    expect(await agentBalance()).toBe(150_000);
    const payouts = await database.db
      .selectFrom('agent_contract_payouts')
      .select((eb) => [eb.fn<string>('to_char', ['period_start', eb.val('YYYY-MM-DD')]).as('start'), 'payout'])
      .where('holder_id', '=', top.id)
      .orderBy('period_start')
      .execute();
    expect(payouts.map((p) => ({ start: p.start, payout: Number(p.payout) }))).toEqual([
      { start: '2026-12-01', payout: 150_000 },
      { start: '2026-12-16', payout: 0 },
    ]);
    await expectCleanBooks(db);
  });
});
