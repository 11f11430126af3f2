import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant, uniqueName } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { buildApp } from '../../app.ts';
import type { DB } from '../../db/schema.ts';
import { parseEnv } from '../../env.ts';
import { createJobRunner } from '../jobs/job-runner.ts';

/** Writes one transfer with its two entries as the ledger would, straight into the tables. */
async function insertTransfer(
  db: Kysely<DB>,
  transfer: { debit: { id: number; isSystem: boolean }; credit: { id: number; isSystem: boolean }; amount: number; currency: string },
) {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('ledger_transfers')
      .values({
        debit_account_id: transfer.debit.id,
        credit_account_id: transfer.credit.id,
        amount: transfer.amount,
        currency: transfer.currency,
        code: 'test_deposit',
        idempotency_key: uniqueName('key-'),
        request_hash: 'hash',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [account, signed] of [
      [transfer.debit, -transfer.amount],
      [transfer.credit, transfer.amount],
    ] as const) {
      const current = await trx.selectFrom('ledger_accounts').select('balance').where('id', '=', account.id).executeTakeFirstOrThrow();
      await trx
        .insertInto('ledger_entries')
        .values({
          transfer_id: row.id,
          account_id: account.id,
          amount: signed,
          balance_before: account.isSystem ? null : current.balance,
          balance_after: account.isSystem ? null : current.balance + signed,
          code: 'test_deposit',
        })
        .execute();
      // System accounts are not updated per transfer; only member balances move here.
      if (!account.isSystem) {
        await trx
          .updateTable('ledger_accounts')
          .set({ balance: current.balance + signed })
          .where('id', '=', account.id)
          .execute();
      }
    }
  });
}

function metricValue(body: string, name: string, labels = ''): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(' ')[1]) : undefined;
}

