import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, createLedgerFixture, errorCodeOf, type LedgerFixture } from '../../../test/ledger-fixture.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import { createLedgerService, type LedgerService } from './ledger.service.ts';

let database: TestDatabase;
let ledger: LedgerService;
let f: LedgerFixture;
let keySeq = 0;
const key = (label: string) => `${label}-${++keySeq}`;

async function deposit(accountId: number, amount: number) {
  return ledger.transfer({
    fromAccountId: f.system.paymentClearing,
    toAccountId: accountId,
    amount,
    code: 'deposit',
    idempotencyKey: key('dep'),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  ledger = createLedgerService({ db: database.db });
  f = await createLedgerFixture(database.db, ledger, { playerCount: 3 });
});

afterAll(async () => {
  await database?.close();
});

describe('the ledger service', () => {
  it('moves money between a system and a member account and records exact balances', async () => {
    const [p] = f.players;
    const result = await deposit(p!.main, 1_000);
    expect(result).toMatchObject({
      amount: 1_000,
      currency: 'VND',
      code: 'deposit',
      toBalanceAfter: 1_000,
      fromBalanceAfter: null,
      isReplay: false,
    });
    const bet = await ledger.transfer({
      fromAccountId: p!.main,
      toAccountId: f.system.houseRevenue,
      amount: 300,
      code: 'bet',
      idempotencyKey: key('bet'),
    });
    expect(bet.fromBalanceAfter).toBe(700);
    expect(await ledger.balanceOf(p!.main)).toBe(700);
    // System accounts are not updated per transfer; their balance waits for the roll-up.
    expect(await ledger.balanceOf(f.system.houseRevenue)).toBe(0);
  });

  it('returns the first result for the same key and content, and refuses the key with other content', async () => {
    const [, p] = f.players;
    const k = key('dup');
    const first = await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: p!.main,
      amount: 50,
      code: 'deposit',
      idempotencyKey: k,
    });
    const again = await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: p!.main,
      amount: 50,
      code: 'deposit',
      idempotencyKey: k,
    });
    expect(again).toMatchObject({ transferId: first.transferId, toBalanceAfter: 50, isReplay: true });
    expect(await ledger.balanceOf(p!.main)).toBe(50);
    const other = ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: p!.main,
      amount: 51,
      code: 'deposit',
      idempotencyKey: k,
    });
    expect(await errorCodeOf(other)).toBe('idempotency_conflict');
  });

  it('refuses zero, negative, fractional and unsafe amounts', async () => {
    const [p] = f.players;
    for (const amount of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, 2 ** 60]) {
      const attempt = ledger.transfer({
        fromAccountId: f.system.paymentClearing,
        toAccountId: p!.main,
        amount,
        code: 'deposit',
        idempotencyKey: key('bad'),
      });
      expect(await errorCodeOf(attempt)).toBe('invalid_amount');
    }
  });

  it('refuses an overdraft of a member account and leaves the balance alone', async () => {
    const [, , p] = f.players;
    await deposit(p!.main, 10);
    const attempt = ledger.transfer({
      fromAccountId: p!.main,
      toAccountId: f.system.houseRevenue,
      amount: 11,
      code: 'bet',
      idempotencyKey: key('over'),
    });
    expect(await errorCodeOf(attempt)).toBe('insufficient_funds');
    expect(await ledger.balanceOf(p!.main)).toBe(10);
  });

  it('refuses a transfer between accounts of different currencies', async () => {
    const [p] = f.players;
    const usd = await ledger.ensureMemberAccounts({
      merchantId: f.merchant.id,
      memberId: p!.member.id,
      currency: 'USD',
      kinds: ['player_main'],
    });
    const attempt = ledger.transfer({
      fromAccountId: p!.main,
      toAccountId: usd.player_main!.id,
      amount: 1,
      code: 'admin_adjustment',
      idempotencyKey: key('fx'),
    });
    expect(await errorCodeOf(attempt)).toBe('currency_mismatch');
  });

  it('get-or-creates accounts: asking twice gives the same accounts', async () => {
    const [p] = f.players;
    const again = await ledger.ensureMemberAccounts({ merchantId: f.merchant.id, memberId: p!.member.id, currency: 'VND' });
    expect(again.player_main?.id).toBe(p!.main);
    const [a, b] = await Promise.all([
      ledger.ensureSystemAccount({ merchantId: f.merchant.id, kind: 'vendor_clearing', currency: 'VND' }),
      ledger.ensureSystemAccount({ merchantId: f.merchant.id, kind: 'vendor_clearing', currency: 'VND' }),
    ]);
    expect(a.id).toBe(b.id);
  });

  it('reserves a stake, posts it once, and refuses a void after the post', async () => {
    const p = f.players[1]!;
    const before = await ledger.balanceOf(p.main);
    const reservation = await ledger.reserve({ accountId: p.main, amount: 20, idempotencyKey: key('res') });
    expect(reservation).toMatchObject({ status: 'held', amount: 20, balanceAfter: before - 20 });
    expect((await ledger.memberBalances({ memberId: p.member.id, currency: 'VND' })).locked).toBe(20);
    const postKey = key('post');
    const posted = await ledger.post({
      reservationId: reservation.reservationId,
      toAccountId: f.system.houseRevenue,
      idempotencyKey: postKey,
    });
    expect(posted.reservation.status).toBe('posted');
    expect(posted.transfer).toMatchObject({ fromAccountId: f.system.escrow, toAccountId: f.system.houseRevenue, amount: 20, code: 'bet' });
    const repeat = await ledger.post({
      reservationId: reservation.reservationId,
      toAccountId: f.system.houseRevenue,
      idempotencyKey: postKey,
    });
    expect(repeat.transfer).toMatchObject({ transferId: posted.transfer.transferId, isReplay: true });
    expect(await errorCodeOf(ledger.voidReservation({ reservationId: reservation.reservationId, idempotencyKey: key('void') }))).toBe(
      'reservation_closed',
    );
    expect(
      await errorCodeOf(
        ledger.post({ reservationId: reservation.reservationId, toAccountId: f.system.houseRevenue, idempotencyKey: key('post2') }),
      ),
    ).toBe('reservation_closed');
    const balances = await ledger.memberBalances({ memberId: p.member.id, currency: 'VND' });
    expect(balances).toMatchObject({ main: before - 20, locked: 0 });
  });

  it('voids a held stake back to the player once', async () => {
    const p = f.players[1]!;
    const before = await ledger.balanceOf(p.main);
    const reservation = await ledger.reserve({ accountId: p.main, amount: 5, idempotencyKey: key('res') });
    const voidKey = key('void');
    const voided = await ledger.voidReservation({ reservationId: reservation.reservationId, idempotencyKey: voidKey });
    expect(voided.transfer).toMatchObject({ toAccountId: p.main, toBalanceAfter: before, code: 'stake_void' });
    const repeat = await ledger.voidReservation({ reservationId: reservation.reservationId, idempotencyKey: voidKey });
    expect(repeat.transfer.isReplay).toBe(true);
    expect(await ledger.balanceOf(p.main)).toBe(before);
  });

  it('settles a stake and pays its win in one call, once per key, on both paths', async () => {
    const p = f.players[1]!;
    await deposit(p.main, 1_000);
    for (const isInCallerTrx of [false, true]) {
      const run = <T>(work: (trx?: Parameters<LedgerService['settle']>[1]) => Promise<T>) =>
        isInCallerTrx ? database.db.transaction().execute((trx) => work(trx)) : work();
      const before = await ledger.balanceOf(p.main);
      const reservation = await ledger.reserve({
        accountId: p.main,
        amount: 100,
        idempotencyKey: key('res'),
        reference: { type: 'round', id: '7' },
      });
      const settleKey = key('settle');
      const input = {
        reservationId: reservation.reservationId,
        toAccountId: f.system.houseRevenue,
        payout: 150,
        idempotencyKey: settleKey,
      };
      const settled = await run((trx) => ledger.settle(input, trx));
      expect(settled.reservation.status).toBe('posted');
      expect(settled.transfer).toMatchObject({
        fromAccountId: f.system.escrow,
        toAccountId: f.system.houseRevenue,
        amount: 100,
        code: 'bet',
        isReplay: false,
      });
      expect(settled.payout).toMatchObject({
        fromAccountId: f.system.houseRevenue,
        toAccountId: p.main,
        amount: 150,
        code: 'payout',
        toBalanceAfter: before + 50,
        isReplay: false,
      });
      expect(await ledger.balanceOf(p.main)).toBe(before + 50);
      const history = await ledger.history({ accountIds: [p.main], codes: ['payout'], pageSize: 1 });
      expect(history.list[0]).toMatchObject({
        transferId: settled.payout?.transferId,
        referenceType: 'round',
        referenceId: '7',
        balanceBefore: before - 100,
      });

      const replay = await run((trx) => ledger.settle(input, trx));
      expect(replay.transfer).toMatchObject({ transferId: settled.transfer.transferId, isReplay: true });
      expect(replay.payout).toMatchObject({ transferId: settled.payout?.transferId, isReplay: true, toBalanceAfter: before + 50 });
      expect(await errorCodeOf(run((trx) => ledger.settle({ ...input, payout: 151 }, trx)))).toBe('idempotency_conflict');
      expect(await errorCodeOf(run((trx) => ledger.settle({ ...input, idempotencyKey: key('settle') }, trx)))).toBe('reservation_closed');
      expect(
        await errorCodeOf(
          run((trx) =>
            ledger.post({ reservationId: reservation.reservationId, toAccountId: f.system.houseRevenue, idempotencyKey: settleKey }, trx),
          ),
        ),
      ).toBe('idempotency_conflict');
      expect(
        await errorCodeOf(
          run((trx) => ledger.voidReservation({ reservationId: reservation.reservationId, idempotencyKey: key('void') }, trx)),
        ),
      ).toBe('reservation_closed');
      expect(await ledger.balanceOf(p.main)).toBe(before + 50);
    }
  });

  it('settles a lost round (payout 0) as a plain post, and refuses a settle after a void', async () => {
    const p = f.players[1]!;
    const before = await ledger.balanceOf(p.main);
    const lost = await ledger.reserve({ accountId: p.main, amount: 30, idempotencyKey: key('res') });
    const input = { reservationId: lost.reservationId, toAccountId: f.system.houseRevenue, payout: 0, idempotencyKey: key('settle') };
    const settled = await ledger.settle(input);
    expect(settled).toMatchObject({ reservation: { status: 'posted' }, transfer: { amount: 30, isReplay: false }, payout: null });
    expect(await ledger.settle(input)).toMatchObject({
      transfer: { transferId: settled.transfer.transferId, isReplay: true },
      payout: null,
    });
    expect(await ledger.balanceOf(p.main)).toBe(before - 30);

    const voided = await ledger.reserve({ accountId: p.main, amount: 10, idempotencyKey: key('res') });
    await ledger.voidReservation({ reservationId: voided.reservationId, idempotencyKey: key('void') });
    expect(
      await errorCodeOf(
        ledger.settle({
          reservationId: voided.reservationId,
          toAccountId: f.system.houseRevenue,
          payout: 5,
          idempotencyKey: key('settle'),
        }),
      ),
    ).toBe('reservation_closed');
    expect(await ledger.balanceOf(p.main)).toBe(before - 30);
  });

  it('refuses bad settles and leaves the stake held', async () => {
    const p = f.players[1]!;
    const reservation = await ledger.reserve({ accountId: p.main, amount: 10, idempotencyKey: key('res') });
    const base = { reservationId: reservation.reservationId, toAccountId: f.system.houseRevenue, payout: 1, idempotencyKey: key('settle') };
    for (const payout of [-1, 1.5, Number.NaN, 2 ** 53, Number.MAX_SAFE_INTEGER + 2]) {
      expect(await errorCodeOf(ledger.settle({ ...base, payout })), String(payout)).toBe('invalid_amount');
    }
    // A win the member's balance cannot hold: refused by the one-statement path and the locking path alike.
    expect(await errorCodeOf(ledger.settle({ ...base, payout: Number.MAX_SAFE_INTEGER }))).toBe('invalid_amount');
    expect(
      await errorCodeOf(database.db.transaction().execute((trx) => ledger.settle({ ...base, payout: Number.MAX_SAFE_INTEGER }, trx))),
    ).toBe('invalid_amount');
    expect(await errorCodeOf(ledger.settle({ ...base, toAccountId: p.main }))).toBe('bad_request');
    expect(await errorCodeOf(ledger.settle({ ...base, toAccountId: f.system.escrow }))).toBe('bad_request');
    expect(await errorCodeOf(ledger.settle({ ...base, idempotencyKey: 'a\u001fpayout' }))).toBe('bad_request');
    expect(await errorCodeOf(ledger.settle({ ...base, reservationId: 2_000_000_000 }))).toBe('not_found');
    expect((await ledger.findReservation(reservation.reservationId))?.status).toBe('held');
    // The key of every refused call is still free.
    expect((await ledger.settle(base)).payout?.amount).toBe(1);
  });

  it('reverses a transfer once, and refuses a reversal that would overdraft', async () => {
    const p = f.players[0]!;
    const dep = await deposit(p.main, 40);
    const rk = key('rev');
    const reversal = await ledger.reverse({ transferId: dep.transferId, idempotencyKey: rk });
    expect(reversal).toMatchObject({ code: 'reversal', reversesTransferId: dep.transferId, fromAccountId: p.main, amount: 40 });
    expect((await ledger.reverse({ transferId: dep.transferId, idempotencyKey: rk })).isReplay).toBe(true);
    expect(await errorCodeOf(ledger.reverse({ transferId: dep.transferId, idempotencyKey: key('rev') }))).toBe('already_reversed');
    expect(await errorCodeOf(ledger.reverse({ transferId: reversal.transferId, idempotencyKey: key('rev') }))).toBe(
      'transfer_not_reversible',
    );

    const big = await deposit(p.main, 1_000_000);
    await ledger.transfer({
      fromAccountId: p.main,
      toAccountId: f.system.houseRevenue,
      amount: 999_999,
      code: 'bet',
      idempotencyKey: key('spend'),
    });
    expect(await errorCodeOf(ledger.reverse({ transferId: big.transferId, idempotencyKey: key('rev') }))).toBe('insufficient_funds');
  });

  it('runs inside a caller transaction and rolls back with it', async () => {
    const p = f.players[2]!;
    const before = await ledger.balanceOf(p.main);
    const k = key('trx');
    await expect(
      database.db.transaction().execute(async (trx) => {
        await ledger.transfer(
          { fromAccountId: f.system.paymentClearing, toAccountId: p.main, amount: 7, code: 'deposit', idempotencyKey: k },
          trx,
        );
        throw new Error('the business record failed');
      }),
    ).rejects.toThrow('the business record failed');
    expect(await ledger.balanceOf(p.main)).toBe(before);
    // The key was rolled back too, so the retry moves the money.
    const retried = await ledger.transfer({
      fromAccountId: f.system.paymentClearing,
      toAccountId: p.main,
      amount: 7,
      code: 'deposit',
      idempotencyKey: k,
    });
    expect(retried).toMatchObject({ isReplay: false, toBalanceAfter: before + 7 });
  });

  it('inside a caller transaction, a replayed key fails only the one-statement write, and the transaction goes on', async () => {
    const p = f.players[2]!;
    const stakeKey = key('trx-stake');
    const held = await ledger.reserve({ accountId: p.main, amount: 5, idempotencyKey: stakeKey });
    const before = await ledger.balanceOf(p.main);
    const settleKey = key('trx-settle');
    await database.db.transaction().execute(async (trx) => {
      // The key is taken: the one-statement write fails and rolls back to its savepoint alone.
      const replay = await ledger.reserve({ accountId: p.main, amount: 5, idempotencyKey: stakeKey }, trx);
      expect(replay).toMatchObject({ reservationId: held.reservationId, isReplay: true });
      const settled = await ledger.settle(
        { reservationId: held.reservationId, toAccountId: f.system.houseRevenue, payout: 9, idempotencyKey: settleKey },
        trx,
      );
      expect(settled.payout).toMatchObject({ amount: 9, toBalanceAfter: before + 9 });
      const again = await ledger.settle(
        { reservationId: held.reservationId, toAccountId: f.system.houseRevenue, payout: 9, idempotencyKey: settleKey },
        trx,
      );
      expect(again.transfer.isReplay).toBe(true);
    });
    expect(await ledger.balanceOf(p.main)).toBe(before + 9);
    // A conflict or a refusal inside a caller transaction throws, and the caller rolls back.
    const inTrx = (work: Parameters<ReturnType<typeof database.db.transaction>['execute']>[0]) =>
      errorCodeOf(database.db.transaction().execute(work));
    expect(await inTrx((trx) => ledger.reserve({ accountId: p.main, amount: 6, idempotencyKey: stakeKey }, trx))).toBe(
      'idempotency_conflict',
    );
    expect(await inTrx((trx) => ledger.reserve({ accountId: p.main, amount: before + 10, idempotencyKey: key('trx-big') }, trx))).toBe(
      'insufficient_funds',
    );
    expect(await ledger.balanceOf(p.main)).toBe(before + 9);
  });

  it('pages a member history filtered by code and time, newest first', async () => {
    const p = f.players[2]!;
    const page = await ledger.history({ memberId: p.member.id, codes: ['deposit'], pageSize: 1 });
    expect(page.totalCount).toBeGreaterThanOrEqual(2);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ code: 'deposit', accountId: p.main });
    const future = await ledger.history({ memberId: p.member.id, from: new Date(Date.now() + 60_000) });
    expect(future.totalCount).toBe(0);
  });

  it('keeps every invariant after all of the above', async () => {
    const audit = await auditLedger(database.db);
    expect(audit.entrySumByCurrency.get('VND')).toBe(0);
    expect(audit.holdingsByCurrency.get('VND')).toBe(0);
    expect(audit.driftedAccountIds).toEqual([]);
    expect(audit.negativeMemberAccountIds).toEqual([]);
    expect(audit.unbalancedTransferIds).toEqual([]);
    expect(audit.brokenChainEntryIds).toEqual([]);
  });
});
