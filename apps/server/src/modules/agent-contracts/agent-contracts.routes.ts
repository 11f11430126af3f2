import { contractRecordsQuerySchema, contractRecordsResponseSchema } from '@platform/contracts/agents/agent-contract-records';
import {
  CONTRACT_KIND_CALL_NAMES,
  CONTRACT_KIND_READ_METHODS,
  contractChangeResponseSchema,
  contractIdRequestSchema,
  downlineContractsQuerySchema,
  downlineContractsResponseSchema,
  myContractResponseSchema,
  offerContractRequestSchema,
  rejectContractRequestSchema,
  signContractRequestSchema,
} from '@platform/contracts/agents/agent-contracts';
import { CONTRACT_KINDS } from '@platform/contracts/agents/contract-tiers';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { requireAgent } from '../../plugins/guards.ts';
import type { ContractRecordsReader } from './agent-contracts.records.ts';
import type { AgentContractsService } from './agent-contracts.service.ts';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  500: commonErrorResponses[500],
};

/** Agent calls, in the spec's relay style: MCSFE_ reads, MCS2_ processing. */
export const AGENT_CONTRACTS_BASE = '/wps/agent/contracts';

/**
 * The agent centre's contract calls (docs/agent-contracts.md): per kind, the agent's own contract
 * and its direct downline agents' (GET for dividend and daily wage, POST for the hourly and
 * real-time salaries, as the spec says), its own payout records, and the processing calls shared by
 * every kind.
 */
export function agentContractsRoutes(contracts: AgentContractsService, records: ContractRecordsReader): FastifyPluginAsyncZod {
  return async (app) => {
    const agent = { tags: ['agent-contracts'], security: [{ session: [] }] };

    for (const kind of CONTRACT_KINDS) {
      const name = CONTRACT_KIND_CALL_NAMES[kind];
      const method = CONTRACT_KIND_READ_METHODS[kind];
      app.route({
        method,
        url: `${AGENT_CONTRACTS_BASE}/MCSFE_get${name}Contract`,
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: `The agent's ${kind} contract (active and pending) and the requests waiting for its answer`,
          response: { 200: myContractResponseSchema, ...errors },
        },
        handler: async (request) => ok(await contracts.myContract(principalOf(request), kind)),
      });
      app.route({
        method,
        url: `${AGENT_CONTRACTS_BASE}/MCSFE_get${name}DownlineContracts`,
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: `A page of the agent's direct downline agents with their ${kind} contracts`,
          ...(method === 'GET' ? { querystring: downlineContractsQuerySchema } : { body: downlineContractsQuerySchema }),
          response: { 200: downlineContractsResponseSchema, ...errors },
        },
        handler: async (request) => {
          const query = downlineContractsQuerySchema.parse(method === 'GET' ? request.query : (request.body ?? {}));
          return ok(await contracts.downlineContracts(principalOf(request), kind, query));
        },
      });
      app.route({
        method,
        url: `${AGENT_CONTRACTS_BASE}/MCSFE_get${name}ContractRecords`,
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: `A page of the agent's own ${kind} payouts per period with their inputs, and the range's totals`,
          ...(method === 'GET' ? { querystring: contractRecordsQuerySchema } : { body: contractRecordsQuerySchema }),
          response: { 200: contractRecordsResponseSchema, ...errors },
        },
        handler: async (request) => {
          const query = contractRecordsQuerySchema.parse(method === 'GET' ? request.query : (request.body ?? {}));
          const principal = principalOf(request);
          await contracts.assertKindOn(principal.merchantId, kind);
          return ok(await records.records(principal, kind, query));
        },
      });
    }

    app.post(
      `${AGENT_CONTRACTS_BASE}/MCS2_offerContract`,
      {
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: 'Offers a direct downline agent a contract (a new request); lower terms than a contract below it need confirm',
          body: offerContractRequestSchema,
          response: { 200: contractChangeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.offer(principalOf(request), request.body, { ip: request.ip })),
    );

    app.post(
      `${AGENT_CONTRACTS_BASE}/MCS2_signContract`,
      {
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: 'The holder accepts a request: signs an offer, or agrees to end its contract',
          body: signContractRequestSchema,
          response: { 200: contractChangeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.sign(principalOf(request), request.body, { ip: request.ip })),
    );

    app.post(
      `${AGENT_CONTRACTS_BASE}/MCS2_rejectContract`,
      {
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: 'The holder rejects a request: an offer, or its upline asking to end the contract',
          body: rejectContractRequestSchema,
          response: { 200: contractChangeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.reject(principalOf(request), request.body.requestId, { ip: request.ip })),
    );

    app.post(
      `${AGENT_CONTRACTS_BASE}/MCS2_requestContractTermination`,
      {
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: "The upline asks to end a direct downline's active contract (a termination request)",
          body: contractIdRequestSchema,
          response: { 200: contractChangeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.requestTermination(principalOf(request), request.body.contractId, { ip: request.ip })),
    );

    app.post(
      `${AGENT_CONTRACTS_BASE}/MCS2_terminateContract`,
      {
        preHandler: requireAgent,
        schema: {
          ...agent,
          summary: 'The holder ends its active contract, or the offerer withdraws its pending offer',
          body: contractIdRequestSchema,
          response: { 200: contractChangeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await contracts.terminate(principalOf(request), request.body.contractId, { ip: request.ip })),
    );
  };
}
