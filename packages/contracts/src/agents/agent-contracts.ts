import { z } from 'zod';
import { okEnvelope } from '../envelope.ts';
import { pageOf } from '../pagination.ts';
import { CONTRACT_KINDS, CONTRACT_TIERS_MAX, type ContractKind, RATE_BASIS_POINTS_MAX } from './contract-tiers.ts';

/**
 * Agent contracts (docs/agent-contracts.md): an agent's dividend, daily wage, hourly wage or
 * real-time salary, offered by its direct upline (an operator for a top-level agent) as tiers of
 * thresholds and rates. Agent calls under `/wps/agent/contracts/`, named in the spec's relay style
 * (MCSFE_ reads, MCS2_ processing); operator calls under `/admin-api/agent-contracts`.
 */

export const CONTRACT_STATUSES = ['pending', 'active', 'rejected', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** Why a contract ended (a rejected offer has no end reason). */
export const CONTRACT_END_REASONS = [
  'by_holder',
  'agreed',
  'withdrawn',
  'replaced',
  'lower_rate',
  'upline_ended',
  'upline_changed',
  'operator',
] as const;
export type ContractEndReason = (typeof CONTRACT_END_REASONS)[number];

export const CONTRACT_REQUEST_TYPES = ['new', 'termination'] as const;
export type ContractRequestType = (typeof CONTRACT_REQUEST_TYPES)[number];
export const CONTRACT_REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'void'] as const;

/** The period a contract is settled over. */
export const CONTRACT_PERIODS = ['fiveMinutes', 'hour', 'day', 'week', 'halfMonth', 'month'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];
/** The periods a merchant may choose for dividends. */
export const DIVIDEND_PERIODS = ['week', 'halfMonth', 'month'] as const;

/** The relay name of each kind in the agent calls (`MCSFE_get<Name>Contract`). */
export const CONTRACT_KIND_CALL_NAMES: Readonly<Record<ContractKind, string>> = {
  dividend: 'Dividend',
  dailyWage: 'DailySalary',
  hourlyWage: 'HourSalary',
  realtimeSalary: 'RealtimeSalary',
};
/**
 * The settings tree node of each kind, under `AGENT` › `CONTRACT`: while it is off the agent centre
 * hides the kind's page and the server refuses the kind's agent calls (`agent_contract_kind_off`).
 */
export const CONTRACT_KIND_SETTINGS_NODES: Readonly<Record<ContractKind, string>> = {
  dividend: 'DIVIDEND',
  dailyWage: 'DAILYSALARY',
  hourlyWage: 'HOURSALARY',
  realtimeSalary: 'REALTIMESALARY',
};
/** The spec: the hourly and real-time salary contract calls are POST. */
export const CONTRACT_KIND_READ_METHODS: Readonly<Record<ContractKind, 'GET' | 'POST'>> = {
  dividend: 'GET',
  dailyWage: 'GET',
  hourlyWage: 'POST',
  realtimeSalary: 'POST',
};

export const CONTRACT_PAGE_SIZE_MAX = 50;

const amountThreshold = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const rate = z.number().int().min(0).max(RATE_BASIS_POINTS_MAX);
const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const usernameSchema = z.string().trim().min(1).max(64);
const pageNo = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(CONTRACT_PAGE_SIZE_MAX).default(10);

/** One tier as sent; whether the tiers grow from one to the next is checked by the server (a sentence, not a field). */
export const contractTierSchema = z.strictObject({
  minBet: amountThreshold,
  minActiveMembers: z.number().int().min(0).max(1_000_000),
  minNetLoss: amountThreshold.default(0),
  rateBasisPoints: rate,
  lossRateBasisPoints: rate.optional(),
});
export type ContractTierInput = z.output<typeof contractTierSchema>;
const tiersSchema = z.array(contractTierSchema).min(1).max(CONTRACT_TIERS_MAX);

export const contractSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  holderId: z.number().int(),
  holderUsername: z.string(),
  /** The upline that offered it; null when an operator set it (a top-level agent). */
  offeredByUsername: z.string().nullable(),
  tiers: z.array(contractTierSchema),
  status: z.enum(CONTRACT_STATUSES),
  period: z.enum(CONTRACT_PERIODS),
  endReason: z.enum(CONTRACT_END_REASONS).nullable(),
  createdAt: z.string(),
  signedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractRequestSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  kind: z.enum(CONTRACT_KINDS),
  type: z.enum(CONTRACT_REQUEST_TYPES),
  requestedByUsername: z.string().nullable(),
  createdAt: z.string(),
});
export type ContractRequest = z.infer<typeof contractRequestSchema>;

