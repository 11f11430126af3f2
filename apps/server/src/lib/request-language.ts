import type { MessageLanguage } from '@platform/contracts/errors';
import type { FastifyRequest } from 'fastify';

/**
 * The language for server messages: the client's `lang` header (the spec keeps the language in
 * local storage as `lang`), else Accept-Language; Vietnamese is the default.
 */
export function requestLanguage(request: FastifyRequest): MessageLanguage {
  const explicit = request.headers.lang;
  const raw = (typeof explicit === 'string' ? explicit : request.headers['accept-language']) ?? '';
  return raw.trim().toLowerCase().startsWith('en') ? 'en' : 'vi';
}
