import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type PromotionInput, promotionInputSchema, type RaffleEntries } from '@platform/contracts/promotions';
import { drawRaffle } from '@platform/games/raffle';
import { commitmentOf } from '@platform/games/rng';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createPromoWorld, promotionInput } from '../../../test/promotions-helpers.ts';

let t: TestApp;
const run = promisify(execFile);
const gamesPackage = fileURLToPath(new URL('../../../../../packages/games', import.meta.url));

/** The offline verify script on a saved public list: its exit code and the check it printed. */
async function verifyOffline(
  list: unknown,
): Promise<{ code: number; check: { winners: { entry: number }[]; winnersMatch: boolean; commitmentMatches: boolean } | null }> {
  const file = join(await mkdtemp(join(tmpdir(), 'raffle-')), 'raffle.json');
  await writeFile(file, JSON.stringify(list));
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/verify-raffle.ts', '--list', file], { cwd: gamesPackage });
    return { code: 0, check: JSON.parse(stdout) };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, check: failed.stdout ? JSON.parse(failed.stdout) : null };
  }
}

const clock = { now: new Date('2026-11-20T03:00:00Z') };
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

/** A ticket per 100,000 of slots turnover, at most 5 a member; prizes 300,000 then 100,000; drawn in two hours. */
function raffleInput(over: Partial<PromotionInput> = {}): PromotionInput {
  return promotionInput({
    category: 'OTHER',
    trigger: 'raffle',
    startsAt: new Date(clock.now.getTime() - HOUR).toISOString(),
    raffle: {
      ticketTurnover: 100_000,
      ticketsMax: 5,
      drawAt: new Date(clock.now.getTime() + 2 * HOUR).toISOString(),
      prizes: [300_000, 100_000],
    },
    wagering: { multiple: 0, weights: { RNG: 100 } },
    stackable: true,
    ...over,
  });
}

describe('the draw', () => {
  it('is a function of the seed, the promotion and the entries; each prize to a different member, by tickets', () => {
    const entries = [
      { memberId: 7, tickets: 1 },
      { memberId: 3, tickets: 98 },
      { memberId: 5, tickets: 1 },
    ];
    const seed = 'ab'.repeat(32);
    const once = drawRaffle(seed, 1, entries, 2);
    expect(drawRaffle(seed, 1, [...entries].reverse(), 2)).toEqual(once);
    expect(new Set(once).size).toBe(2);
    expect(drawRaffle(seed, 1, entries, 5)).toHaveLength(3);
    expect(drawRaffle(seed, 1, [], 2)).toEqual([]);
    // 98 of 100 tickets: the first prize goes to member 3 for most seeds.
    let firsts = 0;
    for (let n = 0; n < 200; n += 1) if (drawRaffle(n.toString(16).padStart(64, '0'), 1, entries, 1)[0] === 3) firsts += 1;
    expect(firsts).toBeGreaterThan(180);
  });
});

