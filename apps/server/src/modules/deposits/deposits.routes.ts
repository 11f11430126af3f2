import type { ContractRequestType } from '@platform/contracts/agents/agent-contracts';
import {
  consolidatedFundsResponseSchema,
  createDepositBodySchema,
  memberDepositChannelsResponseSchema,
  memberDepositOrderResponseSchema,
  memberDepositOrdersQuerySchema,
  memberDepositOrdersResponseSchema,
  merchantWalletResponseSchema,
  orderNoParamsSchema,
} from '@platform/contracts/deposits';
import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import type { AmountMinor } from '@platform/contracts/money';
import { totalPagesOf } from '@platform/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { principalOf, requireMember } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { presentMemberChannel, presentMemberOrder } from './deposits.presenter.ts';
import type { DepositsService } from './deposits.service.ts';
import { walletModeSetting } from './deposits.settings.ts';

/** Deposit requests a member may make per minute; a real player needs a handful. */
const DEPOSIT_REQUESTS_PER_MINUTE = 10;

/** What the wallet calls need to know of transfer-style vendor wallets (the vendor-wallet module). */
export type VendorWalletsView = {
  /** Whether an enabled vendor keeps its own wallet. */
  hasTransferVendors: () => Promise<boolean>;
  /** The money the member holds in vendor wallets; `isComplete` false when a vendor did not answer. */
  heldBalance: (member: { memberId: number; username: string; currency: string }) => Promise<{ total: number; isComplete: boolean }>;
};

/**
 * The contract requests waiting for the member's answer, per kind (the agent-contracts module): the
 * type of the oldest one, or null.
 */
export type PendingContractRequests = (memberId: number) => Promise<{
  dividend: ContractRequestType | null;
  dailyWage: ContractRequestType | null;
  hourlyWage: ContractRequestType | null;
  realtimeSalary: ContractRequestType | null;
}>;

const memberErrors = { 401: commonErrorResponses[401], 403: commonErrorResponses[403], 500: commonErrorResponses[500] };

/** The member's calls: wallet mode, consolidated funds, deposit channels and deposit orders. */
export function depositsRoutes(deps: {
  deposits: DepositsService;
  ledger: LedgerService;
  settings: SettingsService;
  vendorWallets: VendorWalletsView;
  pendingContractRequests: PendingContractRequests;
}): FastifyPluginAsyncZod {
  const { deposits, ledger, settings, vendorWallets, pendingContractRequests } = deps;
  return async (app) => {
    app.route({
      method: ['GET', 'POST'],
      url: '/wps/relay/GCS_merchantWallet',
      preHandler: requireMember,
      schema: {
        tags: ['wallet'],
        summary: "The merchant's wallet mode: one seamless wallet (isSingle) or a wallet per vendor",
        security: [{ session: [] }],
        response: { 200: merchantWalletResponseSchema, 401: commonErrorResponses[401], 500: commonErrorResponses[500] },
      },
      handler: async (request) => {
        const principal = principalOf(request);
        const mode = await settings.get(principal.merchantId, walletModeSetting);
        // A vendor that keeps its own wallet needs the wallet list, whatever the setting says.
        return ok({ isSingle: mode === 'single' && !(await vendorWallets.hasTransferVendors()) });
      },
    });

    app.get(
      '/wps/member/info/funds/consolidated',
      {
        preHandler: requireMember,
        schema: {
          tags: ['wallet'],
          summary: "The session member's balances in one call",
          security: [{ session: [] }],
          response: { 200: consolidatedFundsResponseSchema, 401: commonErrorResponses[401], 500: commonErrorResponses[500] },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const [b, held, requests] = await Promise.all([
          ledger.memberBalances({ memberId: principal.memberId, currency: principal.currency }),
          vendorWallets.heldBalance(principal),
          pendingContractRequests(principal.memberId),
        ]);
        return ok({
          currency: b.currency,
          sumBalance: (b.sum + held.total) as AmountMinor,
          mainBalance: b.main as AmountMinor,
          vendorBalance: held.total as AmountMinor,
          isVendorBalanceComplete: held.isComplete,
          withdrawableBalance: b.main as AmountMinor,
          bonusBalance: b.bonus as AmountMinor,
          agentBalance: b.agent as AmountMinor,
          lockedBalance: b.locked as AmountMinor,
          dailysalreqtype: requests.dailyWage,
          divtypereq: requests.dividend,
          contracthoursalreq: requests.hourlyWage,
          realtimesalreqtype: requests.realtimeSalary,
        });
      },
    );

    app.get(
      '/wps/member/deposit/channels',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['deposit'],
          summary: 'The deposit channels open to the member, with limits and the tutorial in the caller language',
          security: [{ session: [] }],
          response: { 200: memberDepositChannelsResponseSchema, ...memberErrors },
        },
      },
      async (request) => {
        const channels = await deposits.channelsForMember(principalOf(request));
        const language = requestLanguage(request);
        return ok({ list: channels.map((c) => presentMemberChannel(c, language)) });
      },
    );

    app.post(
      '/wps/member/deposit/orders',
      {
        preHandler: requireRealAccount,
        config: {
          rateLimit: {
            max: DEPOSIT_REQUESTS_PER_MINUTE,
            timeWindow: 60_000,
            // Per member: players behind one carrier NAT share an address.
            keyGenerator: (request) => (request.principal ? `deposit:member:${request.principal.memberId}` : `deposit:ip:${request.ip}`),
          },
        },
        schema: {
          tags: ['deposit'],
          summary: 'Asks to deposit an amount through a channel: bank details and a reference code, or a payment page',
          security: [{ session: [] }],
          body: createDepositBodySchema,
          response: {
            200: memberDepositOrderResponseSchema,
            400: errorEnvelope,
            404: errorEnvelope,
            409: errorEnvelope,
            429: errorEnvelope,
            503: errorEnvelope,
            ...memberErrors,
          },
        },
      },
      async (request) => {
        const order = await deposits.createOrder(principalOf(request), request.body, request.ip);
        return ok(presentMemberOrder(order));
      },
    );

    app.get(
      '/wps/member/deposit/orders',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['deposit'],
          summary: "The member's deposits, newest first",
          security: [{ session: [] }],
          querystring: memberDepositOrdersQuerySchema,
          response: { 200: memberDepositOrdersResponseSchema, 400: errorEnvelope, ...memberErrors },
        },
      },
      async (request) => {
        const { pageNo, pageSize } = request.query;
        const { rows, totalCount } = await deposits.ordersOfMember(principalOf(request), request.query);
        return ok({ list: rows.map(presentMemberOrder), pageNo, pageSize, totalCount, totalPages: totalPagesOf(totalCount, pageSize) });
      },
    );

    app.get(
      '/wps/member/deposit/orders/:orderNo',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['deposit'],
          summary: 'One of the member’s deposits, by its order number',
          security: [{ session: [] }],
          params: orderNoParamsSchema,
          response: { 200: memberDepositOrderResponseSchema, 400: errorEnvelope, 404: errorEnvelope, ...memberErrors },
        },
      },
      async (request) => ok(presentMemberOrder(await deposits.orderOfMember(principalOf(request), request.params.orderNo))),
    );
  };
}
