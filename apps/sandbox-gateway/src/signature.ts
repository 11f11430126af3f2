import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox gateway signs what it sends and checks what it receives with HMAC-SHA256 over the
 * exact bytes, hex encoded, in the `x-sandbox-signature` header. A request from the merchant signs
 * `<METHOD> <path>\n<raw body>`; a callback to the merchant signs its raw body alone.
 */
export const SIGNATURE_HEADER = 'x-sandbox-signature';

export function sign(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Constant-time comparison of a received hex signature against the expected one. */
export function isValidSignature(secret: string, payload: string | Buffer, received: unknown): boolean {
  if (typeof received !== 'string' || !/^[0-9a-f]{64}$/.test(received)) return false;
  return timingSafeEqual(Buffer.from(sign(secret, payload), 'hex'), Buffer.from(received, 'hex'));
}

export function requestSigningPayload(method: string, path: string, body: string): string {
  return `${method.toUpperCase()} ${path}\n${body}`;
}