describe('raffle promotions', () => {
  it('takes earned tickets, draws once at its time with a published commitment, pays each prize once through a grant', async () => {
    const { w, promotions, op, principal, play } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, raffleInput());
    const [a, b, c, none] = [await w.member(), await w.member(), await w.member(), await w.member()];
    await play(a, 'RNG', 250_000); // 2 tickets
    await play(b, 'RNG', 900_000); // 5 tickets (the most)
    await play(c, 'LIVE', 900_000); // live casino does not count: none
    await play(c, 'RNG', 100_000); // 1 ticket

    const before = (await promotions.forMember(principal(a), 'en')).list.find((p) => p.id === promo.id);
    expect(before).toMatchObject({ status: 'CLAIM', raffle: { myTickets: 0, earnedTickets: 2, drawn: null } });
    const commitment = before?.raffle?.commitment ?? '';
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    // The visitor sees the commitment too, and nothing of a member.
    const visitor = (await promotions.forVisitor(w.merchant.id, 'en')).list.find((p) => p.id === promo.id);
    expect(visitor).toMatchObject({ status: 'JOIN', raffle: { commitment, myTickets: 0, earnedTickets: 0 } });

    expect(await promotions.claimRaffle(principal(a), promo.id)).toEqual({ status: 'JOINED', tickets: 2 });
    expect(await errorCodeOf(promotions.claimRaffle(principal(a), promo.id))).toBe('raffle_no_tickets');
    const both = await Promise.all([1, 2].map(() => errorCodeOf(promotions.claimRaffle(principal(b), promo.id))));
    expect(both.sort()).toEqual(['ok', 'raffle_no_tickets']);
    expect(await promotions.claimRaffle(principal(c), promo.id)).toEqual({ status: 'JOINED', tickets: 1 });
    expect(await errorCodeOf(promotions.claimRaffle(principal(none), promo.id))).toBe('raffle_no_tickets');
    // More play, more tickets (capped).
    await play(a, 'RNG', 100_000);
    expect(await promotions.claimRaffle(principal(a), promo.id)).toEqual({ status: 'JOINED', tickets: 3 });

    // Not yet: nothing drawn.
    expect(await promotions.drawDue()).toBe(0);
    clock.now = new Date(clock.now.getTime() + 2 * HOUR);
    expect(await errorCodeOf(promotions.claimRaffle(principal(c), promo.id))).toBe('promotion_unavailable');
    const runs = await Promise.all([promotions.drawDue(), promotions.drawDue(), promotions.settleDue()]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await promotions.drawDue()).toBe(0);

    const after = (await promotions.forMember(principal(a), 'en')).list.find((p) => p.id === promo.id)?.raffle;
    const drawn = after?.drawn;
    expect(drawn).toBeTruthy();
    // Verifiable: the seed matches the commitment, and the draw recomputed from it names the same winners.
    expect(commitmentOf(drawn!.seed)).toBe(commitment);
    expect(drawn!.totalTickets).toBe(3 + 5 + 1);
    const entries = [
      { memberId: a.id, tickets: 3 },
      { memberId: b.id, tickets: 5 },
      { memberId: c.id, tickets: 1 },
    ];
    const winners = drawRaffle(drawn!.seed, promo.id, entries, 2);
    const prizes = await t.database.db
      .selectFrom('promotion_raffle_prizes')
      .select(['rank', 'member_id', 'amount', 'status'])
      .where('promotion_id', '=', promo.id)
      .orderBy('rank')
      .execute();
    expect(prizes.map((p) => [p.rank, Number(p.member_id), p.amount, p.status])).toEqual([
      [1, winners[0], 300_000, 'paid'],
      [2, winners[1], 100_000, 'paid'],
    ]);
    expect(drawn!.winners.map((x) => x.amount)).toEqual([300_000, 100_000]);
    // Paid once: a wagering multiple of 0 converts at the next settling, straight to cash.
    await promotions.settleDue();
    for (const m of [a, b, c]) {
      const won = prizes.find((p) => Number(p.member_id) === m.id)?.amount ?? 0;
      const balances = await w.balances(m.id);
      expect(balances.main + balances.bonus).toBe(won);
    }
    await expectCleanBooks(t.database.db);
  });

  it('publishes its entries (masked, in the draw’s order) and winners; the offline script recomputes the server’s winners', async () => {
    const { w, promotions, op, principal, play } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(
      op,
      raffleInput({ raffle: { ...raffleInput().raffle!, prizes: [300_000, 200_000, 100_000] } }),
    );
    const members = [await w.member(), await w.member(), await w.member(), await w.member(), await w.member()];
    for (const [i, m] of members.entries()) {
      await play(m, 'RNG', 100_000 * (i + 1));
      if (i < 4) await promotions.claimRaffle(principal(m), promo.id);
    }
    const open = await promotions.raffleEntries(w.merchant.id, promo.id);
    expect(open).toMatchObject({ promotionId: promo.id, seed: null, winners: [], totalTickets: 1 + 2 + 3 + 4 });
    expect(open.entries.map((e) => [e.entry, e.tickets])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    // Masked: never the whole username.
    for (const [i, e] of open.entries.entries()) {
      expect(e.username).toContain('***');
      expect(e.username).not.toBe(members[i]!.username);
    }
    expect((await verifyOffline(open)).code).toBe(3);

    clock.now = new Date(clock.now.getTime() + 2 * HOUR);
    expect(await promotions.drawDue()).toBe(1);
    const list: RaffleEntries = await promotions.raffleEntries(w.merchant.id, promo.id);
    expect(commitmentOf(list.seed ?? '')).toBe(list.commitment);
    const prizes = await t.database.db
      .selectFrom('promotion_raffle_prizes')
      .select(['rank', 'member_id', 'amount'])
      .where('promotion_id', '=', promo.id)
      .orderBy('rank')
      .execute();
    const entryOf = (memberId: number) => members.findIndex((m) => m.id === memberId) + 1;
    expect(list.winners.map((x) => [x.rank, x.entry, x.amount])).toEqual(
      prizes.map((p) => [p.rank, entryOf(Number(p.member_id)), p.amount]),
    );

    // The script, from the published list alone, names the winners the server paid.
    const verified = await verifyOffline({ success: true, value: list });
    expect(verified.code).toBe(0);
    expect(verified.check).toMatchObject({ commitmentMatches: true, winnersMatch: true });
    expect(verified.check!.winners.map((x) => x.entry)).toEqual(prizes.map((p) => entryOf(Number(p.member_id))));
    // A list whose winners or seed were changed does not pass.
    const swapped = { ...list, winners: list.winners.map((x, i) => ({ ...x, entry: list.winners[(i + 1) % list.winners.length]!.entry })) };
    expect((await verifyOffline(swapped)).code).toBe(1);
    expect((await verifyOffline({ ...list, seed: 'ab'.repeat(32) })).check).toMatchObject({ commitmentMatches: false });

    // Over HTTP: a promotion that is no raffle, or none, is not found, with a sentence to show.
    const missing = await t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getRaffleEntries/999999999', headers: { lang: 'en' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'not_found' });
  });

  it('draws with the prizes of the last edit before the draw, and refuses an edit after it, changing nothing', async () => {
    const { w, promotions, op, principal, play } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, raffleInput());
    const m = await w.member();
    await play(m, 'RNG', 200_000);
    await promotions.claimRaffle(principal(m), promo.id);
    // Before the draw the operator lowers the prizes to one of 50,000: the draw pays that.
    const edited = raffleInput({ raffle: { ...raffleInput().raffle!, prizes: [50_000] } });
    await promotions.admin.edit(op, promo.id, edited);
    clock.now = new Date(clock.now.getTime() + 2 * HOUR);
    expect(await promotions.drawDue()).toBe(1);
    const prizes = await t.database.db
      .selectFrom('promotion_raffle_prizes')
      .select(['rank', 'member_id', 'amount'])
      .where('promotion_id', '=', promo.id)
      .execute();
    expect(prizes.map((p) => [p.rank, Number(p.member_id), p.amount])).toEqual([[1, m.id, 50_000]]);

    // After the draw the definition stays the one the draw used.
    const later = raffleInput({ raffle: { ...raffleInput().raffle!, prizes: [900_000, 1] } });
    expect(await errorCodeOf(promotions.admin.edit(op, promo.id, later))).toBe('promotion_raffle_drawn');
    const stored = (await promotions.admin.list(w.merchant.id)).find((p) => p.id === promo.id);
    expect(stored?.input.raffle?.prizes).toEqual([50_000]);
    const audits = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'promotion')
      .where('subject_id', '=', String(promo.id))
      .where('action', '=', 'promotion.edited')
      .execute();
    expect(audits).toHaveLength(1);
    await expectCleanBooks(t.database.db);
  });

  it('withholds the prize of a member excluded before the draw; the raffle rule goes with its trigger', async () => {
    const { w, promotions, op, principal, play } = await createPromoWorld(t, clock);
    const promo = await promotions.admin.create(op, raffleInput({ raffle: { ...raffleInput().raffle!, prizes: [50_000] } }));
    const m = await w.member();
    await play(m, 'RNG', 100_000);
    await promotions.claimRaffle(principal(m), promo.id);
    await t.app.services.responsibleGaming.selfExclude(m.id, { months: 1 }, { ip: null });
    clock.now = new Date(clock.now.getTime() + 2 * HOUR);
    expect(await promotions.drawDue()).toBe(1);
    const prize = await t.database.db.selectFrom('promotion_raffle_prizes').selectAll().where('promotion_id', '=', promo.id).execute();
    expect(prize.map((p) => [Number(p.member_id), p.status, p.grant_id])).toEqual([[m.id, 'withheld', null]]);
    expect((await w.balances(m.id)).bonus).toBe(0);
    expect(promotionInputSchema.safeParse(raffleInput()).success).toBe(true);
    expect(promotionInputSchema.safeParse(raffleInput({ trigger: 'claim' })).success).toBe(false);
    expect(promotionInputSchema.safeParse(raffleInput({ endsAt: new Date(clock.now.getTime() - HOUR).toISOString() })).success).toBe(false);
  });
});
