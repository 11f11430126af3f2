import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { auditLedger } from '../../../test/ledger-fixture.ts';
import { createPointsWorld, mallItemInput } from '../../../test/points-helpers.ts';
import { DomainError } from '../../lib/domain-error.ts';

/**
 * Real concurrency: on PostgreSQL the redeems run on separate pooled connections at the same time and
 * race for the item's row; on PGlite they queue on its single connection.
 */

const RACER_COUNT = 100;
const STOCK = 10;

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

function outcomeOf(settled: PromiseSettledResult<unknown>): string {
  if (settled.status === 'fulfilled') return 'ok';
  if (settled.reason instanceof DomainError) return settled.reason.code;
  throw settled.reason;
}

describe('the points mall under concurrent redeems', () => {
  it(`${RACER_COUNT} members redeeming an item with stock ${STOCK} at once buy exactly ${STOCK}`, async () => {
    const w = await createPointsWorld(t);
    const item = await w.points.admin.createItem(w.op, mallItemInput({ stock: STOCK, pointsCost: 70 }));
    const members = await Promise.all(Array.from({ length: RACER_COUNT }, () => w.member(100)));
    const settled = await Promise.allSettled(members.map((m) => w.points.mall.redeem(m.principal, w.redeemInput(item.id), 'gift', 'en')));
    const outcomes = settled.map(outcomeOf);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(STOCK);
    expect(outcomes.filter((o) => o !== 'ok').every((o) => o === 'mall_out_of_stock')).toBe(true);

    const [after] = (await w.points.admin.items(w.merchant.id)).filter((i) => i.id === item.id);
    expect(after?.input.stock).toBe(0);
    expect(after?.redeemedCount).toBe(STOCK);
    const balances = await Promise.all(members.map((m) => w.points.balanceOf({ memberId: m.id })));
    expect(balances.filter((b) => b === 30)).toHaveLength(STOCK);
    expect(balances.filter((b) => b === 100)).toHaveLength(RACER_COUNT - STOCK);
    const audit = await auditLedger(t.database.db);
    expect(audit.holdingsByCurrency.get('PTS')).toBe(0);
    expect(audit.negativeMemberAccountIds).toEqual([]);
    expect(audit.driftedAccountIds).toEqual([]);
  });

  it('one member firing the same request and a second request at a limit-1 item gets one unit', async () => {
    const w = await createPointsWorld(t);
    const item = await w.points.admin.createItem(w.op, mallItemInput({ stock: 5, limitPerMember: 1 }));
    const m = await w.member(1_000);
    const same = w.redeemInput(item.id);
    const settled = await Promise.allSettled([
      w.points.mall.redeem(m.principal, same, 'gift', 'en'),
      w.points.mall.redeem(m.principal, same, 'gift', 'en'),
      w.points.mall.redeem(m.principal, w.redeemInput(item.id), 'gift', 'en'),
    ]);
    const outcomes = settled.map(outcomeOf);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'mall_limit_reached')).toHaveLength(1);
    const numbers = new Set(settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value.record.transactionNo] : [])));
    expect(numbers.size).toBe(1);
    expect(await w.points.balanceOf({ memberId: m.id })).toBe(900);
  });
});
