import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer serialised once and sent many times: the JSON text, and its gzip made on the first
 * request that accepts gzip. Catalogue pages are the same for every visitor, so the cache keeps the
 * bytes instead of the object: a hit skips the response schema check, the serialisation and the
 * compression that every answer otherwise pays. Whoever prepares it checks it against the route's
 * response schema first (`prepareJson(schema.parse(value))`), as the serializer would.
 */
export type PreparedJson = { readonly json: Buffer; gzip: Buffer | null };

/** Answers smaller than this go uncompressed, as the compression plugin does. */
const COMPRESS_FROM_BYTES = 1024;

export function prepareJson(value: unknown): PreparedJson {
  return { json: Buffer.from(JSON.stringify(value)), gzip: null };
}

/** Whether an Accept-Encoding header accepts a coding (by name or `*`, with a weight above 0). */
export function acceptsEncoding(acceptEncoding: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!acceptEncoding) return false;
  let wildcard = false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = weight === undefined || Number(weight.slice(2)) > 0;
    if (name.trim() === coding) return accepted;
    if (name.trim() === '*') wildcard = accepted;
  }
  return wildcard;
}

/** Sends a prepared answer: gzipped when the client accepts it and it is worth it, else as it is. */
export function sendPreparedJson(request: FastifyRequest, reply: FastifyReply, prepared: PreparedJson): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8');
  if (prepared.json.length < COMPRESS_FROM_BYTES) return reply.send(prepared.json);
  reply.header('vary', 'accept-encoding');
  if (!acceptsEncoding(request.headers['accept-encoding'], 'gzip')) return reply.send(prepared.json);
  prepared.gzip ??= gzipSync(prepared.json);
  reply.header('content-encoding', 'gzip');
  return reply.send(prepared.gzip);
}
