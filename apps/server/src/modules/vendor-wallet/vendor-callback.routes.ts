import {
  checkVendorSignature,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  type VendorAnswer,
  vendorAuthenticateSchema,
  vendorBalanceSchema,
  vendorBetWinSchema,
  vendorCreditSchema,
  vendorDebitSchema,
  vendorRollbackSchema,
} from '@platform/contracts/vendor-protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { IntegrationService } from './vendor-wallet.integrations.ts';
import type { SeamlessWallet } from './vendor-wallet.seamless.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** Vendor callbacks are small; anything bigger is not one of ours. */
export const VENDOR_BODY_LIMIT_BYTES = 16 * 1024;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * `POST /vendor-api/<vendor>/<call>`: the seamless wallet protocol (docs/vendor-wallet.md). It is
 * the vendor's protocol, not the site's envelope: every answer is `{ status, ... }`. Signature and
 * freshness are checked over the raw body before it is parsed into a call.
 */
export function vendorCallbackRoutes(deps: { integrations: IntegrationService; seamless: SeamlessWallet; now: () => Date }) {
  return async (app: FastifyInstance) => {
    // The signature covers the exact bytes the vendor sent, so keep them.
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: VENDOR_BODY_LIMIT_BYTES }, (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(null, undefined);
      }
    });

    function route<S extends z.ZodType>(call: string, schema: S, handle: (vendorCode: string, body: z.infer<S>) => Promise<VendorAnswer>) {
      app.post(
        `/vendor-api/:vendor/${call}`,
        { schema: { hide: true }, bodyLimit: VENDOR_BODY_LIMIT_BYTES },
        async (request: FastifyRequest<{ Params: { vendor: string } }>, reply: FastifyReply) => {
          const vendorCode = request.params.vendor;
          const integration = await deps.integrations.find(vendorCode);
          if (!integration?.isEnabled || integration.walletStyle !== 'seamless') {
            return reply.status(404).send({ status: 'UNKNOWN_VENDOR' } satisfies VendorAnswer);
          }
          const check = checkVendorSignature({
            secret: integration.apiSecret,
            timestamp: header(request, VENDOR_TIMESTAMP_HEADER),
            signature: header(request, VENDOR_SIGNATURE_HEADER),
            rawBody: request.rawBody ?? '',
            nowMs: deps.now().getTime(),
          });
          if (check === 'stale') return reply.status(401).send({ status: 'STALE_REQUEST' } satisfies VendorAnswer);
          if (check !== 'ok') return reply.status(401).send({ status: 'INVALID_SIGNATURE' } satisfies VendorAnswer);
          const parsed = schema.safeParse(request.body);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const invalid: VendorAnswer = {
              status: 'INVALID_REQUEST',
              message: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
            };
            return reply.status(400).send(invalid);
          }
          try {
            return reply.status(200).send(await handle(vendorCode, parsed.data));
          } catch (err) {
            request.log.error({ err, vendorCode, call }, 'vendor callback failed');
            return reply.status(500).send({ status: 'INTERNAL_ERROR' } satisfies VendorAnswer);
          }
        },
      );
    }

    route('authenticate', vendorAuthenticateSchema, (vendor, body) => deps.seamless.authenticate(vendor, body));
    route('balance', vendorBalanceSchema, (vendor, body) => deps.seamless.balance(vendor, body));
    route('debit', vendorDebitSchema, (vendor, body) => deps.seamless.debit(vendor, body));
    route('credit', vendorCreditSchema, (vendor, body) => deps.seamless.credit(vendor, body));
    route('rollback', vendorRollbackSchema, (vendor, body) => deps.seamless.rollback(vendor, body));
    route('bet-win', vendorBetWinSchema, (vendor, body) => deps.seamless.betWin(vendor, body));
  };
}
