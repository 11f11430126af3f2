import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountOf,
  applyRate,
  CONTRACT_KINDS,
  type ContractKind,
  type ContractTerms,
  type ContractTier,
  differentialOf,
  isNoBetterThan,
  type PeriodMetrics,
  rateAt,
  tierAt,
  tiersProblemOf,
} from './contract-tiers.ts';

const kindArb = fc.constantFrom(...CONTRACT_KINDS);

/** Well-formed tiers of a kind: every threshold and rate grows from one tier to the next. */
function tiersArb(kind: ContractKind): fc.Arbitrary<ContractTier[]> {
  const step = fc.record({
    bet: fc.integer({ min: 1, max: 1_000_000 }),
    active: fc.integer({ min: 0, max: 5 }),
    loss: fc.integer({ min: 0, max: 100_000 }),
    rate: fc.integer({ min: 1, max: 800 }),
    lossRate: fc.integer({ min: 0, max: 800 }),
  });
  return fc.array(step, { minLength: 1, maxLength: 5 }).map((steps) => {
    const tiers: ContractTier[] = [];
    let bet = -1;
    let active = 0;
    let loss = 0;
    let rate = 0;
    let lossRate = 0;
    for (const s of steps) {
      bet += s.bet;
      active += s.active;
      loss += kind === 'dividend' ? s.loss : 0;
      rate += s.rate;
      lossRate += s.lossRate;
      tiers.push({
        minBet: bet,
        minActiveMembers: active,
        minNetLoss: loss,
        rateBasisPoints: rate,
        ...(kind === 'realtimeSalary' ? { lossRateBasisPoints: lossRate } : {}),
      });
    }
    return tiers;
  });
}

const termsArb = (kind: ContractKind): fc.Arbitrary<ContractTerms> => tiersArb(kind).map((tiers) => ({ kind, tiers }));

/** How a downline's terms are made from its upline's: fewer tiers, each asking more and paying less. */
const worseningArb = fc.record({
  keep: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
  raiseBet: fc.integer({ min: 0, max: 500_000 }),
  raiseActive: fc.integer({ min: 0, max: 3 }),
  ratePercent: fc.integer({ min: 0, max: 100 }),
});

function worsen(terms: ContractTerms, w: WorseningValue): ContractTerms {
  const tiers: ContractTier[] = [];
  terms.tiers.forEach((tier, index) => {
    if (!(w.keep[index] ?? true) && index > 0) return;
    const rate = Math.floor((tier.rateBasisPoints * w.ratePercent) / 100);
    const lossRate = tier.lossRateBasisPoints === undefined ? undefined : Math.floor((tier.lossRateBasisPoints * w.ratePercent) / 100);
    const previous = tiers.at(-1);
    // A tier whose rate no longer grows is dropped: the terms only get worse for it.
    if (previous && rate <= previous.rateBasisPoints) return;
    tiers.push({
      minBet: tier.minBet + w.raiseBet,
      minActiveMembers: tier.minActiveMembers + w.raiseActive,
      minNetLoss: tier.minNetLoss,
      rateBasisPoints: rate,
      ...(lossRate === undefined ? {} : { lossRateBasisPoints: Math.max(lossRate, previous?.lossRateBasisPoints ?? 0) }),
    });
  });
  return { kind: terms.kind, tiers };
}
type WorseningValue = { keep: boolean[]; raiseBet: number; raiseActive: number; ratePercent: number };

const metricsArb: fc.Arbitrary<PeriodMetrics> = fc.record({
  bet: fc.integer({ min: 0, max: 5_000_000 }),
  activeMembers: fc.integer({ min: 0, max: 30 }),
  netLoss: fc.integer({ min: -2_000_000, max: 2_000_000 }),
});

/** Own play of one member of the tree (its team is itself and everyone below). */
const ownPlayArb = fc.record({
  bet: fc.integer({ min: 0, max: 1_000_000 }),
  isActive: fc.boolean(),
  netLoss: fc.integer({ min: -400_000, max: 400_000 }),
});

type Node = { parent: number | null; terms: ContractTerms; own: { bet: number; isActive: boolean; netLoss: number } };

