import { createHash } from 'node:crypto';
import { clientRequestIdSchema } from '@platform/contracts/transfers';
import type { FastifyRequest } from 'fastify';
import { DomainError } from './domain-error.ts';

/**
 * The fingerprint of an idempotent request: the SHA-256, in lower-case hex, of the JSON array of
 * the parts that must match for a retry to count as the same request. Stored hashes are compared
 * with new ones, and the ledger also builds the same text in SQL
 * (`sha256(convert_to('["settle",' || … || ']', 'UTF8'))`), so the output must never change:
 * same parts, same order, `JSON.stringify` without spaces, UTF-8.
 */
export function hashRequest(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The standard header a client may carry its idempotency key in instead of a `requestId` field. */
const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/**
 * The one rule for a call's idempotency key: the body's `requestId` or the `Idempotency-Key`
 * header, in the same format; one of them is required, and when both come they must be equal.
 */
export function requestKeyOf(request: FastifyRequest, bodyRequestId: string | undefined): string {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  const fromHeader = typeof header === 'string' ? header.trim() : undefined;
  if (fromHeader !== undefined && !clientRequestIdSchema.safeParse(fromHeader).success) throw new DomainError('request_id_invalid');
  if (bodyRequestId !== undefined && fromHeader !== undefined && bodyRequestId !== fromHeader) throw new DomainError('request_id_invalid');
  const key = bodyRequestId ?? fromHeader;
  if (key === undefined) throw new DomainError('request_id_invalid');
  return key;
}
