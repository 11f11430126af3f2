import type { ErrorEnvelope } from '@platform/contracts/envelope';
import { ERROR_CODES, type ErrorCode, errorMessage, type MessageParams } from '@platform/contracts/errors';
import { validationMessage } from '@platform/contracts/validation-messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError, fieldParams } from '../lib/domain-error.ts';
import { requestLanguage } from '../lib/request-language.ts';

/**
 * The envelope of a refusal. The message is the code's whole sentence in the caller's language,
 * with the values it states (`params`); `detail` (a field, a cause) goes to the log, never into the
 * message, so a member never reads a field name or the server's English.
 */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  detail?: string,
  params?: MessageParams,
  message?: string,
) {
  const language = requestLanguage(request);
  if (detail) request.log.info({ code, detail }, 'refused');
  const body: ErrorEnvelope = { success: false, code, message: message ?? errorMessage(code, language, params) };
  return reply.status(ERROR_CODES[code].status).type('application/json').send(body);
}

/** The sentence for the first failing input, naming the field as the form does (validation-messages.ts). */
function validationSentence(error: FastifyError, request: FastifyRequest): string | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const first = error.validation[0];
  if (!first) return undefined;
  const params = (first.params ?? {}) as { origin?: string; minimum?: number | bigint; maximum?: number | bigint };
  return validationMessage(
    {
      path: String(first.instancePath ?? '')
        .split('/')
        .filter(Boolean)
        .map((step) => (/^\d+$/.test(step) ? Number(step) : step)),
      kind: first.keyword,
      origin: params.origin,
      minimum: params.minimum,
      maximum: params.maximum,
      isMissing: first.keyword === 'invalid_type' && /received undefined/.test(first.message ?? ''),
    },
    requestLanguage(request),
  );
}

/**
 * Fastify's own refusals before a route is found (a malformed URL component, a parameter longer
 * than the router takes): the envelope, never the path the caller sent.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'url_too_long' : 'url_invalid');
}

/**
 * One place maps every failure to the envelope. Domain errors carry their own code; validation
 * errors become 400 with a sentence about the first failing field, named as the form names it; anything unexpected is a 500 whose body says
 * nothing about the cause (the log has it, under the request id).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      // A field rule broken without its values: the field is still named as the form names it.
      const isFieldCode = error.code === 'field_invalid' || error.code === 'field_required';
      const params = error.params ?? (isFieldCode && error.detail ? fieldParams(error.detail) : undefined);
      return sendError(request, reply, error.code, error.detail, params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = `${error.validationContext ?? ''}${error.validation[0]?.instancePath ?? ''}`;
      return sendError(request, reply, 'bad_request', where, undefined, validationSentence(error, request));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(request, reply, 'internal_error');
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(request, reply, 'payload_too_large');
    if (status === 429) return sendError(request, reply, 'rate_limited');
    if (status >= 400 && status < 500) {
      return sendError(request, reply, 'bad_request', error.code);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'internal_error');
  });
}
