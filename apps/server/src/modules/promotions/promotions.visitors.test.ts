import { promotionInputSchema } from '@platform/contracts/promotions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { uniqueName } from '../../../test/factories.ts';
import { createPromoWorld, promotionInput } from '../../../test/promotions-helpers.ts';
import { TEST_LEVELS } from '../../../test/vip-helpers.ts';

let t: TestApp;
const clock = { now: new Date('2026-11-20T03:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

describe('the visitor’s list', () => {
  it('shows the promotions open or coming for anyone, with a new member’s status and nothing of a member', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const open = await promotions.admin.create(op, promotionInput({ titles: { vi: 'Thưởng mỗi ngày', en: 'Daily bonus' } }));
    const deposit = await promotions.admin.create(
      op,
      promotionInput({ trigger: 'first_deposit', amount: { kind: 'percent', basisPoints: 1_000, cap: 50_000 }, minDeposit: 100_000 }),
    );
    const coming = await promotions.admin.create(op, promotionInput({ startsAt: '2026-12-01T00:00:00.000Z' }));
    const labelled = await promotions.admin.create(op, promotionInput({ audience: { labels: ['whale'] } }));
    const downline = await promotions.admin.create(op, promotionInput({ audience: { downlineOf: 1 } }));
    const over = await promotions.admin.create(op, promotionInput({ endsAt: '2026-11-19T00:00:00.000Z' }));
    const paused = await promotions.admin.create(op, promotionInput());
    await promotions.admin.move(op, paused.id, 'pause');
    const ended = await promotions.admin.create(op, promotionInput());
    await promotions.admin.move(op, ended.id, 'end');
    // A member's grant changes nothing a visitor sees.
    const m = await w.member();
    await promotions.claim(principal(m), open.id, { ip: null });

    const { list } = await promotions.forVisitor(w.merchant.id, 'vi');
    const byId = new Map(list.map((p) => [p.id, p]));
    expect([...byId.keys()].sort()).toEqual([open.id, deposit.id, coming.id].sort());
    expect(byId.get(open.id)).toMatchObject({ status: 'CLAIM', title: 'Thưởng mỗi ngày', grant: null, vipRequirement: null });
    expect(byId.get(deposit.id)?.status).toBe('JOIN');
    expect(byId.get(coming.id)?.status).toBe('COMING_SOON');
    for (const hidden of [labelled, downline, over, paused, ended]) expect(byId.has(hidden.id)).toBe(false);
    expect((await promotions.forVisitor(w.merchant.id, 'en')).list.find((p) => p.id === open.id)?.title).toBe('Daily bonus');
    await expect(promotions.detailForVisitor(w.merchant.id, labelled.id, 'en')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('answers without a session at the public call, for the site’s merchant', async () => {
    const merchant = await t.app.services.merchants.current();
    const adminId = await t.app.services.admins.createAdmin({
      merchantId: merchant.id,
      username: uniqueName('op'),
      password: 'Operator@2026',
      role: 'finance',
    });
    const op = { adminId, merchantId: merchant.id, ip: null };
    const promo = await t.app.services.promotions.admin.create(op, promotionInput());
    const listed = await t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getPublicPromotions', headers: { lang: 'en' } });
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as { success: boolean; value: { list: { id: number; title: string; grant: unknown }[] } };
    expect(body.success).toBe(true);
    expect(body.value.list.find((p) => p.id === promo.id)).toMatchObject({ title: 'Daily bonus', grant: null });
    const one = await t.app.inject({ method: 'GET', url: `/wps/relay/MCSFE_getPublicPromotion/${promo.id}`, headers: { lang: 'vi' } });
    expect(one.json()).toMatchObject({ success: true, value: { id: promo.id, title: 'Thưởng mỗi ngày', status: 'CLAIM' } });
    // The member's own call still asks for a session.
    expect((await t.app.inject({ method: 'GET', url: '/wps/member/promotions/MCSFE_getPromotions' })).statusCode).toBe(401);
  });
});

describe('a promotion for other VIP levels', () => {
  it('shows NOT_FOR_LEVEL with the levels it is for, not CLOSED; a member of the level sees the action', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    await t.app.services.vip.levels.setLevels(op, { levels: TEST_LEVELS });
    const fromOne = await promotions.admin.create(op, promotionInput({ audience: { vipLevels: [2, 1] } }));
    const onlyTwo = await promotions.admin.create(op, promotionInput({ audience: { vipLevels: [2] } }));
    const zeroAndTwo = await promotions.admin.create(op, promotionInput({ audience: { vipLevels: [0, 2] } }));
    const labelOnly = await promotions.admin.create(op, promotionInput({ audience: { vipLevels: [1], labels: ['whale'] } }));
    const [low, high] = [await w.member(), await w.member()];
    await t.database.db
      .insertInto('vip_member_levels')
      .values({
        member_id: high.id,
        merchant_id: w.merchant.id,
        level: 1,
        reached_on: '2026-11-19',
        evaluated_on: '2026-11-19',
        updated_at: clock.now,
      })
      .execute();

    const statusOf = async (m: typeof low, id: number) => (await promotions.forMember(principal(m), 'en')).list.find((p) => p.id === id);
    expect(await statusOf(low, fromOne.id)).toMatchObject({
      status: 'NOT_FOR_LEVEL',
      vipRequirement: { codes: ['VIP1', 'VIP2'], from: 'VIP1' },
    });
    expect(await statusOf(low, onlyTwo.id)).toMatchObject({ status: 'NOT_FOR_LEVEL', vipRequirement: { codes: ['VIP2'], from: 'VIP2' } });
    expect(await statusOf(low, zeroAndTwo.id)).toMatchObject({ status: 'CLAIM', vipRequirement: { codes: ['VIP0', 'VIP2'], from: null } });
    // Outside the audience for another reason as well: closed, as before.
    expect((await statusOf(low, labelOnly.id))?.status).toBe('CLOSED');
    expect((await statusOf(high, fromOne.id))?.status).toBe('CLAIM');
    expect((await statusOf(high, onlyTwo.id))?.status).toBe('NOT_FOR_LEVEL');
    expect((await statusOf(high, zeroAndTwo.id))?.status).toBe('NOT_FOR_LEVEL');
    // Not counted on the badge, and a claim is still refused.
    expect((await promotions.forMember(principal(low), 'en')).availableCount).toBe(1);
    await expect(promotions.claim(principal(low), fromOne.id, { ip: null })).rejects.toMatchObject({ code: 'promotion_unavailable' });
    // A visitor (a new member is level 0) sees the same requirement.
    const visitor = (await promotions.forVisitor(w.merchant.id, 'en')).list;
    expect(visitor.find((p) => p.id === fromOne.id)).toMatchObject({ status: 'NOT_FOR_LEVEL', vipRequirement: { from: 'VIP1' } });
    expect(visitor.find((p) => p.id === zeroAndTwo.id)?.status).toBe('CLAIM');
  });
});

describe('images per language', () => {
  it('shows the image of the member’s language, falling back to English, then Vietnamese, else none', async () => {
    const { w, promotions, op, principal } = await createPromoWorld(t, clock);
    const both = await promotions.admin.create(
      op,
      promotionInput({
        images: { vi: '/promotions/daily-vi.png', en: 'https://cdn.example.com/daily-en.png', pt: '/promotions/daily-pt.png' },
      }),
    );
    const viOnly = await promotions.admin.create(op, promotionInput({ images: { vi: '/promotions/only-vi.png' } }));
    const none = await promotions.admin.create(op, promotionInput());
    const imageOf = async (language: string, id: number) =>
      (await promotions.forVisitor(w.merchant.id, language)).list.find((p) => p.id === id)?.image;
    expect(await imageOf('vi', both.id)).toBe('/promotions/daily-vi.png');
    expect(await imageOf('en', both.id)).toBe('https://cdn.example.com/daily-en.png');
    expect(await imageOf('pt-br', both.id)).toBe('/promotions/daily-pt.png');
    expect(await imageOf('th', both.id)).toBe('https://cdn.example.com/daily-en.png');
    expect(await imageOf('en', viOnly.id)).toBe('/promotions/only-vi.png');
    expect(await imageOf('en', none.id)).toBeNull();
    const m = await w.member();
    expect((await promotions.forMember(principal(m), 'vi')).list.find((p) => p.id === both.id)?.image).toBe('/promotions/daily-vi.png');
    // An address that is neither a site path nor https is refused by the definition's schema.
    expect(promotionInputSchema.safeParse(promotionInput({ images: { vi: 'javascript:alert(1)' } })).success).toBe(false);
    expect(promotionInputSchema.safeParse(promotionInput({ images: { vi: 'http://plain.example.com/a.png' } })).success).toBe(false);
  });
});
