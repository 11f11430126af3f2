/**
 * The tier engine of agent contracts (docs/agent-contracts.md): pure functions, no I/O, shared by
 * the server (offers, the chain rule, settlement) and the agent centre's pages (previews).
 *
 * A contract is a kind and an ordered list of tiers. A tier is reached when the team's metrics over
 * the contract's period reach every threshold of the tier; the contract's rate is the best rate of
 * the tiers reached (none reached: no rate, nothing paid). The amount is the rate applied to the
 * kind's base: the team's net loss for a dividend, the team's bet for the three salaries.
 */

export const CONTRACT_KINDS = ['dividend', 'dailyWage', 'hourlyWage', 'realtimeSalary'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** Rates are basis points of the base: 100 = 1 %, 10 000 = 100 %. */
export const RATE_BASIS_POINTS_MAX = 10_000;
export const CONTRACT_TIERS_MAX = 10;

export type ContractTier = {
  /** The team's bet over the period (minor units): valid bet for a dividend, bet amount for the salaries. */
  readonly minBet: number;
  /** Active members of the team over the period (the merchant's definition, docs/agent-contracts.md). */
  readonly minActiveMembers: number;
  /** Dividend only: the team's net loss over the period (what its members lost minus what they won); 0 for the salaries. */
  readonly minNetLoss: number;
  /** The rate; for a real-time salary, the rate of a slot the house won (the profit rate). */
  readonly rateBasisPoints: number;
  /** Real-time salary only: the rate of a slot the house lost (the loss rate); absent elsewhere. */
  readonly lossRateBasisPoints?: number | undefined;
};

export type ContractTerms = { readonly kind: ContractKind; readonly tiers: readonly ContractTier[] };

/** What a team did over one period of a contract. */
export type PeriodMetrics = {
  /** Valid bet (dividend) or bet amount (salaries), minor units, never negative. */
  readonly bet: number;
  readonly activeMembers: number;
  /** What the team's members lost minus what they won (positive when the house won), minor units. */
  readonly netLoss: number;
};

/** Which of a real-time salary's two rates applies: the house won the period (profit) or lost it (loss). */
type RateSide = 'profit' | 'loss';

function sideOf(metrics: PeriodMetrics): RateSide {
  return metrics.netLoss < 0 ? 'loss' : 'profit';
}

function tierRate(kind: ContractKind, tier: ContractTier, side: RateSide): number {
  if (kind === 'realtimeSalary' && side === 'loss') return tier.lossRateBasisPoints ?? tier.rateBasisPoints;
  return tier.rateBasisPoints;
}

function isReached(kind: ContractKind, tier: ContractTier, metrics: PeriodMetrics): boolean {
  return (
    metrics.bet >= tier.minBet &&
    metrics.activeMembers >= tier.minActiveMembers &&
    (kind !== 'dividend' || metrics.netLoss >= tier.minNetLoss)
  );
}

/**
 * The tier that applies to the metrics: among the tiers reached, the one with the best rate (the
 * last of them on a tie); null when none is reached.
 */
export function tierAt(terms: ContractTerms, metrics: PeriodMetrics, side: RateSide = sideOf(metrics)): number | null {
  let best: number | null = null;
  let bestRate = -1;
  terms.tiers.forEach((tier, index) => {
    if (!isReached(terms.kind, tier, metrics)) return;
    const rate = tierRate(terms.kind, tier, side);
    if (rate >= bestRate) {
      best = index;
      bestRate = rate;
    }
  });
  return best;
}

/** The rate (basis points) the terms give for the metrics; 0 when no tier is reached. */
export function rateAt(terms: ContractTerms, metrics: PeriodMetrics, side: RateSide = sideOf(metrics)): number {
  const index = tierAt(terms, metrics, side);
  const tier = index === null ? undefined : terms.tiers[index];
  return tier ? tierRate(terms.kind, tier, side) : 0;
}

/** What the rate applies to: the team's net loss for a dividend (nothing when the house lost), its bet otherwise. */
export function baseOf(kind: ContractKind, metrics: PeriodMetrics): number {
  return kind === 'dividend' ? Math.max(0, metrics.netLoss) : Math.max(0, metrics.bet);
}

/** rate × base, rounded down to the minor unit (exact for any amount: computed on big integers). */
export function applyRate(base: number, rateBasisPoints: number): number {
  return Number((BigInt(base) * BigInt(rateBasisPoints)) / BigInt(RATE_BASIS_POINTS_MAX));
}

/** What the terms pay on the metrics, before the downlines' deduction: the level's own tier amount. */
export function amountOf(terms: ContractTerms, metrics: PeriodMetrics): number {
  return applyRate(baseOf(terms.kind, metrics), rateAt(terms, metrics));
}

function thresholdsOf(tier: ContractTier): PeriodMetrics {
  return { bet: tier.minBet, activeMembers: tier.minActiveMembers, netLoss: tier.minNetLoss };
}

/**
 * Whether terms `a` are no better than terms `b`: same kind, and wherever the metrics are, `a`'s
 * rate (both rates of a real-time salary) is at most `b`'s. The rate of a contract only grows with
 * the metrics, so it is enough to look where each tier of `a` starts: `b` must give at least that
 * tier's rate there. This is the chain rule: an upline offers a downline nothing better than its
 * own terms.
 */
export function isNoBetterThan(a: ContractTerms, b: ContractTerms): boolean {
  if (a.kind !== b.kind) return false;
  const sides: RateSide[] = a.kind === 'realtimeSalary' ? ['profit', 'loss'] : ['profit'];
  return a.tiers.every((tier) => sides.every((side) => rateAt(b, thresholdsOf(tier), side) >= tierRate(a.kind, tier, side)));
}

/** The first problem with a list of tiers for a kind, or null when it is well formed. */
export function tiersProblemOf(kind: ContractKind, tiers: readonly ContractTier[]): string | null {
  if (tiers.length === 0) return 'at least one tier';
  if (tiers.length > CONTRACT_TIERS_MAX) return `at most ${CONTRACT_TIERS_MAX} tiers`;
  for (const [index, tier] of tiers.entries()) {
    const numbers = [tier.minBet, tier.minActiveMembers, tier.minNetLoss, tier.rateBasisPoints, tier.lossRateBasisPoints ?? 0];
    if (!numbers.every((n) => Number.isSafeInteger(n) && n >= 0)) return 'thresholds and rates are whole numbers, not negative';
    if (tier.rateBasisPoints > RATE_BASIS_POINTS_MAX || (tier.lossRateBasisPoints ?? 0) > RATE_BASIS_POINTS_MAX)
      return 'rates of at most 100 %';
    if (kind !== 'dividend' && tier.minNetLoss !== 0) return 'a net-loss threshold only in a dividend';
    if (kind !== 'realtimeSalary' && tier.lossRateBasisPoints !== undefined) return 'a loss rate only in a real-time salary';
    if (kind === 'realtimeSalary' && tier.lossRateBasisPoints === undefined) return 'a real-time salary tier has a loss rate';
    const previous = index > 0 ? tiers[index - 1] : undefined;
    if (previous) {
      const higher =
        tier.minBet >= previous.minBet && tier.minActiveMembers >= previous.minActiveMembers && tier.minNetLoss >= previous.minNetLoss;
      const isStep =
        tier.minBet > previous.minBet || tier.minActiveMembers > previous.minActiveMembers || tier.minNetLoss > previous.minNetLoss;
      if (!higher || !isStep) return 'each tier asks more than the one before';
      if (tier.rateBasisPoints <= previous.rateBasisPoints) return 'each tier pays a higher rate than the one before';
      if ((tier.lossRateBasisPoints ?? 0) < (previous.lossRateBasisPoints ?? 0))
        return 'each tier pays at least the loss rate of the one before';
    }
  }
  return null;
}

/** A level of the chain for one period: its terms and what its whole team did. */
export type ContractLevel = { readonly terms: ContractTerms; readonly metrics: PeriodMetrics };

export type Differential = {
  /** The tier of the level's own terms reached by its team (null: none). */
  readonly tier: number | null;
  readonly rateBasisPoints: number;
  /** The level's own tier amount on its team's metrics. */
  readonly ownAmount: number;
  /** What its direct downlines' contracts pay on their teams' metrics, one per downline, in order. */
  readonly downlineAmounts: readonly number[];
  /** The payout: own amount minus the downlines' amounts, never below zero. */
  readonly payout: number;
  /** Whether the downlines' amounts were more than the own amount (the payout was raised to zero). */
  readonly isClamped: boolean;
};

/**
 * The differential payout of one level: its own tier amount on its team's metrics minus what its
 * direct downlines' contracts (of the same kind) pay on their own teams' metrics, never below zero.
 * Each downline's team is part of the level's team.
 */
export function differentialOf(level: ContractLevel, downlines: readonly ContractLevel[]): Differential {
  const rateBasisPoints = rateAt(level.terms, level.metrics);
  const ownAmount = applyRate(baseOf(level.terms.kind, level.metrics), rateBasisPoints);
  const downlineAmounts = downlines.map((d) => amountOf(d.terms, d.metrics));
  const deducted = downlineAmounts.reduce((sum, a) => sum + a, 0);
  return {
    tier: tierAt(level.terms, level.metrics),
    rateBasisPoints,
    ownAmount,
    downlineAmounts,
    payout: Math.max(0, ownAmount - deducted),
    isClamped: deducted > ownAmount,
  };
}
