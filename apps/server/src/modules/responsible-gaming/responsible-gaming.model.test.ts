import type { AmountMinor } from '@platform/contracts/money';
import { RG_COOLING_PERIOD_MS } from '@platform/contracts/responsible-gaming';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createWalletWorld, type WalletWorld } from '../../../test/wallet-fixture.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { changeLimit, effectiveLimit } from './responsible-gaming.limits.ts';

let clock = new Date('2026-11-22T03:00:00Z');
let t: TestApp;
let w: WalletWorld;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  w = await createWalletWorld(t);
});

afterAll(async () => {
  await t?.close();
});

/**
 * The model: what a member asked for and when. A stricter value applies at once; a looser one (or
 * none) applies a full cooling period after it was asked for, unless asked over again before then.
 */
type Model = { current: number | null; pending: { value: number | null; at: number } | null };

function advance(model: Model, at: number): Model {
  if (model.pending && model.pending.at <= at) return { current: model.pending.value, pending: null };
  return model;
}

function ask(model: Model, value: number | null, at: number): Model {
  const m = advance(model, at);
  const isLooser = value === null ? m.current !== null : m.current !== null && value > m.current;
  if (value === m.current) return { current: m.current, pending: null };
  if (!isLooser) return { current: value, pending: null };
  return { current: m.current, pending: { value, at: at + RG_COOLING_PERIOD_MS } };
}

const stepArb = fc.record({
  waitMs: fc.constantFrom(
    0,
    60_000,
    3_600_000,
    RG_COOLING_PERIOD_MS - 1,
    RG_COOLING_PERIOD_MS,
    RG_COOLING_PERIOD_MS + 1,
    3 * RG_COOLING_PERIOD_MS,
  ),
  value: fc.option(fc.constantFrom(1_000, 2_000, 5_000, 10_000, 20_000), { nil: null }),
  probe: fc.constantFrom(500, 1_000, 1_500, 2_000, 4_999, 5_000, 10_000, 15_000, 20_000, 50_000),
});

describe('limit changes against a model', () => {
  it('apply decreases at once and increases or removals only after the cooling period (pure rule)', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 25 }), (steps) => {
        let at = Date.UTC(2026, 10, 22);
        let model: Model = { current: null, pending: null };
        let stored = { amount: null as number | null, pendingAmount: null as number | null, pendingEffectiveAt: null as Date | null };
        for (const step of steps) {
          at += step.waitMs;
          model = ask(model, step.value, at);
          stored = changeLimit(stored, step.value, new Date(at));
          for (const later of [at, at + RG_COOLING_PERIOD_MS - 1, at + RG_COOLING_PERIOD_MS]) {
            expect(effectiveLimit(stored, new Date(later)).amount).toBe(advance(model, later).current);
          }
        }
      }),
    );
  });

  it('and the service and its checks agree with the model as the clock moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (steps) => {
        clock = new Date('2026-11-22T03:00:00Z');
        const member = await w.member();
        const rg = t.app.services.responsibleGaming;
        let model: Model = { current: null, pending: null };
        for (const step of steps) {
          clock = new Date(clock.getTime() + step.waitMs);
          model = ask(model, step.value, clock.getTime());
          await rg.setLimits(
            member.id,
            { limits: [{ kind: 'deposit', period: 'monthly', amount: step.value as AmountMinor | null }] },
            { ip: null },
          );
          const state = await rg.state(member.id);
          const limit = state.limits.find((l) => l.kind === 'deposit' && l.period === 'monthly')!;
          expect(limit.amount).toBe(model.current);
          expect(limit.pending && { value: limit.pending.amount, at: limit.pending.effectiveAt.getTime() }).toEqual(model.pending);
          for (const probeAt of [clock.getTime(), clock.getTime() + RG_COOLING_PERIOD_MS]) {
            const saved = clock;
            clock = new Date(probeAt);
            const limitThen = advance(model, probeAt).current;
            let isAllowed = true;
            try {
              await rg.assertCanDeposit(member.id, step.probe);
            } catch (err) {
              if (!(err instanceof DomainError) || err.code !== 'rg_deposit_limit_exceeded') throw err;
              isAllowed = false;
            }
            expect(isAllowed).toBe(limitThen === null || step.probe <= limitThen);
            clock = saved;
          }
        }
      }),
      { numRuns: 15 },
    );
  });
});