/** A random tree of contracted agents, each downline's terms made worse than its upline's. */
const chainTreeArb: fc.Arbitrary<Node[]> = kindArb.chain((kind) =>
  fc
    .tuple(termsArb(kind), ownPlayArb, fc.array(fc.tuple(fc.nat(), worseningArb, ownPlayArb), { maxLength: 14 }))
    .map(([rootTerms, rootPlay, rest]) => {
      const nodes: Node[] = [{ parent: null, terms: rootTerms, own: rootPlay }];
      rest.forEach(([pick, w, own]) => {
        const parent = pick % nodes.length;
        const parentNode = nodes[parent];
        if (!parentNode) throw new Error('parent missing');
        nodes.push({ parent, terms: worsen(parentNode.terms, w), own });
      });
      return nodes;
    }),
);

function teamMetricsOf(nodes: readonly Node[], index: number): PeriodMetrics {
  const inTeam = (i: number): boolean => {
    for (let at: number | null = i; at !== null; at = nodes[at]?.parent ?? null) if (at === index) return true;
    return false;
  };
  const team = nodes.filter((_, i) => inTeam(i));
  return {
    bet: team.reduce((s, n) => s + n.own.bet, 0),
    activeMembers: team.filter((n) => n.own.isActive).length,
    netLoss: team.reduce((s, n) => s + n.own.netLoss, 0),
  };
}

function differentialsOf(nodes: readonly Node[]) {
  const levels = nodes.map((n, i) => ({ terms: n.terms, metrics: teamMetricsOf(nodes, i) }));
  return nodes.map((_, i) => {
    const level = levels[i];
    if (!level) throw new Error('level missing');
    return differentialOf(
      level,
      levels.filter((_, j) => nodes[j]?.parent === i),
    );
  });
}

