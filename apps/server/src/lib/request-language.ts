import type { MessageLanguage } from '@platform/contracts/errors';
import type { FastifyRequest } from 'fastify';

/** The site's default language (spec: Vietnamese, code VI). */
const DEFAULT_LANGUAGE = 'vi';

/** A language code as sent: `vi`, `en`, `zh-cn`, `pt-br` (lower case once read). */
const LANGUAGE_TAG_PATTERN = /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/;

type LanguageHeaders = Pick<FastifyRequest, 'headers'>;

/** A valid language code in lower case, or undefined. */
export function languageTagOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const tag = value.trim().toLowerCase();
  return LANGUAGE_TAG_PATTERN.test(tag) ? tag : undefined;
}

/** The language an Accept-Language header prefers most (highest q, first on a tie), or undefined. */
export function preferredOfAcceptLanguage(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  let best: { tag: string; q: number } | undefined;
  for (const item of header.split(',')) {
    const [range = '', ...params] = item.split(';');
    const tag = languageTagOf(range);
    if (!tag) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  return best?.tag;
}

/**
 * The language a request asks for (docs/ARCHITECTURE.md, "A request"): the client's `lang` header
 * (the spec keeps the language in local storage as `lang` and the web app sends it), else the
 * Accept-Language header's preferred language, else Vietnamese. Always a valid lower-case code.
 */
export function requestedLanguage(request: LanguageHeaders): string {
  return languageTagOf(request.headers.lang) ?? preferredOfAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/**
 * The language for server messages. Messages exist in Vietnamese and English: Vietnamese for
 * Vietnamese (and when no language is given); English for any other language, which a visitor
 * who chose Thai or Arabic is far likelier to read than Vietnamese.
 */
export function messageLanguageOf(language: string): MessageLanguage {
  return language.startsWith('vi') ? 'vi' : 'en';
}

/** The language for server messages of a request: see `requestedLanguage` and `messageLanguageOf`. */
export function requestLanguage(request: LanguageHeaders): MessageLanguage {
  return messageLanguageOf(requestedLanguage(request));
}
