import { commonErrorResponses, ok } from '@platform/contracts/envelope';
import {
  vendorWalletBalancesResponseSchema,
  walletRecallAllBodySchema,
  walletRecallAllResponseSchema,
  walletTransferBodySchema,
  walletTransferResponseSchema,
} from '@platform/contracts/games-wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { TransferView, TransferWallets } from './vendor-wallet.transfer.ts';

const STATUS_OUT = { pending: 'PENDING', succeeded: 'SUCCEEDED', failed: 'FAILED' } as const;

function presentTransfer(transfer: TransferView, mainBalance: number) {
  return {
    transferId: transfer.transferId,
    vendorCode: transfer.vendorCode,
    direction: transfer.direction === 'to_vendor' ? ('OUT' as const) : ('IN' as const),
    amount: transfer.amount,
    currency: transfer.currency,
    status: STATUS_OUT[transfer.status],
    mainBalance,
  };
}

const moneyErrors = {
  400: commonErrorResponses[400],
  401: commonErrorResponses[401],
  403: commonErrorResponses[403],
  404: commonErrorResponses[404],
  409: commonErrorResponses[409],
  500: commonErrorResponses[500],
};

/** The member's side of transfer-style vendor wallets. */
export function vendorWalletRoutes(deps: { transfers: TransferWallets; ledger: LedgerService }): FastifyPluginAsyncZod {
  const { transfers, ledger } = deps;
  return async (app) => {
    const mainBalanceOf = async (memberId: number, currency: string) => (await ledger.memberBalances({ memberId, currency })).main;

    app.post(
      '/wps/relay/GCS_walletTransfer',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['vendor wallets'],
          summary: 'Moves money between the main wallet and a vendor wallet; PENDING until the vendor confirms',
          security: [{ session: [] }],
          body: walletTransferBodySchema,
          response: { 200: walletTransferResponseSchema, ...moneyErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const transfer = await transfers.transfer({ ...principal, ...request.body });
        return ok(presentTransfer(transfer, await mainBalanceOf(principal.memberId, principal.currency)));
      },
    );

    app.get(
      '/wps/relay/GCS_walletBalances',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['vendor wallets'],
          summary: "The member's balance at every transfer-style vendor (null while one does not answer)",
          security: [{ session: [] }],
          response: { 200: vendorWalletBalancesResponseSchema, ...moneyErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const list = await transfers.balances(principal);
        return ok({ currency: principal.currency, mainBalance: await mainBalanceOf(principal.memberId, principal.currency), list });
      },
    );

    app.post(
      '/wps/relay/GCS_walletRecallAll',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['vendor wallets'],
          summary: 'Returns every vendor wallet balance to the main wallet',
          security: [{ session: [] }],
          body: walletRecallAllBodySchema,
          response: { 200: walletRecallAllResponseSchema, ...moneyErrors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const results = await transfers.recallAll(principal, request.body.requestId);
        const mainBalance = await mainBalanceOf(principal.memberId, principal.currency);
        return ok({ mainBalance, list: results.map((t) => presentTransfer(t, mainBalance)) });
      },
    );
  };
}
