import { errorEnvelope, ok, okEnvelope } from '@platform/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DepositsService } from './deposits.service.ts';

/** Notifications are small; anything bigger is not from a gateway. */
const CALLBACK_BODY_BYTES_MAX = 16 * 1024;

/**
 * Gateways post their notifications here, outside /wps (no session, no site-access guard: a
 * payment made before maintenance began must still be credited). The body is kept raw, because
 * the signature covers its exact bytes. A 200 tells the gateway to stop retrying: it is given for
 * every notification that was applied or had already been applied.
 */
export function paymentCallbackRoutes(deposits: DepositsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_BYTES_MAX }, (_request, body, done) => done(null, body));

    app.post(
      '/payment-api/:gateway/callback',
      {
        schema: {
          tags: ['payments'],
          summary: 'A payment gateway’s signed notification about a deposit',
          params: z.object({ gateway: z.string().regex(/^[a-z][a-z0-9_-]{1,31}$/) }),
          response: {
            200: okEnvelope(z.object({ referenceCode: z.string(), status: z.string() })),
            400: errorEnvelope,
            401: errorEnvelope,
            404: errorEnvelope,
            409: errorEnvelope,
            413: errorEnvelope,
            500: errorEnvelope,
          },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { order } = await deposits.handleCallback(request.params.gateway, request.headers, rawBody);
        return ok({ referenceCode: order.referenceCode, status: order.status });
      },
    );
  };
}
