import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { createBoundedCache } from '../lib/bounded-cache.ts';
import { escapeHtml } from '../lib/html-escape.ts';
import { acceptsEncoding } from '../lib/prepared-json.ts';

/**
 * The player site's page with its first view inside (docs/web-shell.md, "First paint"): the build's
 * index.html, with the skeleton of the page's layout (`app-shell/*.html` of the build) put after
 * #root in place of the `<!--app-shell-->` mark. The browser paints the skeleton, and on the home page
 * the banner's first picture, before the app's code has arrived; the app's first drawing hides it.
 *
 * Home gets its own skeleton with the first banner of `w_home` (one picture for every language); other
 * pages a generic one. A visitor the site turns away (maintenance, a restricted region) gets the bare
 * page, so nothing of the site shows before the app draws its notice.
 */
export type AppShellSource = {
  /** The picture of the first home banner in effect, or null when there is none. */
  homeBannerUrl: () => Promise<string | null>;
  /** Whether the site shows itself to this visitor (not under maintenance, not a restricted region). */
  isOpenTo: (ip: string) => Promise<boolean>;
};

export type ShellPage = { body: Buffer; encoding: 'br' | 'gzip' | null };

const SHELL_MARK = '<!--app-shell-->';
const BANNER_MARK = '<!--banner-->';
/** Pages built: two layouts × a few banners × three encodings. */
const PAGE_CACHE_MAX = 64;
const PAGE_CACHE_TTL_MS = 10 * 60_000;

type Template = { mtimeMs: number; page: string; header: string; home: string; generic: string };

/** Only pictures the page's policy lets load: the site's own paths and https addresses. */
function isShownUrl(url: string): boolean {
  return (url.startsWith('/') && !url.startsWith('//')) || url.startsWith('https://');
}

export function isHomePath(url: string): boolean {
  return url === '/' || url === '/index' || url === '/index/';
}

export function createAppShell(distDir: string, source: AppShellSource | undefined) {
  let template: Template | null = null;
  const pages = createBoundedCache<string, ShellPage>({ max: PAGE_CACHE_MAX, ttlMs: PAGE_CACHE_TTL_MS, now: () => new Date() });

  /**
   * The build's files, read again when index.html changes (a build written beside a running server).
   * While a build is being written (the bundler empties the folder first, then writes index.html),
   * the page read last keeps being served: a missing or empty index.html is not an error page.
   */
  function currentTemplate(): Template {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path.join(distDir, 'index.html')).mtimeMs;
    } catch (error) {
      if (template) return template;
      throw error;
    }
    if (template?.mtimeMs === mtimeMs) return template;
    const read = (file: string) => {
      try {
        return readFileSync(path.join(distDir, file), 'utf8');
      } catch {
        return '';
      }
    };
    const page = read('index.html');
    if (page === '' && template) return template;
    template = {
      mtimeMs,
      page,
      header: read('app-shell/header.html'),
      home: read('app-shell/home.html'),
      generic: read('app-shell/page.html'),
    };
    return template;
  }

  // Read once at start, so a build removed before the first visit still has a page to serve.
  try {
    currentTemplate();
  } catch {
    // Checked again on each visit.
  }

  function compose(t: Template, layout: 'home' | 'page' | 'bare', bannerUrl: string | null): string {
    if (layout === 'bare' || !t.page.includes(SHELL_MARK) || t.header === '') return t.page;
    const picture =
      bannerUrl && isShownUrl(bannerUrl)
        ? `<img class="app-shell__banner-image" src="${escapeHtml(bannerUrl)}" alt="" fetchpriority="high" decoding="async">`
        : '';
    const main = layout === 'home' ? t.home.replace(BANNER_MARK, picture) : t.generic;
    return t.page.replace(SHELL_MARK, `<div class="app-shell" aria-hidden="true">${t.header}${main}</div>`);
  }

  function encode(html: string, accepted: 'br' | 'gzip' | 'identity'): ShellPage {
    if (accepted === 'br') {
      return { body: brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }), encoding: 'br' };
    }
    if (accepted === 'gzip') return { body: gzipSync(html, { level: 9 }), encoding: 'gzip' };
    return { body: Buffer.from(html), encoding: null };
  }

  /** The page for a client route, encoded as the browser accepts. */
  async function page(url: string, ip: string, acceptEncoding: string): Promise<ShellPage> {
    const t = currentTemplate();
    let layout: 'home' | 'page' | 'bare' = isHomePath(url) ? 'home' : 'page';
    let bannerUrl: string | null = null;
    if (source) {
      const open = await source.isOpenTo(ip).catch(() => false);
      if (!open) layout = 'bare';
      else if (layout === 'home') bannerUrl = await source.homeBannerUrl().catch(() => null);
    }
    const accepted = acceptsEncoding(acceptEncoding, 'br') ? 'br' : acceptsEncoding(acceptEncoding, 'gzip') ? 'gzip' : 'identity';
    const key = `${t.mtimeMs}|${layout}|${bannerUrl ?? ''}|${accepted}`;
    return pages.remember(key, async () => encode(compose(t, layout, bannerUrl), accepted));
  }

  return { page };
}
