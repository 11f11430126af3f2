import type { ErrorEnvelope } from '@platform/contracts/envelope';
import { ERROR_CODES, type ErrorCode, errorMessage, type MessageParams } from '@platform/contracts/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../lib/domain-error.ts';
import { requestLanguage } from '../lib/request-language.ts';

export function sendError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, detail?: string, params?: MessageParams) {
  const language = requestLanguage(request);
  const base = errorMessage(code, language, params);
  const body: ErrorEnvelope = { success: false, code, message: detail ? `${base}: ${detail}` : base };
  return reply.status(ERROR_CODES[code].status).type('application/json').send(body);
}

function firstZodIssue(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  const first = error.validation[0];
  if (!first) return error.message;
  const where = [
    error.validationContext,
    ...String(first.instancePath ?? '')
      .split('/')
      .filter(Boolean),
  ]
    .filter(Boolean)
    .join('.');
  return `${where}: ${first.message}`;
}

/**
 * One place maps every failure to the envelope. Domain errors carry their own code; validation
 * errors become 400 naming the first failing field; anything unexpected is a 500 whose body says
 * nothing about the cause (the log has it, under the request id).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return sendError(request, reply, error.code, error.detail, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(request, reply, 'bad_request', firstZodIssue(error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(request, reply, 'internal_error');
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(request, reply, 'payload_too_large');
    if (status === 429) return sendError(request, reply, 'rate_limited');
    if (status >= 400 && status < 500) {
      return sendError(request, reply, 'bad_request', error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'body: invalid JSON' : undefined);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'internal_error');
  });
}
