import type { AmountMinor } from '@platform/contracts/money';
import type { RgStateValue } from '@platform/contracts/responsible-gaming';
import type { RgState } from './responsible-gaming.service.ts';

export function presentRgState(state: RgState): RgStateValue {
  return {
    timeZone: state.timeZone,
    limits: state.limits.map((l) => ({
      kind: l.kind,
      period: l.period,
      amount: l.amount as AmountMinor | null,
      pending: l.pending && { amount: l.pending.amount as AmountMinor | null, effectiveAt: l.pending.effectiveAt.toISOString() },
      used: l.used as AmountMinor,
      periodStartedAt: l.periodStartedAt.toISOString(),
    })),
    breakUntil: state.breakUntil?.toISOString() ?? null,
    selfExcludedUntil: state.selfExcludedUntil?.toISOString() ?? null,
    isPermanentlyExcluded: state.isPermanentlyExcluded,
    realityCheckMinutes: state.realityCheckMinutes,
  };
}