describe('ledger reconciliation', () => {
  let t: TestApp;
  let member: { id: number; isSystem: boolean };
  let house: { id: number; isSystem: boolean };

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.database.db;
    const merchant = await createMerchant(db, { currency: 'VND' });
    const player = await createMember(db, merchant);
    const memberAccount = await db
      .insertInto('ledger_accounts')
      .values({ merchant_id: merchant.id, kind: 'main', member_id: player.id, currency: 'VND', is_system: false, may_go_negative: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    const houseAccount = await db
      .insertInto('ledger_accounts')
      .values({ merchant_id: merchant.id, kind: 'house', member_id: null, currency: 'VND', is_system: true, may_go_negative: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    member = { id: memberAccount.id, isSystem: false };
    house = { id: houseAccount.id, isSystem: true };
    await insertTransfer(db, { debit: house, credit: member, amount: 50_000, currency: 'VND' });
    await insertTransfer(db, { debit: member, credit: house, amount: 12_000, currency: 'VND' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds a consistent ledger clean and rolls the system account up to the sum of its entries', async () => {
    const before = await t.database.db.selectFrom('ledger_accounts').select('balance').where('id', '=', house.id).executeTakeFirstOrThrow();
    expect(before.balance).toBe(0);

    const result = await t.app.services.ledgerReconciliation.run();

    expect(result.status).toBe('clean');
    expect(result.differences).toEqual([]);
    expect(result.systemAccountsRolledUp).toBe(1);
    expect(result.conservation).toEqual([{ currency: 'VND', entriesSum: 0, balancesSum: 0 }]);
    const balances = await t.database.db.selectFrom('ledger_accounts').select(['id', 'balance']).orderBy('id').execute();
    expect(balances).toEqual([
      { id: member.id, balance: 38_000 },
      { id: house.id, balance: -38_000 },
    ]);
    const runs = await t.database.db.selectFrom('ledger_reconciliation_runs').selectAll().execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'clean', accounts_checked: 2, difference_count: 0 });

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metricValue(metrics, 'ledger_reconciliation_differences', '{kind="member_balance"}')).toBe(0);
    expect(metricValue(metrics, 'ledger_conservation_sum_minor', '{currency="VND",sum="balances"}')).toBe(0);
    expect(metricValue(metrics, 'ledger_reconciliation_last_run_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('records, logs and exposes a member balance that no longer matches its entries', async () => {
    await t.database.db.updateTable('ledger_accounts').set({ balance: 40_000 }).where('id', '=', member.id).execute();

    const result = await t.app.services.ledgerReconciliation.run();

    expect(result.status).toBe('differences');
    expect(result.differences).toEqual([
      { kind: 'member_balance', accountId: member.id, currency: 'VND', expected: 38_000, actual: 40_000 },
      { kind: 'balances_not_conserved', accountId: null, currency: 'VND', expected: 0, actual: 2_000 },
    ]);
    const recorded = await t.database.db
      .selectFrom('ledger_reconciliation_differences')
      .select(['kind', 'account_id', 'expected', 'actual'])
      .where('run_id', '=', result.runId)
      .orderBy('id')
      .execute();
    expect(recorded).toEqual([
      { kind: 'member_balance', account_id: member.id, expected: 38_000, actual: 40_000 },
      { kind: 'balances_not_conserved', account_id: null, expected: 0, actual: 2_000 },
    ]);

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metricValue(metrics, 'ledger_reconciliation_differences', '{kind="member_balance"}')).toBe(1);
    expect(metricValue(metrics, 'ledger_reconciliation_differences', '{kind="balances_not_conserved"}')).toBe(1);
    expect(metricValue(metrics, 'ledger_conservation_sum_minor', '{currency="VND",sum="balances"}')).toBe(2_000);
    expect(metricValue(metrics, 'ledger_conservation_sum_minor', '{currency="VND",sum="entries"}')).toBe(0);
  });

  it('catches up a system account with entries written since the last run', async () => {
    await t.database.db.updateTable('ledger_accounts').set({ balance: 38_000 }).where('id', '=', member.id).execute();
    await insertTransfer(t.database.db, { debit: member, credit: house, amount: 8_000, currency: 'VND' });

    const result = await t.app.services.ledgerReconciliation.run();

    expect(result.status).toBe('clean');
    const houseRow = await t.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', house.id)
      .executeTakeFirstOrThrow();
    expect(houseRow.balance).toBe(-30_000);
  });

  it('flags entries that do not sum to zero in a currency', async () => {
    const transfer = await t.database.db.selectFrom('ledger_transfers').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    // A one-sided entry: the kind of damage a bad manual fix would do.
    await t.database.db
      .insertInto('ledger_entries')
      .values({
        transfer_id: transfer.id,
        account_id: house.id,
        amount: 500,
        balance_before: null,
        balance_after: null,
        code: 'manual_fix',
      })
      .execute();

    const result = await t.app.services.ledgerReconciliation.run();

    expect(result.differences).toContainEqual({
      kind: 'entries_not_conserved',
      accountId: null,
      currency: 'VND',
      expected: 0,
      actual: 500,
    });
  });
});

describe('the scheduled ledger reconciliation', () => {
  it('runs on the job runner with the schedule from RECONCILIATION_CRON', async () => {
    const database = await createTestDatabase();
    const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', RECONCILIATION_CRON: '* * * * *' });
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    const jobs = createJobRunner({
      database,
      logger: quiet,
      stopGraceMs: 1000,
      timing: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
    });
    const app = await buildApp({ env, database, logger: false, jobs });
    try {
      await app.ready();
      await jobs.start();
      // An every-minute schedule fires for the minute in progress as soon as the runner starts.
      // The run's row is written inside the job and the slot is marked completed just after it, so
      // wait for the slot to leave 'running' before reading both.
      let slots: Array<{ name: string; status: string }> = [];
      await waitUntil(
        async () => {
          slots = await database.db
            .selectFrom('job_slots')
            .select(['name', 'status'])
            .where('name', '=', 'ledger-reconciliation')
            .execute();
          return slots.length > 0 && slots.every((slot) => slot.status !== 'running');
        },
        { what: 'the reconciliation slot', timeoutMs: 20_000, pollMs: 50 },
      );
      expect(slots).toContainEqual({ name: 'ledger-reconciliation', status: 'completed' });
      const runs = await database.db.selectFrom('ledger_reconciliation_runs').select('status').execute();
      // A minute boundary during the test may start the next slot's run as well.
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(runs.every((run) => run.status === 'clean')).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
