import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';
import { auditLedger, errorCodeOf } from '../../../test/ledger-fixture.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('points.award', () => {
  it('pays once per (member, rule, occurrence), in the points currency, whatever the repetition', async () => {
    const points = t.app.services.points;
    const merchant = await createMerchant(t.database.db);
    const member = await createMember(t.database.db, merchant);
    const input = { merchantId: merchant.id, memberId: member.id, amount: 50, ruleKey: 'mission', occurrenceKey: 'm1:2026-11-27' };
    const results = await Promise.all([points.award(input), points.award(input), points.award(input)]);
    expect(results.filter((r) => !r.isReplay)).toHaveLength(1);
    expect(results.every((r) => r.awarded === 50)).toBe(true);
    expect(await points.balanceOf({ memberId: member.id })).toBe(50);
    await points.award({ ...input, occurrenceKey: 'm1:2026-11-28' });
    expect(await points.balanceOf({ memberId: member.id })).toBe(100);
    const audit = await auditLedger(t.database.db);
    expect(audit.holdingsByCurrency.get('PTS')).toBe(0);
    expect(audit.entrySumByCurrency.get('PTS')).toBe(0);
  });

  it("cuts an award at the daily cap and refuses the earning rules' own keys", async () => {
    const points = t.app.services.points;
    const merchant = await createMerchant(t.database.db);
    const member = await createMember(t.database.db, merchant);
    const base = { merchantId: merchant.id, memberId: member.id, amount: 30, ruleKey: 'code', dailyCap: 50 };
    expect((await points.award({ ...base, occurrenceKey: 'a' })).awarded).toBe(30);
    expect((await points.award({ ...base, occurrenceKey: 'b' })).awarded).toBe(20);
    expect((await points.award({ ...base, occurrenceKey: 'c' })).awarded).toBe(0);
    expect(await points.balanceOf({ memberId: member.id })).toBe(50);
    expect(await errorCodeOf(points.award({ ...base, ruleKey: 'rule:1', occurrenceKey: 'd' }))).toBe('bad_request');
    expect(await errorCodeOf(points.award({ ...base, amount: 0, occurrenceKey: 'e' }))).toBe('bad_request');
  });
});
