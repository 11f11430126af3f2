import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, createLedgerFixture, type LedgerFixture } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';

/** importTransfers: history loaded set-based, dated in the past, with the same keys and rules as transfer. */
describe('ledger importTransfers', () => {
  let database: TestDatabase;
  let ledger: LedgerService;
  let f: LedgerFixture;
  const NOW = new Date('2026-06-01T00:00:00Z');
  const at = (minutes: number) => new Date(NOW.getTime() - 3 * 86_400_000 + minutes * 60_000);

  beforeAll(async () => {
    database = await createTestDatabase();
    ledger = createLedgerService({ db: database.db, now: () => NOW });
    f = await createLedgerFixture(database.db, ledger, { playerCount: 2 });
  });
  afterAll(() => database.close());

  const run = (items: Parameters<LedgerService['importTransfers']>[0]) =>
    database.db.transaction().execute((trx) => ledger.importTransfers(items, trx));

  it('writes the transfers with running balances, dated when they happened, and the books balance', async () => {
    const [a, b] = f.players as [LedgerFixture['players'][number], LedgerFixture['players'][number]];
    const result = await run([
      { fromAccountId: f.system.paymentClearing, toAccountId: a.main, amount: 1_000, code: 'deposit', idempotencyKey: 'imp-1', at: at(1) },
      { fromAccountId: a.main, toAccountId: f.system.houseRevenue, amount: 300, code: 'bet', idempotencyKey: 'imp-2', at: at(2) },
      { fromAccountId: a.main, toAccountId: b.main, amount: 200, code: 'downline_transfer', idempotencyKey: 'imp-3', at: at(3) },
      { fromAccountId: f.system.houseRevenue, toAccountId: a.main, amount: 50, code: 'payout', idempotencyKey: 'imp-4', at: at(4) },
    ]);
    expect(result).toEqual({ imported: 4, replayed: 0, transferIds: expect.any(Array) });
    expect(new Set(result.transferIds).size).toBe(4);
    expect(await ledger.balanceOf(a.main)).toBe(550);
    expect(await ledger.balanceOf(b.main)).toBe(200);
    const history = await ledger.history({ accountIds: [a.main], pageNo: 1, pageSize: 10 });
    expect(history.list.map((i) => [i.amount, i.balanceAfter, i.createdAt.toISOString()])).toEqual([
      [50, 550, at(4).toISOString()],
      [-200, 500, at(3).toISOString()],
      [-300, 700, at(2).toISOString()],
      [1_000, 1_000, at(1).toISOString()],
    ]);
    const audit = await auditLedger(database.db);
    expect(audit.driftedAccountIds).toEqual([]);
    expect(audit.unbalancedTransferIds).toEqual([]);
    expect(audit.brokenChainEntryIds).toEqual([]);
    expect(audit.entrySumByCurrency.get('VND')).toBe(0);

    // The same keys with the same content replay; a plain transfer with one of them replays too.
    expect(
      await run([
        {
          fromAccountId: f.system.paymentClearing,
          toAccountId: a.main,
          amount: 1_000,
          code: 'deposit',
          idempotencyKey: 'imp-1',
          at: at(1),
        },
      ]),
    ).toEqual({
      imported: 0,
      replayed: 1,
      transferIds: [result.transferIds[0]],
    });
    const again = await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: a.main,
      amount: 1_000,
      code: 'deposit',
      idempotencyKey: 'imp-1',
    });
    expect(again.isReplay).toBe(true);
  });

  it('refuses other content under a used key, an overdraft, a future date and dates out of order, writing nothing', async () => {
    const [a] = f.players as [LedgerFixture['players'][number]];
    const before = await ledger.balanceOf(a.main);
    const refusal = (items: Parameters<LedgerService['importTransfers']>[0]) =>
      run(items).then(
        () => 'ok',
        (e: unknown) => (e instanceof DomainError ? e.code : String(e)),
      );
    expect(
      await refusal([
        { fromAccountId: f.system.paymentClearing, toAccountId: a.main, amount: 999, code: 'deposit', idempotencyKey: 'imp-1', at: at(1) },
      ]),
    ).toBe('idempotency_conflict');
    expect(
      await refusal([
        { fromAccountId: f.system.paymentClearing, toAccountId: a.main, amount: 10, code: 'deposit', idempotencyKey: 'imp-5', at: at(10) },
        {
          fromAccountId: a.main,
          toAccountId: f.system.houseRevenue,
          amount: before + 11,
          code: 'bet',
          idempotencyKey: 'imp-6',
          at: at(11),
        },
      ]),
    ).toBe('insufficient_funds');
    expect(
      await refusal([
        {
          fromAccountId: f.system.paymentClearing,
          toAccountId: a.main,
          amount: 10,
          code: 'deposit',
          idempotencyKey: 'imp-7',
          at: new Date(NOW.getTime() + 1),
        },
      ]),
    ).toBe('bad_request');
    expect(
      await refusal([
        { fromAccountId: f.system.paymentClearing, toAccountId: a.main, amount: 10, code: 'deposit', idempotencyKey: 'imp-8', at: at(20) },
        { fromAccountId: f.system.paymentClearing, toAccountId: a.main, amount: 10, code: 'deposit', idempotencyKey: 'imp-9', at: at(19) },
      ]),
    ).toBe('bad_request');
    expect(await ledger.balanceOf(a.main)).toBe(before);
  });
});
