import { DIVIDEND_PERIODS } from '@platform/contracts/agents/agent-contracts';
import { CONTRACT_KINDS } from '@platform/contracts/agents/contract-tiers';
import { z } from 'zod';
import { defineSetting } from '../settings/settings.service.ts';

const amount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * Agent contracts per merchant (docs/agent-contracts.md): the kinds an operator paused, what makes a
 * team member active in a period (a valid bet or deposits of at least this much over the period;
 * null: that measure is not used), and the dividend's period.
 */
export const contractPolicySchema = z.object({
  pausedKinds: z.array(z.enum(CONTRACT_KINDS)).max(CONTRACT_KINDS.length),
  activeMember: z
    .object({ minValidBet: amount.nullable(), minDeposit: amount.nullable() })
    .refine((a) => a.minValidBet !== null || a.minDeposit !== null, 'an active member needs a valid bet or a deposit threshold'),
  dividendPeriod: z.enum(DIVIDEND_PERIODS),
});
export type ContractPolicy = z.infer<typeof contractPolicySchema>;

export const contractPolicySetting = defineSetting('agentContracts.policy', contractPolicySchema, {
  pausedKinds: [],
  activeMember: { minValidBet: 100_000, minDeposit: 100_000 },
  dividendPeriod: 'halfMonth',
});
