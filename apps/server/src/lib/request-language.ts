import type { MessageLanguage } from '@platform/contracts/errors';
import type { FastifyRequest } from 'fastify';

/**
 * The language for server messages: the client's `lang` header (the spec keeps the language in
 * local storage as `lang`), else Accept-Language. Messages exist in Vietnamese and English: with no
 * language given, Vietnamese (the site's default); with any other language, English, which a
 * visitor who chose Thai or Arabic is far likelier to read than Vietnamese.
 */
export function requestLanguage(request: FastifyRequest): MessageLanguage {
  const explicit = request.headers.lang;
  const raw = ((typeof explicit === 'string' ? explicit : request.headers['accept-language']) ?? '').trim().toLowerCase();
  if (raw === '' || raw === '*' || raw.startsWith('vi')) return 'vi';
  return 'en';
}