describe('contract tiers', () => {
  it('picks the best tier the metrics reach, and none below the first', () => {
    const terms: ContractTerms = {
      kind: 'dailyWage',
      tiers: [
        { minBet: 1_000, minActiveMembers: 1, minNetLoss: 0, rateBasisPoints: 50 },
        { minBet: 10_000, minActiveMembers: 3, minNetLoss: 0, rateBasisPoints: 80 },
      ],
    };
    expect(tierAt(terms, { bet: 999, activeMembers: 5, netLoss: 0 })).toBeNull();
    expect(tierAt(terms, { bet: 50_000, activeMembers: 2, netLoss: 0 })).toBe(0);
    expect(tierAt(terms, { bet: 10_000, activeMembers: 3, netLoss: -5 })).toBe(1);
    expect(amountOf(terms, { bet: 20_000, activeMembers: 3, netLoss: 0 })).toBe(160);
    expect(amountOf(terms, { bet: 999, activeMembers: 3, netLoss: 0 })).toBe(0);
  });

  it('pays a dividend on the net loss only, and a real-time salary at its loss rate when the house lost', () => {
    const dividend: ContractTerms = {
      kind: 'dividend',
      tiers: [{ minBet: 0, minActiveMembers: 0, minNetLoss: 100, rateBasisPoints: 3_000 }],
    };
    expect(amountOf(dividend, { bet: 9_000, activeMembers: 1, netLoss: 1_000 })).toBe(300);
    expect(amountOf(dividend, { bet: 9_000, activeMembers: 1, netLoss: 99 })).toBe(0);
    expect(amountOf(dividend, { bet: 9_000, activeMembers: 1, netLoss: -1_000 })).toBe(0);
    const realtime: ContractTerms = {
      kind: 'realtimeSalary',
      tiers: [{ minBet: 0, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: 100, lossRateBasisPoints: 40 }],
    };
    expect(amountOf(realtime, { bet: 10_000, activeMembers: 1, netLoss: 5 })).toBe(100);
    expect(amountOf(realtime, { bet: 10_000, activeMembers: 1, netLoss: -5 })).toBe(40);
  });

  it('rounds down exactly on amounts beyond the safe range of a product', () => {
    expect(applyRate(9_000_000_000_000_000, 9_999)).toBe(8_999_100_000_000_000);
    expect(applyRate(199, 50)).toBe(0);
  });

  it('refuses tiers that do not grow, a loss rate outside a real-time salary and a net-loss threshold outside a dividend', () => {
    const t = (minBet: number, rate: number): ContractTier => ({ minBet, minActiveMembers: 0, minNetLoss: 0, rateBasisPoints: rate });
    expect(tiersProblemOf('dailyWage', [])).not.toBeNull();
    expect(tiersProblemOf('dailyWage', [t(0, 10), t(0, 20)])).not.toBeNull();
    expect(tiersProblemOf('dailyWage', [t(0, 10), t(5, 10)])).not.toBeNull();
    expect(tiersProblemOf('dailyWage', [t(0, 10), t(5, 20)])).toBeNull();
    expect(tiersProblemOf('dailyWage', [{ ...t(0, 10), lossRateBasisPoints: 5 }])).not.toBeNull();
    expect(tiersProblemOf('realtimeSalary', [t(0, 10)])).not.toBeNull();
    expect(tiersProblemOf('hourlyWage', [{ ...t(0, 10), minNetLoss: 1 }])).not.toBeNull();
    expect(tiersProblemOf('dividend', [t(0, 10_001)])).not.toBeNull();
  });

  it('generates well-formed tiers, and worsened terms stay well formed', () => {
    fc.assert(
      fc.property(
        kindArb.chain((kind) => fc.tuple(termsArb(kind), worseningArb)),
        ([terms, w]) => {
          expect(tiersProblemOf(terms.kind, terms.tiers)).toBeNull();
          const worse = worsen(terms, w);
          expect(tiersProblemOf(worse.kind, worse.tiers)).toBeNull();
        },
      ),
    );
  });

  it('"no better than" is exact: when it holds the rate is never higher anywhere, when it fails a tier start shows it', () => {
    fc.assert(
      fc.property(
        kindArb.chain((kind) => fc.tuple(termsArb(kind), termsArb(kind), fc.array(metricsArb, { minLength: 1, maxLength: 20 }))),
        ([a, b, samples]) => {
          const sides = a.kind === 'realtimeSalary' ? (['profit', 'loss'] as const) : (['profit'] as const);
          if (isNoBetterThan(a, b)) {
            for (const m of samples) for (const side of sides) expect(rateAt(a, m, side)).toBeLessThanOrEqual(rateAt(b, m, side));
          } else {
            const witness = a.tiers.some((tier) =>
              sides.some((side) => {
                const m = { bet: tier.minBet, activeMembers: tier.minActiveMembers, netLoss: tier.minNetLoss };
                return rateAt(a, m, side) > rateAt(b, m, side);
              }),
            );
            expect(witness).toBe(true);
          }
        },
      ),
    );
  });

  it('"no better than" is reflexive and transitive, and never holds across kinds', () => {
    fc.assert(
      fc.property(
        kindArb.chain((kind) => fc.tuple(termsArb(kind), worseningArb, worseningArb)),
        termsArb('dividend'),
        ([a, w1, w2], other) => {
          expect(isNoBetterThan(a, a)).toBe(true);
          const b = worsen(a, w1);
          const c = worsen(b, w2);
          expect(isNoBetterThan(c, a)).toBe(true);
          if (a.kind !== 'dividend') expect(isNoBetterThan(a, other)).toBe(false);
        },
      ),
    );
  });

  it('over random trees: no child better than its parent, no payout below zero, and the chain sums to the top level when nothing is clamped', () => {
    fc.assert(
      fc.property(chainTreeArb, fc.array(metricsArb, { maxLength: 10 }), (nodes, samples) => {
        for (const node of nodes) {
          if (node.parent === null) continue;
          const parent = nodes[node.parent];
          if (!parent) throw new Error('parent missing');
          expect(isNoBetterThan(node.terms, parent.terms)).toBe(true);
          for (const m of samples) expect(rateAt(node.terms, m)).toBeLessThanOrEqual(rateAt(parent.terms, m));
        }
        const diffs = differentialsOf(nodes);
        for (const d of diffs) expect(d.payout).toBeGreaterThanOrEqual(0);
        const total = diffs.reduce((s, d) => s + d.payout, 0);
        const top = diffs[0];
        if (!top) throw new Error('top missing');
        // Each level's payout is its own amount less its downlines' own amounts: the sum telescopes
        // to the top level's own amount, plus whatever a clamp added back.
        const addedByClamps = diffs.reduce((s, d) => s + (d.isClamped ? d.downlineAmounts.reduce((x, y) => x + y, 0) - d.ownAmount : 0), 0);
        expect(total).toBe(top.ownAmount + addedByClamps);
        if (diffs.every((d) => !d.isClamped)) expect(total).toBe(top.ownAmount);
        // A wage's base is the bet, which a downline's team never has more of: nothing is ever clamped.
        const kind = nodes[0]?.terms.kind;
        if (kind === 'dailyWage' || kind === 'hourlyWage') expect(diffs.some((d) => d.isClamped)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
