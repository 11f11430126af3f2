/** What every game page of the house game server shares: its language, escaping, the return link. */
export type PageLanguage = 'vi' | 'en';

/** Vietnamese for vi, English for every other language (the pages carry these two). */
export function languageOf(language: string): PageLanguage {
  return language.toLowerCase().startsWith('vi') ? 'vi' : 'en';
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** The return link must be a web address; anything else (javascript:, data:) is dropped. */
export function safeReturnUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The start of every game and verify page, up to the end of `<head>`: the language, the viewport,
 * the title (escaped here) and the page's own stylesheet and script, if any (files under /static/);
 * a shared-round table's page loads the table channel's client first (`channel`).
 */
export function pageHead(input: { language: PageLanguage; title: string; style: string; script?: string; channel?: boolean }): string {
  return `<!doctype html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<link rel="stylesheet" href="/static/${input.style}">
${input.channel ? '<script src="/static/table-channel.js" defer></script>\n' : ''}${input.script ? `<script src="/static/${input.script}" defer></script>\n` : ''}</head>
`;
}
