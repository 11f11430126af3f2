import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../../test/factories.ts';
import { auditLedger, createLedgerFixture, errorCodeOf, type LedgerFixture } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import type { ManyCredit } from './ledger.credit-many.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';

/** creditMany: many credits from a system account to members' main wallets in a few statements (ADR 0033). */
describe('ledger creditMany', () => {
  let database: TestDatabase;
  let ledger: LedgerService;
  let f: LedgerFixture;
  let serial = 0;
  const NOW = new Date('2026-06-01T00:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase();
    ledger = createLedgerService({ db: database.db, now: () => NOW });
    f = await createLedgerFixture(database.db, ledger, { playerCount: 3 });
  });
  afterAll(() => database.close());

  const run = (credits: readonly ManyCredit[]) =>
    database.db.transaction().execute((trx) =>
      ledger.creditMany(
        {
          merchantId: f.merchant.id,
          currency: f.currency,
          fromKind: 'house_revenue',
          code: 'rebate',
          referenceType: 'rebate_rule',
          credits,
        },
        trx,
      ),
    );
  const key = () => `cm-${++serial}`;
  const expectClean = async () => {
    const audit = await auditLedger(database.db);
    expect(audit.driftedAccountIds).toEqual([]);
    expect(audit.unbalancedTransferIds).toEqual([]);
    expect(audit.brokenChainEntryIds).toEqual([]);
    expect(audit.negativeMemberAccountIds).toEqual([]);
    expect(audit.entrySumByCurrency.get(f.currency)).toBe(0);
    expect(audit.holdingsByCurrency.get(f.currency)).toBe(0);
  };

  it('writes one transfer with two entries per credit, adds up a wallet credited twice, creates a missing wallet; the books balance', async () => {
    const [a, b] = f.players as [LedgerFixture['players'][number], LedgerFixture['players'][number]];
    const newcomer = await createMember(database.db, f.merchant);
    const before = { a: await ledger.balanceOf(a.main), b: await ledger.balanceOf(b.main) };
    const credits = [
      { memberId: a.member.id, amount: 100, idempotencyKey: key(), referenceId: '1' },
      { memberId: b.member.id, amount: 250, idempotencyKey: key(), referenceId: '1' },
      { memberId: a.member.id, amount: 40, idempotencyKey: key(), referenceId: '2' },
      { memberId: newcomer.id, amount: 7, idempotencyKey: key(), referenceId: '1' },
    ];
    const result = await run(credits);
    expect(result).toMatchObject({ posted: 4, amount: 397, replayed: [false, false, false, false] });
    expect(new Set(result.transferIds).size).toBe(4);
    expect(await ledger.balanceOf(a.main)).toBe(before.a + 140);
    expect(await ledger.balanceOf(b.main)).toBe(before.b + 250);
    const wallet = await ledger.ensureMemberAccounts({ merchantId: f.merchant.id, memberId: newcomer.id, currency: f.currency });
    expect(await ledger.balanceOf(wallet.player_main?.id as number)).toBe(7);
    // The wallet credited twice carries the running balance through both entries, in transfer order.
    const history = await ledger.history({ accountIds: [a.main], pageNo: 1, pageSize: 2 });
    expect(history.list.map((i) => [i.amount, i.balanceAfter])).toEqual([
      [40, before.a + 140],
      [100, before.a + 100],
    ]);
    await expectClean();
  });

  it('replays a key with the same content (also against transfer), refuses one with other content and keeps nothing of that call', async () => {
    const [a, b] = f.players as [LedgerFixture['players'][number], LedgerFixture['players'][number]];
    const first = { memberId: a.member.id, amount: 500, idempotencyKey: key(), referenceId: '9' };
    const done = await run([first]);
    const balance = await ledger.balanceOf(a.main);
    // The same credit again, with a new one: the first replays, the second is written.
    const second = { memberId: b.member.id, amount: 60, idempotencyKey: key(), referenceId: '9' };
    const again = await run([first, second]);
    expect(again).toMatchObject({ posted: 1, amount: 60, replayed: [true, false] });
    expect(again.transferIds[0]).toBe(done.transferIds[0]);
    expect(await ledger.balanceOf(a.main)).toBe(balance);
    // The plain transfer with that key and content replays it (the same request hash).
    const plain = await ledger.transfer({
      fromAccountId: f.system.houseRevenue,
      toAccountId: a.main,
      amount: 500,
      code: 'rebate',
      idempotencyKey: first.idempotencyKey,
      reference: { type: 'rebate_rule', id: '9' },
    });
    expect(plain).toMatchObject({ transferId: done.transferIds[0], isReplay: true });
    // Other content under a used key: the whole call fails, the fresh credit with it.
    const bBalance = await ledger.balanceOf(b.main);
    const fresh = { memberId: b.member.id, amount: 11, idempotencyKey: key(), referenceId: '9' };
    expect(await errorCodeOf(run([fresh, { ...first, amount: 501 }]))).toBe('idempotency_conflict');
    expect(await ledger.balanceOf(b.main)).toBe(bBalance);
    expect((await run([fresh])).posted).toBe(1);
    await expectClean();
  });

  it('refuses bad input whole: a key twice, an amount that is not a positive whole number, the escrow account', async () => {
    const [a] = f.players as [LedgerFixture['players'][number]];
    const k = key();
    expect(
      await errorCodeOf(
        run([
          { memberId: a.member.id, amount: 1, idempotencyKey: k, referenceId: null },
          { memberId: a.member.id, amount: 2, idempotencyKey: k, referenceId: null },
        ]),
      ),
    ).toBe('bad_request');
    for (const amount of [0, -5, 1.5])
      expect(await errorCodeOf(run([{ memberId: a.member.id, amount, idempotencyKey: key(), referenceId: null }]))).toBeTruthy();
    const escrow = database.db.transaction().execute((trx) =>
      ledger.creditMany(
        {
          merchantId: f.merchant.id,
          currency: f.currency,
          fromKind: 'stake_escrow',
          code: 'rebate',
          referenceType: null,
          credits: [{ memberId: a.member.id, amount: 1, idempotencyKey: key(), referenceId: null }],
        },
        trx,
      ),
    );
    expect(await errorCodeOf(escrow)).toBe('bad_request');
    await expectClean();
  });

  it('under random batches repeated and run at once, each key moves its amount exactly once', async () => {
    const members = f.players.map((p) => p.member.id);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ member: fc.constantFrom(...members), amount: fc.integer({ min: 1, max: 10_000 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.integer({ min: 1, max: 3 }),
        async (rows, copies) => {
          const round = ++serial;
          const credits = rows.map((r, i) => ({
            memberId: r.member,
            amount: r.amount,
            idempotencyKey: `cm-p${round}-${i}`,
            referenceId: null,
          }));
          const before = new Map(await Promise.all(f.players.map(async (p) => [p.member.id, await ledger.balanceOf(p.main)] as const)));
          // The same batch `copies` times at once, and halves of it again afterwards.
          await Promise.all(Array.from({ length: copies }, () => run(credits)));
          await run(credits.slice(0, Math.ceil(credits.length / 2)));
          for (const p of f.players) {
            const due = credits.filter((c) => c.memberId === p.member.id).reduce((s, c) => s + c.amount, 0);
            expect(await ledger.balanceOf(p.main)).toBe((before.get(p.member.id) ?? 0) + due);
          }
        },
      ),
      { numRuns: 15 },
    );
    await expectClean();
  });
});
