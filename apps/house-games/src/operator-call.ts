import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkVendorSignature, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';

/**
 * The operator's calls to the game server (table limits, the cockfight arenas) are made by the
 * platform for its console and signed like the seamless callbacks: the timestamp and HMAC headers
 * over the raw body, with the HOUSE secret. One check for all of them: POST only, a good signature,
 * a JSON body. Anything else is answered here (405, 401, 400) and gives undefined.
 */
export type OperatorCallContext = {
  secret: string;
  now: () => number;
  readBody: (request: IncomingMessage) => Promise<string>;
  sendJson: (response: ServerResponse, statusCode: number, body: unknown) => void;
};

export async function readOperatorCall(
  ctx: OperatorCallContext,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<{ body: unknown } | undefined> {
  if (request.method !== 'POST') {
    ctx.sendJson(response, 405, { status: 'ERROR', code: 'method_not_allowed' });
    return undefined;
  }
  const raw = await ctx.readBody(request);
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const check = checkVendorSignature({
    secret: ctx.secret,
    timestamp: header(VENDOR_TIMESTAMP_HEADER),
    signature: header(VENDOR_SIGNATURE_HEADER),
    rawBody: raw,
    nowMs: ctx.now(),
  });
  if (check !== 'ok') {
    ctx.sendJson(response, 401, { status: 'ERROR', code: 'signature_invalid', reason: check });
    return undefined;
  }
  try {
    return { body: raw ? JSON.parse(raw) : {} };
  } catch {
    ctx.sendJson(response, 400, { status: 'ERROR', code: 'bad_request', problems: [] });
    return undefined;
  }
}
