import { childAccountTypes } from '@platform/contracts/account-types';
import {
  agentSelfResponseSchema,
  agentWalletMoveMessage,
  agentWalletMoveRequestSchema,
  agentWalletMoveResponseSchema,
  agentWalletResponseSchema,
} from '@platform/contracts/agents/agent-network';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { MessageLanguage } from '@platform/contracts/errors';
import { type AmountMinor, formatAmount } from '@platform/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AgentsService } from './agents.service.ts';

/** Money calls are limited per client, as the downline transfers are. */
const WALLET_MOVES_PER_MINUTE_MAX = 30;

const LOCALE_OF: Record<MessageLanguage, string> = { vi: 'vi-VN', en: 'en-US' };

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  409: commonErrorResponses[409],
  429: commonErrorResponses[429],
  500: commonErrorResponses[500],
};

/** The agent's own calls; each one starts from `agentOf(principal)`, so a non-agent gets `not_an_agent`. */
export function agentsRoutes(agents: AgentsService, options: { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/agent/network/me',
      {
        schema: {
          tags: ['agents'],
          summary: 'The session agent: its account type, the types it may open, its team size per level',
          security: [{ session: [] }],
          response: { 200: agentSelfResponseSchema, ...errors },
        },
      },
      async (request) => {
        const agent = await agents.agentOf(principalOf(request));
        const team = await agents.teamSize(agent);
        return ok({
          username: agent.username,
          accountType: agent.accountType,
          childAccountTypes: [...childAccountTypes(agent.accountType)],
          team,
        });
      },
    );

    app.get(
      '/wps/agent/wallet',
      {
        schema: {
          tags: ['agents'],
          summary: "The agent's main wallet and agent wallet balances (downline transfers are paid from the agent wallet)",
          security: [{ session: [] }],
          response: { 200: agentWalletResponseSchema, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const agent = await agents.agentOf(principal);
        const b = await agents.wallet.balances(agent, principal.currency);
        return ok({ currency: b.currency, mainBalance: b.mainBalance as AmountMinor, agentBalance: b.agentBalance as AmountMinor });
      },
    );

    app.post(
      '/wps/agent/wallet/move',
      {
        config: { rateLimit: { max: WALLET_MOVES_PER_MINUTE_MAX, timeWindow: 60_000 } },
        schema: {
          tags: ['agents'],
          summary: "Moves the agent's money between its main wallet and its agent wallet, either way (idempotent by request id)",
          security: [{ session: [] }],
          body: agentWalletMoveRequestSchema,
          response: { 200: agentWalletMoveResponseSchema, ...errors },
        },
      },
      async (request) => {
        const agent = await agents.agentOf(principalOf(request));
        const result = await agents.wallet.move(agent, request.body, { ip: request.ip, now: options.now() });
        const language = requestLanguage(request);
        const amount = result.amount as AmountMinor;
        return ok({
          moveId: result.moveId,
          direction: result.direction,
          amount,
          currency: result.currency,
          mainBalance: result.mainBalance as AmountMinor,
          agentBalance: result.agentBalance as AmountMinor,
          createdAt: result.createdAt.toISOString(),
          message: agentWalletMoveMessage(language, result.direction, formatAmount(amount, result.currency, LOCALE_OF[language])),
        });
      },
    );
  };
}
