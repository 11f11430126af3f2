import sanitizeHtml from 'sanitize-html';

/**
 * Announcement bodies are operator HTML shown inside the player site, whose policy forbids inline
 * scripts and style attributes. They are cleaned once, on save, with an allow-list: text structure,
 * links and images only; no scripts, no event handlers, no style or class attributes, no frames or
 * forms. Links get rel="noopener noreferrer" and open in a new tab; only http, https and mailto
 * addresses survive (images: https or a path of the site).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

export function sanitizeAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Escapes every tag and entity, so the text shows as typed. */
const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'recursiveEscape' };

/**
 * A plain-text message (an agent's notice to its downline) as announcement HTML: everything typed
 * is shown as text, blank lines start paragraphs and single line breaks stay. The result goes
 * through the same allow-list as an operator's HTML.
 */
export function plainTextToAnnouncementHtml(text: string): string {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0)
    .map(
      (p) =>
        `<p>${p
          .split('\n')
          .map((line) => sanitizeHtml(line, TEXT_ONLY))
          .join('<br />')}</p>`,
    );
  return sanitizeAnnouncementHtml(paragraphs.join(''));
}
