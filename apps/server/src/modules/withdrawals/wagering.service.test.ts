import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMerchant } from '../../../test/factories.ts';
import { createWithdrawingMember } from '../../../test/withdrawals-helpers.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { requiredTurnoverOf } from './wagering.service.ts';

let t: TestApp;
let clock = new Date('2026-11-22T05:00:00Z');
let houseId: number;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  const merchant = await createMerchant(t.database.db);
  houseId = (await t.app.services.ledger.ensureSystemAccount({ merchantId: merchant.id, kind: 'house_revenue', currency: 'VND' })).id;
});

afterAll(async () => {
  await t?.close();
});

const tick = () => {
  clock = new Date(clock.getTime() + 1_000);
};
let betSeq = 0;
function bet(accountId: number, amount: number) {
  betSeq += 1;
  return t.app.services.ledger.transfer({
    fromAccountId: accountId,
    toAccountId: houseId,
    amount,
    code: 'bet',
    idempotencyKey: `wager-bet:${betSeq}`,
  });
}

describe('requiredTurnoverOf', () => {
  it('multiplies exactly and rounds up to the minor unit', () => {
    expect(requiredTurnoverOf(100_000, 3)).toBe(300_000);
    expect(requiredTurnoverOf(333, 1.5)).toBe(500);
    expect(requiredTurnoverOf(1, 0.01)).toBe(1);
    expect(requiredTurnoverOf(Number.MAX_SAFE_INTEGER, 1)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('wagering.addRequirement', () => {
  it('refuses a bad amount, multiplier or source, and an unknown member', async () => {
    const m = await createWithdrawingMember(t.app, t.database.db);
    const wagering = t.app.services.wagering;
    const codeOf = async (work: Promise<unknown>) =>
      work.then(() => 'ok').catch((e: unknown) => (e instanceof DomainError ? e.code : String(e)));
    expect(await codeOf(wagering.addRequirement(m.id, 0, 2, 'x'))).toBe('invalid_amount');
    expect(await codeOf(wagering.addRequirement(m.id, 1.5, 2, 'x'))).toBe('invalid_amount');
    expect(await codeOf(wagering.addRequirement(m.id, 100, 0, 'x'))).toBe('bad_request');
    expect(await codeOf(wagering.addRequirement(m.id, 100, 1.234, 'x'))).toBe('bad_request');
    expect(await codeOf(wagering.addRequirement(m.id, 100, Number.NaN, 'x'))).toBe('bad_request');
    expect(await codeOf(wagering.addRequirement(m.id, 100, 2, ''))).toBe('bad_request');
    expect(await codeOf(wagering.addRequirement(2_000_000_000, 100, 2, 'x'))).toBe('not_found');
    expect(await wagering.remaining({ memberId: m.id, currency: 'VND' })).toBe(0);
  });

  it('counts each stake only towards requirements made before it, in order', async () => {
    const m = await createWithdrawingMember(t.app, t.database.db, { balance: 10_000_000 });
    const wagering = t.app.services.wagering;
    const member = { memberId: m.id, currency: 'VND' };
    tick();
    await wagering.addRequirement(m.id, 100_000, 2, 'promo:first');
    tick();
    await bet(m.mainAccountId, 150_000);
    expect(await wagering.remaining(member)).toBe(50_000);
    tick();
    await wagering.addRequirement(m.id, 50_000, 1.5, 'promo:second');
    expect(await wagering.remaining(member)).toBe(125_000);
    tick();
    // Settles the first (50,000) and part of the second.
    await bet(m.mainAccountId, 100_000);
    expect(await wagering.remaining(member)).toBe(25_000);
    tick();
    await bet(m.mainAccountId, 30_000);
    expect(await wagering.remaining(member)).toBe(0);
    const rows = await t.database.db
      .selectFrom('wagering_requirements')
      .select(['source', 'status', 'multiplier'])
      .where('member_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.source, r.status, Number(r.multiplier)])).toEqual([
      ['promo:first', 'met', 2],
      ['promo:second', 'met', 1.5],
    ]);
    // Earlier play does not count towards a new grant.
    tick();
    await wagering.addRequirement(m.id, 10_000, 1, 'promo:third');
    expect(await wagering.remaining(member)).toBe(10_000);
  });
});
