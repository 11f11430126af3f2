import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler.ts';

/** Paths that belong to the API: an unknown one is a 404 envelope, never the web app's page. */
const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/vendor-api/', '/admin-api/', '/docs', '/metrics', '/healthz', '/readyz'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

/**
 * Serves the built web app. Client-side routes (`/index`, `/lottery`, ...) get index.html so a deep
 * link or a reload works; hashed assets are cached for a year. Text files go out as the brotli or
 * gzip copy the build wrote next to them, whichever the browser accepts.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const hasBuild = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` copies of its text files; the browser gets the one it accepts.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed assets never change; everything else (the page, icons) is checked again each time.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || isApiPath(url) || !hasBuild) {
      return sendError(request, reply, 'not_found');
    }
    // A missing file is a 404, except the spec's /register.html, which is a client route.
    if (path.extname(url) !== '' && url !== '/register.html') return sendError(request, reply, 'not_found');
    return reply.sendFile('index.html');
  });
}
