import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createMember, createMerchant } from '../../../test/factories.ts';

let t: TestApp;
let clock = new Date('2026-11-22T08:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
});

afterAll(async () => {
  await t?.close();
});

describe('game sessions', () => {
  it('issue a token that names the member, game and currency, active until ended', async () => {
    const merchant = await createMerchant(t.database.db);
    const member = await createMember(t.database.db, merchant);
    const games = t.app.services.gameSessions;
    const issued = await games.issue({
      memberId: member.id,
      merchantId: merchant.id,
      currency: merchant.currency,
      vendorCode: 'DEMO',
      gameCode: 'lucky-7',
      gameCategory: 'RNG',
      isTrial: false,
    });
    const found = await games.findByToken(issued.token);
    expect(found).toMatchObject({ memberId: member.id, vendorCode: 'DEMO', gameCode: 'lucky-7', gameCategory: 'RNG', isActive: true });
    expect(await games.findByToken(`${issued.token}x`)).toBeUndefined();

    await games.endAllForMember(member.id);
    const ended = await games.findByToken(issued.token);
    expect(ended?.isActive).toBe(false);
    expect(ended?.memberId).toBe(member.id);
  });

  it('stop being active when they expire', async () => {
    const merchant = await createMerchant(t.database.db);
    const member = await createMember(t.database.db, merchant);
    const games = t.app.services.gameSessions;
    const issued = await games.issue({
      memberId: member.id,
      merchantId: merchant.id,
      currency: merchant.currency,
      vendorCode: 'DEMO',
      gameCode: 'g',
      gameCategory: 'RNG',
      isTrial: false,
      ttlMinutes: 5,
    });
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect((await games.findByToken(issued.token))?.isActive).toBe(false);
  });
});
