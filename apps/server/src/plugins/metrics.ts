import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { DomainError } from '../lib/domain-error.ts';
import { readSessionToken } from './auth.ts';

/** This machine may always read the metrics. */
const LOCAL_NETWORKS = ['127.0.0.0/8', '::1/128'];

/** Who may read /metrics: a bearer token, or a connection from an allowed network (env.ts). */
export type MetricsAccess = { token?: string | undefined; allow: readonly string[] };

/**
 * A registry per app (not prom-client's global one), so two app instances in one process, as in the
 * tests, keep separate figures. Modules add their own gauges to `app.metrics`.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

function parseNetwork(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (entry.includes('/')) return ipaddr.parseCIDR(entry);
  const address = ipaddr.parse(entry);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/**
 * The check before /metrics answers. The address is the one that connected (the socket's), never a
 * forwarded one a client can write; a scraper reaches each node directly.
 */
function metricsAccessCheck(access: MetricsAccess): (request: FastifyRequest) => boolean {
  const networks = [...LOCAL_NETWORKS, ...access.allow].map(parseNetwork);
  const token = access.token === undefined ? undefined : Buffer.from(access.token);
  return (request) => {
    const presented = readSessionToken(request);
    if (token && presented !== undefined) {
      const given = Buffer.from(presented);
      if (given.length === token.length && timingSafeEqual(given, token)) return true;
    }
    const remote = request.socket.remoteAddress;
    if (!remote || !ipaddr.isValid(remote)) return false;
    const parsed = ipaddr.process(remote);
    return networks.some(([network, bits]) => parsed.kind() === network.kind() && parsed.match(network, bits));
  };
}

export function registerMetrics(app: FastifyInstance, registry: Registry, access: MetricsAccess = { allow: [] }): void {
  const mayRead = metricsAccessCheck(access);
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // The figures include the ledger's totals: only this machine, allowed networks or the token holder.
    if (!mayRead(request)) throw new DomainError('forbidden');
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
