import {
  agentIncomeQuerySchema,
  agentIncomeResponseSchema,
  subordinateProfitQuerySchema,
  subordinateProfitResponseSchema,
  teamBetsQuerySchema,
  teamBetsResponseSchema,
  teamOverviewQuerySchema,
  teamOverviewResponseSchema,
  teamTransactionsQuerySchema,
  teamTransactionsResponseSchema,
} from '@platform/contracts/agents/agent-reports';
import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestedLanguage } from '../../lib/request-language.ts';
import { principalOf } from '../../plugins/auth.ts';
import {
  presentIncome,
  presentOverview,
  presentSubordinateProfit,
  presentTeamBets,
  presentTeamTransactions,
} from './agent-reports.presenter.ts';
import type { AgentReportsService } from './agent-reports.service.ts';

const errors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  500: commonErrorResponses[500],
};

const common = { tags: ['agent-reports'], security: [{ session: [] }] };

/**
 * The agent centre's report pages; each reads only the calling agent's own team. Each starts from
 * `agents.agentOf(principal)`, so a player or trial account gets `not_an_agent`.
 */
export function agentReportsRoutes(reports: AgentReportsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/agent/reports/overview',
      {
        schema: {
          ...common,
          summary: "The agent's team overview: size by level, new and active members, money and play, per day",
          querystring: teamOverviewQuerySchema,
          response: { 200: teamOverviewResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentOverview(await reports.overview(principalOf(request), request.query))),
    );

    app.get(
      '/wps/agent/reports/team-bets',
      {
        schema: {
          ...common,
          summary: "The rounds of the agent's whole team, filtered and paged, with totals (team betting)",
          querystring: teamBetsQuerySchema,
          response: { 200: teamBetsResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentTeamBets(await reports.teamBets(principalOf(request), request.query, requestedLanguage(request)))),
    );

    app.get(
      '/wps/agent/reports/subordinate-pl',
      {
        schema: {
          ...common,
          summary: 'Profit and loss per direct downline member with its team rolled up; drill down by parent',
          querystring: subordinateProfitQuerySchema,
          response: { 200: subordinateProfitResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentSubordinateProfit(await reports.subordinateProfit(principalOf(request), request.query))),
    );

    app.get(
      '/wps/agent/reports/income',
      {
        schema: {
          ...common,
          summary: "The agent's income by kind and day, and each line of it (my income)",
          querystring: agentIncomeQuerySchema,
          response: { 200: agentIncomeResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentIncome(await reports.income(principalOf(request), request.query))),
    );

    app.get(
      '/wps/agent/reports/team-transactions',
      {
        schema: {
          ...common,
          summary: "Deposits, withdrawals, transfers and bonuses of the agent's team, filtered and paged, with totals",
          querystring: teamTransactionsQuerySchema,
          response: { 200: teamTransactionsResponseSchema, ...errors },
        },
      },
      async (request) => ok(presentTeamTransactions(await reports.teamTransactions(principalOf(request), request.query))),
    );
  };
}
