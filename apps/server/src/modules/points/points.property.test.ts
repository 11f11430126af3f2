import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { auditLedger, errorCodeOf } from '../../../test/ledger-fixture.ts';
import { createPointsWorld, mallItemInput } from '../../../test/points-helpers.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { createPointsCore } from './points.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

const MEMBERS = 3;

/** One step: an award (occurrences repeat on purpose), a redeem, an operator decision, or a fresh process over the same database. */
const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant('award' as const),
    member: fc.nat(MEMBERS - 1),
    occurrence: fc.nat(4),
    amount: fc.integer({ min: 1, max: 300 }),
  }),
  fc.record({
    kind: fc.constant('redeem' as const),
    member: fc.nat(MEMBERS - 1),
    gift: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('decide' as const), order: fc.nat(20), reject: fc.boolean() }),
  fc.constant({ kind: 'restart' as const }),
);

describe('points are conserved and each occurrence pays once (random sequences)', () => {
  it('earn, spend and refund keep every point accounted for; duplicates and restarts pay nothing more', async () => {
    const w = await createPointsWorld(t);
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => w.member()));
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const ruleKey = uniqueName('prop');
        const gift = await w.points.admin.createItem(w.op, mallItemInput({ stock: 6, pointsCost: 40 }));
        const convert = await w.points.admin.createItem(
          w.op,
          mallItemInput({ kind: 'game_points', stock: null, pointsCost: 25, cashAmount: 1_000 }),
        );
        const before = await Promise.all(members.map((m) => w.points.balanceOf({ memberId: m.id })));
        // The model: what each member earned, spent and had refunded, and the occurrences already paid.
        const earned = members.map(() => 0);
        const spent = members.map(() => 0);
        const paid = new Set<string>();
        const orders: { member: number; id: number; points: number; quantity: number; open: boolean }[] = [];
        let award = w.points.award;
        let giftStock = 6;

        for (const step of steps) {
          if (step.kind === 'restart') {
            // A new process: fresh services (and caches) over the same database.
            const ledger = createLedgerService({ db: t.database.db });
            award = createPointsCore({
              db: t.database.db,
              ledger,
              now: () => new Date(),
              timeZoneOf: async () => 'Asia/Ho_Chi_Minh',
            }).award;
          } else if (step.kind === 'award') {
            const m = members[step.member]!;
            const key = `${step.member}:${step.occurrence}`;
            const result = await award({
              merchantId: w.merchant.id,
              memberId: m.id,
              amount: step.amount,
              ruleKey,
              occurrenceKey: `o${step.occurrence}`,
            });
            expect(result.isReplay).toBe(paid.has(key));
            if (!paid.has(key)) {
              paid.add(key);
              earned[step.member]! += step.amount;
            }
          } else if (step.kind === 'redeem') {
            const m = members[step.member]!;
            const item = step.gift ? gift : convert;
            const cost = item.input.pointsCost * step.quantity;
            const balance = before[step.member]! + earned[step.member]! - spent[step.member]!;
            const code = await errorCodeOf(
              (async () => {
                const done = await w.points.mall.redeem(
                  m.principal,
                  w.redeemInput(item.id, { quantity: step.quantity }),
                  step.gift ? 'gift' : 'game_points',
                  'en',
                );
                orders.push({
                  member: step.member,
                  id: 0,
                  points: done.record.pointsNeeded,
                  quantity: step.quantity,
                  open: done.record.status === 'processing',
                });
              })(),
            );
            const expected = step.gift && giftStock < step.quantity ? 'mall_out_of_stock' : balance < cost ? 'points_insufficient' : 'ok';
            expect(code).toBe(expected);
            if (code === 'ok') {
              spent[step.member]! += cost;
              if (step.gift) giftStock -= step.quantity;
            }
          } else if (orders.length > 0) {
            const order = orders[step.order % orders.length]!;
            const open = (await w.points.admin.orders(w.merchant.id, { pageNo: 1, pageSize: 100, status: 'processing' })).list.filter(
              (o) => o.memberId === members[order.member]!.id && o.itemId === gift.id,
            );
            const target = open[0];
            if (!target) continue;
            const code = await errorCodeOf(w.points.admin.decide(w.op, target.id, step.reject ? 'reject' : 'fulfil', 'checked'));
            expect(code).toBe('ok');
            if (step.reject) {
              spent[order.member]! -= target.pointsNeeded;
              giftStock += target.quantity;
            }
            // A second decision on a closed order changes nothing.
            expect(await errorCodeOf(w.points.admin.decide(w.op, target.id, 'reject', undefined))).toBe('mall_order_closed');
          }
        }

        for (const [i, m] of members.entries()) {
          expect(await w.points.balanceOf({ memberId: m.id })).toBe(before[i]! + earned[i]! - spent[i]!);
        }
        const [giftAfter] = (await w.points.admin.items(w.merchant.id)).filter((i) => i.id === gift.id);
        expect(giftAfter?.input.stock).toBe(giftStock);
        const audit = await auditLedger(t.database.db);
        expect(audit.holdingsByCurrency.get('PTS') ?? 0).toBe(0);
        expect(audit.entrySumByCurrency.get('PTS') ?? 0).toBe(0);
        expect(audit.holdingsByCurrency.get(w.merchant.currency) ?? 0).toBe(0);
        expect(audit.negativeMemberAccountIds).toEqual([]);
        expect(audit.driftedAccountIds).toEqual([]);
        expect(audit.brokenChainEntryIds).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
