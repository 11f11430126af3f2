import type { Contract, ContractRequest } from '@platform/contracts/agents/agent-contracts';
import type { ContractRow, RequestRow } from './agent-contracts.repository.ts';

/** The fields of a contract that leave the server. */
export function presentContract(c: ContractRow): Contract {
  return {
    id: c.id,
    kind: c.kind,
    holderId: c.holderId,
    holderUsername: c.holderUsername,
    offeredByUsername: c.offeredByUsername,
    tiers: c.tiers.map((t) => ({
      minBet: t.minBet,
      minActiveMembers: t.minActiveMembers,
      minNetLoss: t.minNetLoss,
      rateBasisPoints: t.rateBasisPoints,
      ...(t.lossRateBasisPoints === undefined ? {} : { lossRateBasisPoints: t.lossRateBasisPoints }),
    })),
    status: c.status,
    period: c.period,
    endReason: c.endReason,
    createdAt: c.createdAt.toISOString(),
    signedAt: c.signedAt?.toISOString() ?? null,
    endedAt: c.endedAt?.toISOString() ?? null,
  };
}

export function presentRequest(r: RequestRow): ContractRequest {
  return {
    id: r.id,
    contractId: r.contractId,
    kind: r.kind,
    type: r.type,
    requestedByUsername: r.requestedByUsername,
    createdAt: r.createdAt.toISOString(),
  };
}
