import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../../lib/domain-error.ts';
import type { PaymentGateway, PaymentOutcome, PaymentQueryResult } from './payment-gateway.ts';

export const SANDBOX_GATEWAY_CODE = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** How long one call to the gateway may take before the deposit is told the gateway is unavailable. */
export const SANDBOX_REQUEST_TIMEOUT_MS = 5_000;

function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time check of a hex HMAC-SHA256 signature. */
export function isSignatureValid(secret: string, payload: string | Buffer, received: unknown): boolean {
  if (typeof received !== 'string' || !/^[0-9a-f]{64}$/.test(received)) return false;
  return timingSafeEqual(Buffer.from(hmacHex(secret, payload), 'hex'), Buffer.from(received, 'hex'));
}

const notificationSchema = z.object({
  merchantRef: z.string().min(1).max(64),
  txId: z.string().min(1).max(100),
  status: z.enum(['paid', 'failed']),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

const paymentViewSchema = z.object({
  paymentId: z.string(),
  merchantRef: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  txId: z.string().nullable(),
  payUrl: z.string().url(),
});

/**
 * The adapter for the sandbox gateway (apps/sandbox-gateway). Requests we send are signed over
 * `<METHOD> <path>\n<body>`; callbacks we receive are signed over their raw body.
 */
export function createSandboxPaymentGateway(config: { baseUrl: string; secret: string; fetch?: typeof fetch }): PaymentGateway {
  const doFetch = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body: string): Promise<{ status: number; json: unknown }> {
    const signature = hmacHex(config.secret, `${method} ${path}\n${body}`);
    try {
      const res = await doFetch(`${base}${path}`, {
        method,
        headers: { [SANDBOX_SIGNATURE_HEADER]: signature, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        ...(method === 'POST' ? { body } : {}),
        signal: AbortSignal.timeout(SANDBOX_REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { status: res.status, json };
    } catch {
      throw new DomainError('payment_gateway_unavailable');
    }
  }

  return {
    code: SANDBOX_GATEWAY_CODE,

    async createPayment(request) {
      const body = JSON.stringify({
        merchantRef: request.referenceCode,
        amount: request.amount,
        currency: request.currency,
        callbackUrl: request.callbackUrl,
        returnUrl: request.returnUrl,
      });
      const { status, json } = await call('POST', '/api/payments', body);
      const view = paymentViewSchema.safeParse(json);
      if ((status !== 200 && status !== 201) || !view.success) throw new DomainError('payment_gateway_unavailable');
      return { redirectUrl: view.data.payUrl, gatewayPaymentId: view.data.paymentId };
    },

    verifyCallback(headers, rawBody): PaymentOutcome {
      if (!isSignatureValid(config.secret, rawBody, headers[SANDBOX_SIGNATURE_HEADER])) throw new DomainError('payment_signature_invalid');
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new DomainError('payment_notification_invalid');
      }
      const result = notificationSchema.safeParse(parsed);
      if (!result.success) throw new DomainError('payment_notification_invalid');
      const n = result.data;
      return { referenceCode: n.merchantRef, status: n.status, gatewayTxId: n.txId, amount: n.amount, currency: n.currency };
    },

    async queryPayment(referenceCode): Promise<PaymentQueryResult> {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(referenceCode)) throw new DomainError('bad_request', 'referenceCode');
      const { status, json } = await call('GET', `/api/payments/${referenceCode}`, '');
      if (status === 404) return { referenceCode, status: 'unknown' };
      const view = paymentViewSchema.safeParse(json);
      if (status !== 200 || !view.success) throw new DomainError('payment_gateway_unavailable');
      const v = view.data;
      if (v.status === 'pending' || !v.txId) return { referenceCode, status: 'pending' };
      return { referenceCode, status: v.status, gatewayTxId: v.txId, amount: v.amount, currency: v.currency };
    },
  };
}
