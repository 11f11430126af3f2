import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type AppShellSource, createAppShell } from './app-shell.ts';
import { sendError } from './error-handler.ts';

/** Paths that belong to the API: an unknown one is a 404 envelope, never the web app's page. */
const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/vendor-api/', '/admin-api/', '/docs', '/metrics', '/healthz', '/readyz'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

/** Where the operator console is served (apps/admin, built with the same base). */
const ADMIN_CONSOLE_PREFIX = '/admin';

const isConsolePath = (url: string) => url === ADMIN_CONSOLE_PREFIX || url.startsWith(`${ADMIN_CONSOLE_PREFIX}/`);

/** Hashed assets never change; everything else (the page, icons) is checked again each time. */
function setCacheHeaders(reply: { header: (name: string, value: string) => unknown }, filePath: string): void {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    reply.header('cache-control', 'public, max-age=31536000, immutable');
  } else {
    reply.header('cache-control', 'no-cache');
  }
}

/**
 * A file under `root` for a URL path, when it exists now: the static plugins list their files once at
 * start, so a build written later (`npm run build` beside a running server) is found here instead.
 * Only paths that stay inside `root` count.
 */
function fileBuiltLater(root: string, urlPath: string): string | undefined {
  let relative: string;
  try {
    relative = decodeURIComponent(urlPath).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(`${path.resolve(root)}${path.sep}`) || !existsSync(absolute)) return undefined;
  return path.relative(path.resolve(root), absolute);
}

/**
 * Serves the built web app, and the operator console under /admin (docs/admin-console.md).
 * Client-side routes (`/index`, `/lottery`, `/admin/deposits`, ...) get their app's index.html so a
 * deep link or a reload works, with the skeleton of its first view inside (plugins/app-shell.ts);
 * hashed assets are cached for a year. Text files go out as the brotli
 * or gzip copy the build wrote next to them, whichever the browser accepts.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  adminDistDir?: string,
  shellSource?: AppShellSource,
): Promise<void> {
  const hasBuild = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  const shell = hasBuild && distDir !== undefined ? createAppShell(path.resolve(distDir), shellSource) : undefined;
  const hasConsole = adminDistDir !== undefined && existsSync(path.join(adminDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` copies of its text files; the browser gets the one it accepts.
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  }
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: path.resolve(adminDistDir),
      prefix: `${ADMIN_CONSOLE_PREFIX}/`,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The player app's registration decorates the reply; without a player build this one does.
      decorateReply: !hasBuild,
      setHeaders: setCacheHeaders,
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isConsole = isConsolePath(url);
    const hasApp = isConsole ? hasConsole : hasBuild;
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(url) || !hasApp) {
      return sendError(request, reply, 'not_found');
    }
    // A missing file is a 404, except the spec's /register.html, which is a client route.
    if (path.extname(url) !== '' && url !== '/register.html') {
      const root = isConsole ? adminDistDir : distDir;
      const relativeUrl = isConsole ? url.slice(ADMIN_CONSOLE_PREFIX.length) : url;
      const later = root === undefined ? undefined : fileBuiltLater(root, relativeUrl);
      if (later !== undefined && root !== undefined) return reply.sendFile(later, path.resolve(root));
      return sendError(request, reply, 'not_found');
    }
    if (isConsole && adminDistDir !== undefined) {
      // The console's routes are relative to /admin/: the bare prefix goes there first.
      if (url === ADMIN_CONSOLE_PREFIX) return reply.redirect(`${ADMIN_CONSOLE_PREFIX}/`);
      return reply.sendFile('index.html', path.resolve(adminDistDir));
    }
    if (!shell) return reply.sendFile('index.html');
    // The page with its first view inside (plugins/app-shell.ts), encoded as the browser accepts.
    const page = await shell.page(url, request.ip, String(request.headers['accept-encoding'] ?? ''));
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.send(page.body);
  });
}
