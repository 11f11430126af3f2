import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import { walletBalanceResponseSchema } from '@platform/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import { presentWalletBalance } from './ledger.presenter.ts';
import type { LedgerService } from './ledger.service.ts';

export function ledgerRoutes(ledger: LedgerService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/v2/wallets/balance',
      {
        preHandler: requireMember,
        schema: {
          tags: ['wallet'],
          summary: "The session member's balances in the member's currency",
          security: [{ session: [] }],
          response: { 200: walletBalanceResponseSchema, 401: commonErrorResponses[401], 500: commonErrorResponses[500] },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const balances = await ledger.memberBalances({ memberId: principal.memberId, currency: principal.currency });
        return ok(presentWalletBalance(balances));
      },
    );
  };
}
