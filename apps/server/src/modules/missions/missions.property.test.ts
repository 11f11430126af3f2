import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { errorCodeOf, expectCleanBooks } from '../../../test/ledger-fixture.ts';
import { createPromoWorld, type PromoMember } from '../../../test/promotions-helpers.ts';
import { localDateOf } from '../../lib/time-zone.ts';
import { createMissionsService } from './missions.service.ts';

/**
 * A mission pays once per (member, mission, occurrence): rounds delivered twice, the summary read
 * again and again (and at once), the evaluation job, a new service as after a restart, claims
 * repeated and racing, days passing. Whatever the order, each day the member played enough has one
 * completion, one reward, and one payment once claimed; a day short of the target has none.
 */

let t: TestApp;
const clock = { now: new Date('2026-11-20T03:00:00Z') };

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => new Date(clock.now.getTime()) });
});

afterAll(async () => {
  await t.close();
});

const TARGET = 3;
const REWARD = 7_000;

const step = fc.oneof(
  fc.record({ kind: fc.constant('play' as const), category: fc.constantFrom('RNG', 'RNG', 'LIVE') }),
  fc.record({ kind: fc.constant('duplicate' as const) }),
  fc.record({ kind: fc.constant('read' as const), times: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('job' as const) }),
  fc.record({ kind: fc.constant('restart' as const) }),
  fc.record({ kind: fc.constant('claim' as const), times: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('nextDay' as const) }),
);

function freshService() {
  const s = t.app.services;
  return createMissionsService({
    db: t.database.db,
    now: () => new Date(clock.now.getTime()),
    rewards: s.rewards,
    timeZoneOf: (merchantId) => s.records.timeZoneOf(merchantId),
    rollups: s.dailyStats,
    pointsEvents: (trx, event) => s.points.onEvent(event, trx),
  });
}

const play = { kind: 'play' as const, category: 'RNG' };
const duplicate = { kind: 'duplicate' as const };
const read = { kind: 'read' as const, times: 3 };
const restart = { kind: 'restart' as const };
const claim = { kind: 'claim' as const, times: 3 };
const job = { kind: 'job' as const };
const nextDay = { kind: 'nextDay' as const };
let paidDays = 0;

describe('missions pay once per occurrence (random sequences)', () => {
  it('one completion and one payment per day the target was met, none for a day short of it; books balance', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 16 }), async (steps) => {
        clock.now = new Date(clock.now.getTime() + 3 * 86_400_000);
        const { w, op, principal, game } = await createPromoWorld(t, clock);
        const session = (x: PromoMember) => ({ ...principal(x), sessionId: 0, username: x.username, accountType: x.account_type });
        let missions = freshService();
        const mission = await missions.admin.create(op, {
          code: `PLAY${Date.now() % 100000}`,
          titles: { vi: 'Chơi 3 ván slot', en: 'Play 3 slot rounds' },
          period: 'daily',
          event: 'rounds',
          category: 'RNG',
          target: TARGET,
          reward: { kind: 'cash', amount: REWARD },
        });
        const m = await w.member();
        await w.fund(m.accounts, 10_000_000);
        const timeZone = await t.app.services.records.timeZoneOf(w.merchant.id);
        const roundsByDay = new Map<string, number>();
        let lastRound: { g: Awaited<ReturnType<typeof game>>; round: string } | null = null;
        const claimAll = async () => {
          const { list } = await t.app.services.rewards.claimable(session(m), 'en');
          for (const r of list.filter((x) => x.source === 'mission')) {
            const code = await errorCodeOf(t.app.services.rewards.claim(session(m), r.key, { ip: null }));
            expect(['ok', 'reward_unavailable']).toContain(code);
          }
        };
        for (const s of steps) {
          if (s.kind === 'play') {
            const g = await game(m, s.category);
            const round = g.round();
            expect((await g.betWin(round, 1_000, 0)).status).toBe('OK');
            lastRound = { g, round };
            if (s.category === 'RNG') {
              const day = localDateOf(clock.now, timeZone);
              roundsByDay.set(day, (roundsByDay.get(day) ?? 0) + 1);
            }
          } else if (s.kind === 'duplicate') {
            // The vendor sends the settled round again: refused, counted once.
            if (lastRound) await lastRound.g.betWin(lastRound.round, 1_000, 0);
          } else if (s.kind === 'read') {
            await Promise.all(Array.from({ length: s.times }, () => missions.summary(session(m), 'en')));
          } else if (s.kind === 'job') {
            await missions.evaluateActive([w.merchant.id]);
          } else if (s.kind === 'restart') {
            missions = freshService();
          } else if (s.kind === 'claim') {
            await Promise.all(Array.from({ length: s.times }, () => claimAll()));
          } else {
            clock.now = new Date(clock.now.getTime() + 86_400_000);
          }
        }
        // Whatever happened, a last look and a last claim settle it.
        clock.now = new Date(clock.now.getTime() + 1);
        await missions.evaluateActive([w.merchant.id]);
        await claimAll();

        const completions = await t.database.db
          .selectFrom('mission_completions')
          .select(['occurrence'])
          .where('mission_id', '=', mission.id)
          .where('member_id', '=', m.id)
          .execute();
        // Only the days evaluated while they were today can complete: every day with enough rounds
        // was looked at by the final evaluation only if it is today; earlier days were looked at
        // when a read, the job or a claim ran that day. So: each completion is a day that met the
        // target, and no day appears twice.
        const days = completions.map((c) => c.occurrence);
        expect(new Set(days).size).toBe(days.length);
        for (const day of days) expect(roundsByDay.get(day) ?? 0).toBeGreaterThanOrEqual(TARGET);
        const today = localDateOf(clock.now, timeZone);
        if ((roundsByDay.get(today) ?? 0) >= TARGET) expect(days).toContain(today);

        const rewards = await t.database.db
          .selectFrom('pending_rewards')
          .select(['source_key', 'status'])
          .where('member_id', '=', m.id)
          .where('source', '=', 'mission')
          .execute();
        expect(rewards.map((r) => r.source_key).sort()).toEqual(days.map((d) => `${mission.id}:${d}`).sort());
        expect(rewards.every((r) => r.status === 'claimed')).toBe(true);
        const paid = await sql<{ n: string; total: string | null }>`
          SELECT count(*)::text AS n, sum(amount)::text AS total FROM ledger_transfers
           WHERE reference_type = 'reward' AND ${m.accounts.main} IN (debit_account_id, credit_account_id)`.execute(t.database.db);
        expect(Number(paid.rows[0]?.n)).toBe(days.length);
        expect(Number(paid.rows[0]?.total ?? 0)).toBe(days.length * REWARD);
        await expectCleanBooks(t.database.db);
        paidDays += days.length;
      }),
      // Sequences that play enough in a day, so the property is about payments and not only refusals.
      { numRuns: 10, examples: [[[play, play, duplicate, read, play, duplicate, read, restart, claim, job, claim, nextDay, play, read]]] },
    );
    expect(paidDays).toBeGreaterThan(0);
  });
});