/** MCSFE_get<Kind>Contract: the agent's own contract of the kind and what waits for its answer. */
export const myContractValueSchema = z.object({
  kind: z.enum(CONTRACT_KINDS),
  /** Whether the operator paused the kind: offers and signatures are refused meanwhile. */
  isPaused: z.boolean(),
  active: contractSchema.nullable(),
  /** An offer waiting for the agent's signature. */
  pending: contractSchema.nullable(),
  /** Requests waiting for the agent's answer (a new offer, a termination its upline asks for). */
  requests: z.array(contractRequestSchema),
});
export type MyContractValue = z.infer<typeof myContractValueSchema>;
export const myContractResponseSchema = okEnvelope(myContractValueSchema);

/** MCSFE_get<Kind>DownlineContracts: a page of the direct downline agents with their contract of the kind. */
export const downlineContractsQuerySchema = z.strictObject({ pageNo, pageSize });
export type DownlineContractsQuery = z.output<typeof downlineContractsQuerySchema>;
export const downlineContractSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  accountType: z.number().int(),
  active: contractSchema.nullable(),
  pending: contractSchema.nullable(),
  /** A termination this agent asked for, waiting for the holder's answer. */
  pendingTermination: contractRequestSchema.nullable(),
});
export type DownlineContract = z.infer<typeof downlineContractSchema>;
export const downlineContractsValueSchema = pageOf(downlineContractSchema);
export type DownlineContractsValue = z.infer<typeof downlineContractsValueSchema>;
export const downlineContractsResponseSchema = okEnvelope(downlineContractsValueSchema);

/** MCS2_offerContract */
export const offerContractRequestSchema = z.strictObject({
  kind: z.enum(CONTRACT_KINDS),
  holderUsername: usernameSchema,
  tiers: tiersSchema,
  /** The offering agent agrees that lower terms end the better downline contracts below the holder. */
  confirm: z.boolean().default(false),
});
export type OfferContractRequest = z.output<typeof offerContractRequestSchema>;

/** MCS2_signContract */
export const signContractRequestSchema = z.strictObject({ requestId: idSchema, confirm: z.boolean().default(false) });
export type SignContractRequest = z.output<typeof signContractRequestSchema>;
/** MCS2_rejectContract */
export const rejectContractRequestSchema = z.strictObject({ requestId: idSchema });
/** MCS2_requestContractTermination and MCS2_terminateContract */
export const contractIdRequestSchema = z.strictObject({ contractId: idSchema });

/** What a processing call answers: the contract after it, and the contracts the change ended below it. */
export const contractChangeValueSchema = z.object({
  contract: contractSchema,
  request: contractRequestSchema.nullable(),
  endedContractIds: z.array(z.number().int()),
});
export type ContractChangeValue = z.infer<typeof contractChangeValueSchema>;
export const contractChangeResponseSchema = okEnvelope(contractChangeValueSchema);

// ---- operator calls ----------------------------------------------------------------------------

/** PUT /admin-api/agent-contracts/top-level */
export const setTopLevelContractRequestSchema = z.strictObject({
  kind: z.enum(CONTRACT_KINDS),
  holderUsername: usernameSchema,
  tiers: tiersSchema,
  confirm: z.boolean().default(false),
});
export type SetTopLevelContractRequest = z.output<typeof setTopLevelContractRequestSchema>;

/** GET /admin-api/agent-contracts */
export const adminContractListQuerySchema = z.strictObject({
  kind: z.enum(CONTRACT_KINDS).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  holderUsername: usernameSchema.optional(),
  pageNo,
  pageSize,
});
export type AdminContractListQuery = z.output<typeof adminContractListQuerySchema>;
export const adminContractPageResponseSchema = okEnvelope(pageOf(contractSchema));

/** PUT /admin-api/agent-contracts/kinds/:kind */
export const contractKindParamsSchema = z.strictObject({ kind: z.enum(CONTRACT_KINDS) });
export const contractKindPauseRequestSchema = z.strictObject({ isPaused: z.boolean() });
export const contractKindPauseResponseSchema = okEnvelope(
  z.object({ kind: z.enum(CONTRACT_KINDS), isPaused: z.boolean(), pausedKinds: z.array(z.enum(CONTRACT_KINDS)) }),
);

/** The consolidated funds keys: the type of the oldest request waiting for the member's answer, per kind. */
export const pendingContractRequestTypeSchema = z.enum(CONTRACT_REQUEST_TYPES).nullable();
