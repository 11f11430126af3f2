import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingJobRunner } from '../../../test/capturing-jobs.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { TEST_LEVELS } from '../../../test/vip-helpers.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { localDateOf } from '../../lib/time-zone.ts';

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

describe('the VIP evaluation and rebate settlement jobs', () => {
  it("evaluate the merchant's past days and settle its rebates once, catching up a day they missed", async () => {
    const db = database.db;
    const merchant = await createMerchant(db);
    const player = await createMember(db, merchant);
    const adminId = await app.services.admins.createAdmin({
      merchantId: merchant.id,
      username: uniqueName('op'),
      password: 'Operator@2026',
      role: 'finance',
    });
    const op = { adminId, merchantId: merchant.id, ip: null };
    await app.services.vip.levels.setLevels(op, { levels: TEST_LEVELS });
    await app.services.vip.rebates.setRules(op, {
      rules: [
        { vipLevel: 0, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 5_000, maxAmount: null },
        { vipLevel: 1, category: 'RNG', period: 'D', mode: 'auto', ratePpm: 10_000, maxAmount: null },
      ],
    });
    const system = await app.services.ledger.ensureSystemAccount({
      merchantId: merchant.id,
      kind: 'payment_clearing',
      currency: merchant.currency,
    });
    const wallet = await app.services.ledger.ensureMemberAccounts({
      merchantId: merchant.id,
      memberId: player.id,
      currency: merchant.currency,
      kinds: ['player_main'],
    });
    await app.services.ledger.transfer({
      fromAccountId: system.id,
      toAccountId: wallet.player_main!.id,
      amount: 1_000_000,
      code: 'deposit',
      idempotencyKey: uniqueName('deposit-'),
    });
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
        stake: 6_000_000,
        payout: 6_000_000 - 1,
        valid_bet: 6_000_000,
        win_loss: -1,
        bet_count: 1,
        opened_at: clock,
        settled_at: clock,
        updated_at: clock,
      })
      .execute();
    const day = localDateOf(clock, await app.services.records.timeZoneOf(merchant.id));
    await waitUntil(
      async () => {
        await app.services.dailyStats.refresh();
        return (await app.services.dailyStats.gameDays({ memberIds: [player.id], from: day, to: day })).length === 1;
      },
      { what: 'the rollups include the round' },
    );

    // Two days later (a day's runs were missed): the evaluation moves the player to VIP1 first, then its
    // day is settled at VIP1's rate.
    clock = new Date(clock.getTime() + 2 * 86_400_000);
    const evaluation = scheduled.get('vip-evaluation');
    const settlement = scheduled.get('rebate-settlement');
    if (!evaluation || !settlement) throw new Error('the jobs were not scheduled');
    const slot = (name: string) => ({ name, slotAt: new Date(clock.getTime()) });
    await evaluation(slot('vip-evaluation'));
    await settlement(slot('rebate-settlement'));
    await evaluation(slot('vip-evaluation'));
    await settlement(slot('rebate-settlement'));
    expect(await app.services.vip.levels.levelOf(player.id)).toBe(1);
    const lines = await app.services.vip.rebates.linesOfMember(merchant.id, player.id, { pageNo: 1, pageSize: 10 });
    expect(lines.list.map((l) => [l.periodStart, l.vipLevel, l.amount, l.status])).toEqual([[day, 1, 60_000, 'paid']]);
    // 1,000,000 deposited + 50,000 (VIP1's upgrade bonus) + 60,000 (1 % of 6,000,000).
    expect((await app.services.ledger.memberBalances({ memberId: player.id, currency: merchant.currency })).main).toBe(1_110_000);
    await expectCleanBooks(db);
  });
});
