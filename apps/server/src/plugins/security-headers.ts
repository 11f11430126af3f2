import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The security headers of every answer (content security policy, frame and referrer rules, no
 * sniffing…), set by Helmet. Helmet's middleware is built once here: building it per request (what
 * the Fastify wrapper does) normalises the whole policy again for every call, about 25 times the
 * cost of applying it.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'self'", 'https:', 'http:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
