import { commonErrorResponses, errorEnvelope, ok } from '@platform/contracts/envelope';
import {
  bankCardListResponseSchema,
  bankCardParamsSchema,
  bankCardResponseSchema,
  bankListResponseSchema,
  bindBankCardRequestSchema,
  changePaymentPasswordRequestSchema,
  paymentPasswordResponseSchema,
  removedResponseSchema,
  setPaymentPasswordRequestSchema,
  withdrawalSmsResponseSchema,
} from '@platform/contracts/withdrawals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { requireRealAccount } from '../../plugins/guards.ts';
import { presentBankCard } from './bank-cards.presenter.ts';
import type { BankCardsService } from './bank-cards.service.ts';
import type { PaymentPasswordService } from './payment-password.service.ts';

/** Requests per minute per IP on calls that check a password. */
export const PAYMENT_PASSWORD_RATE_LIMIT = 10;
const BANK_CARD_WRITE_RATE_LIMIT = 20;
const responses = { ...commonErrorResponses, 423: errorEnvelope };

export function bankCardsRoutes(deps: { bankCards: BankCardsService; paymentPasswords: PaymentPasswordService }): FastifyPluginAsyncZod {
  const { bankCards, paymentPasswords } = deps;
  return async (app) => {
    const member = (request: Parameters<typeof principalOf>[0]) => {
      const p = principalOf(request);
      return { memberId: p.memberId, merchantId: p.merchantId };
    };

    app.post(
      '/wps/member/payment-password',
      {
        preHandler: requireRealAccount,
        config: { rateLimit: { max: PAYMENT_PASSWORD_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          summary: 'Sets the first payment (withdrawal) password; the login password proves the member',
          security: [{ session: [] }],
          body: setPaymentPasswordRequestSchema,
          response: { 200: paymentPasswordResponseSchema, ...responses },
        },
      },
      async (request) => {
        await paymentPasswords.set(member(request), request.body, request.ip ?? null);
        return ok({ hasPaymentPassword: true as const });
      },
    );

    app.put(
      '/wps/member/payment-password',
      {
        preHandler: requireRealAccount,
        config: { rateLimit: { max: PAYMENT_PASSWORD_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          summary: 'Changes the payment password; the current one proves the member',
          security: [{ session: [] }],
          body: changePaymentPasswordRequestSchema,
          response: { 200: paymentPasswordResponseSchema, ...responses },
        },
      },
      async (request) => {
        await paymentPasswords.change(member(request), request.body, request.ip ?? null);
        return ok({ hasPaymentPassword: true as const });
      },
    );

    app.post(
      '/wps/verification/sms/withdrawal',
      {
        preHandler: requireRealAccount,
        config: { rateLimit: { max: PAYMENT_PASSWORD_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          summary: "Sends a code to the member's own mobile, for the first withdrawal to a new card",
          security: [{ session: [] }],
          response: { 200: withdrawalSmsResponseSchema, ...responses },
        },
      },
      async (request) => ok(await paymentPasswords.sendWithdrawalCode(member(request), request.ip ?? null)),
    );

    app.get(
      '/wps/member/banks',
      {
        preHandler: requireRealAccount,
        schema: { tags: ['withdrawals'], security: [{ session: [] }], response: { 200: bankListResponseSchema, ...commonErrorResponses } },
      },
      async (request) => ok(await bankCards.banks(principalOf(request).merchantId)),
    );

    app.get(
      '/wps/member/bank-cards',
      {
        preHandler: requireRealAccount,
        schema: {
          tags: ['withdrawals'],
          summary: "The member's bound cards, account numbers masked",
          security: [{ session: [] }],
          response: { 200: bankCardListResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        const found = await bankCards.list(member(request));
        return ok({ list: found.cards.map(presentBankCard), cardsMax: found.cardsMax, payeeName: found.payeeName });
      },
    );

    app.post(
      '/wps/member/bank-cards',
      {
        preHandler: requireRealAccount,
        config: { rateLimit: { max: BANK_CARD_WRITE_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          summary: "Binds a bank card; the account name must be the member's real name",
          security: [{ session: [] }],
          body: bindBankCardRequestSchema,
          response: { 200: bankCardResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => ok(presentBankCard(await bankCards.bind(member(request), request.body, request.ip ?? null))),
    );

    app.delete(
      '/wps/member/bank-cards/:cardId',
      {
        preHandler: requireRealAccount,
        config: { rateLimit: { max: BANK_CARD_WRITE_RATE_LIMIT, timeWindow: 60_000 } },
        schema: {
          tags: ['withdrawals'],
          security: [{ session: [] }],
          params: bankCardParamsSchema,
          response: { 200: removedResponseSchema, ...commonErrorResponses },
        },
      },
      async (request) => {
        await bankCards.remove(member(request), request.params.cardId, request.ip ?? null);
        return ok({ removed: true as const });
      },
    );
  };
}
