import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidSignature, requestSigningPayload, SIGNATURE_HEADER, sign } from './signature.ts';

/**
 * A stand-in for a third-party payment gateway, for development, demos and tests. It keeps its
 * payments in memory (no database) and behaves the way real gateways do, including the awkward
 * parts: callbacks are signed, retried with backoff until the merchant answers 200, and sent more
 * than once.
 *
 *   POST /api/payments                 (signed) create or look up a payment by merchantRef
 *   GET  /api/payments/<merchantRef>   (signed) the payment's status, for the merchant's re-checks
 *   GET  /pay/<paymentId>              the payment page: pay or fail
 *   POST /pay/<paymentId>              the page's form; decides the payment, calls the merchant back,
 *                                      and sends the browser to the merchant's return URL
 */

export type PaymentStatus = 'pending' | 'paid' | 'failed';

export type SandboxPayment = {
  paymentId: string;
  merchantRef: string;
  amount: number;
  currency: string;
  callbackUrl: string;
  returnUrl: string;
  status: PaymentStatus;
  txId: string | null;
  decidedAt: string | null;
  /** Callback attempts made so far, and when the merchant first answered 200. */
  callbackAttempts: number;
  callbackDeliveredAt: string | null;
};

export type SandboxGatewayOptions = {
  /** The secret shared with the merchant; signs both directions. */
  secret: string;
  /** Base URL of the pay pages as a browser reaches them; defaults to the listening address. */
  publicUrl?: string | undefined;
  /** Attempts per callback before giving up (the merchant can still re-check). */
  callbackAttemptsMax?: number;
  /** First retry delay; each retry doubles it, up to callbackBackoffMaxMs. */
  callbackBackoffBaseMs?: number;
  callbackBackoffMaxMs?: number;
  callbackTimeoutMs?: number;
  /** Extra copies of a callback sent after the first one was accepted, as real gateways do. */
  duplicateCallbacks?: number;
  log?: (message: string, data?: Record<string, unknown>) => void;
};

export type SandboxGateway = {
  readonly server: Server;
  /** Listens on the port (0 for any free one) and returns the base URL. */
  listen: (port: number, host?: string) => Promise<string>;
  close: () => Promise<void>;
  /** Resolves once every callback delivery under way has finished (tests). */
  idle: () => Promise<void>;
  payment: (paymentId: string) => SandboxPayment | undefined;
  baseUrl: () => string;
};

const BODY_BYTES_MAX = 64 * 1024;
const PAYMENTS_MAX = 100_000;
const DEFAULTS = {
  callbackAttemptsMax: 12,
  callbackBackoffBaseMs: 250,
  callbackBackoffMaxMs: 30_000,
  callbackTimeoutMs: 5_000,
  duplicateCallbacks: 1,
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2_000) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_BYTES_MAX) throw new HttpError(413, 'body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A wait that close() can cut short: it clears the timer and resolves the wait at once. */
const sleep = (ms: number, timers: Map<NodeJS.Timeout, () => void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      resolve();
    }, ms);
    timers.set(timer, resolve);
  });

export function createSandboxGateway(options: SandboxGatewayOptions): SandboxGateway {
  if (options.secret.length < 16) throw new Error('the sandbox gateway secret must have at least 16 characters');
  const config = { ...DEFAULTS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) } as Required<
    Omit<SandboxGatewayOptions, 'publicUrl' | 'log'>
  > &
    SandboxGatewayOptions;
  const log = options.log ?? (() => {});
  const payments = new Map<string, SandboxPayment>();
  const byMerchantRef = new Map<string, string>();
  const deliveries = new Set<Promise<void>>();
  const timers = new Map<NodeJS.Timeout, () => void>();
  let listeningUrl = '';
  let isClosing = false;

  const baseUrl = () => options.publicUrl ?? listeningUrl;

  function requireSignature(req: IncomingMessage, path: string, body: string): void {
    const payload = requestSigningPayload(req.method ?? 'GET', path, body);
    if (!isValidSignature(options.secret, payload, req.headers[SIGNATURE_HEADER])) throw new HttpError(401, 'bad signature');
  }

  function publicView(p: SandboxPayment) {
    return {
      paymentId: p.paymentId,
      merchantRef: p.merchantRef,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      txId: p.txId,
      decidedAt: p.decidedAt,
      payUrl: `${baseUrl()}/pay/${p.paymentId}`,
    };
  }

  function createPayment(input: Record<string, unknown>): { payment: SandboxPayment; isNew: boolean } {
    const { merchantRef, amount, currency, callbackUrl, returnUrl } = input;
    if (typeof merchantRef !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(merchantRef)) throw new HttpError(400, 'merchantRef');
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) throw new HttpError(400, 'amount');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw new HttpError(400, 'currency');
    if (!isHttpUrl(callbackUrl)) throw new HttpError(400, 'callbackUrl');
    if (!isHttpUrl(returnUrl)) throw new HttpError(400, 'returnUrl');
    const existingId = byMerchantRef.get(merchantRef);
    if (existingId) {
      const existing = payments.get(existingId)!;
      // The merchant retrying its create: the same payment; different content is a conflict.
      if (existing.amount !== amount || existing.currency !== currency) throw new HttpError(409, 'merchantRef used with other content');
      return { payment: existing, isNew: false };
    }
    if (payments.size >= PAYMENTS_MAX) throw new HttpError(503, 'sandbox is full');
    const payment: SandboxPayment = {
      paymentId: `P${randomBytes(9).toString('hex')}`,
      merchantRef,
      amount,
      currency,
      callbackUrl,
      returnUrl,
      status: 'pending',
      txId: null,
      decidedAt: null,
      callbackAttempts: 0,
      callbackDeliveredAt: null,
    };
    payments.set(payment.paymentId, payment);
    byMerchantRef.set(merchantRef, payment.paymentId);
    return { payment, isNew: true };
  }

  function notificationOf(p: SandboxPayment): string {
    return JSON.stringify({
      notificationId: randomBytes(8).toString('hex'),
      paymentId: p.paymentId,
      merchantRef: p.merchantRef,
      txId: p.txId,
      status: p.status,
      amount: p.amount,
      currency: p.currency,
      decidedAt: p.decidedAt,
    });
  }

  async function postCallback(p: SandboxPayment): Promise<number> {
    const body = notificationOf(p);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.callbackTimeoutMs);
    try {
      const res = await fetch(p.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(options.secret, body) },
        body,
        signal: controller.signal,
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    } finally {
      clearTimeout(timer);
    }
  }

  async function deliver(p: SandboxPayment): Promise<void> {
    for (let attempt = 1; attempt <= config.callbackAttemptsMax && !isClosing; attempt++) {
      p.callbackAttempts += 1;
      const status = await postCallback(p);
      if (status === 200) {
        p.callbackDeliveredAt = new Date().toISOString();
        log('callback delivered', { merchantRef: p.merchantRef, attempt });
        for (let i = 0; i < config.duplicateCallbacks && !isClosing; i++) await postCallback(p);
        return;
      }
      log('callback refused', { merchantRef: p.merchantRef, attempt, status });
      if (attempt === config.callbackAttemptsMax) break;
      await sleep(Math.min(config.callbackBackoffMaxMs, config.callbackBackoffBaseMs * 2 ** (attempt - 1)), timers);
    }
    log('callback given up', { merchantRef: p.merchantRef });
  }

  function startDelivery(p: SandboxPayment): void {
    const delivery = deliver(p).finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  function payPage(p: SandboxPayment): string {
    const amount = escapeHtml(`${p.amount.toLocaleString('en-US')} ${p.currency}`);
    const action = `/pay/${escapeHtml(p.paymentId)}`;
    const decided = p.status === 'pending' ? '' : `<p>This payment is ${escapeHtml(p.status)}.</p>`;
    return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox payment</title></head>
<body>
<h1>Sandbox payment gateway</h1>
<p>Test payments only: no real money moves.</p>
<dl><dt>Order</dt><dd>${escapeHtml(p.merchantRef)}</dd><dt>Amount</dt><dd>${amount}</dd></dl>
${decided}
<form method="post" action="${action}"><input type="hidden" name="outcome" value="paid"><button type="submit">Pay</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="failed"><button type="submit">Fail the payment</button></form>
</body>
</html>`;
  }

  function returnLocation(p: SandboxPayment): string {
    const url = new URL(p.returnUrl);
    url.searchParams.set('ref', p.merchantRef);
    url.searchParams.set('status', p.status);
    return url.toString();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (method === 'POST' && path === '/api/payments') {
      const body = await readBody(req);
      requireSignature(req, path, body);
      let input: unknown;
      try {
        input = JSON.parse(body);
      } catch {
        throw new HttpError(400, 'invalid JSON');
      }
      if (typeof input !== 'object' || input === null) throw new HttpError(400, 'body');
      const { payment, isNew } = createPayment(input as Record<string, unknown>);
      return sendJson(res, isNew ? 201 : 200, publicView(payment));
    }

    const apiMatch = /^\/api\/payments\/([A-Za-z0-9_-]{1,64})$/.exec(path);
    if (method === 'GET' && apiMatch) {
      requireSignature(req, path, '');
      const id = byMerchantRef.get(apiMatch[1]!);
      const payment = id ? payments.get(id) : undefined;
      if (!payment) throw new HttpError(404, 'no such payment');
      return sendJson(res, 200, publicView(payment));
    }

    const payMatch = /^\/pay\/(P[0-9a-f]{18})$/.exec(path);
    const payment = payMatch ? payments.get(payMatch[1]!) : undefined;
    if (payMatch && !payment) throw new HttpError(404, 'no such payment');
    if (payment && method === 'GET') {
      const html = payPage(payment);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "default-src 'none'; form-action 'self' http: https:",
        'cache-control': 'no-store',
      });
      res.end(html);
      return;
    }
    if (payment && method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const outcome = form.get('outcome');
      if (outcome !== 'paid' && outcome !== 'failed') throw new HttpError(400, 'outcome');
      // A payment is decided once; pressing again (or the other button) changes nothing.
      if (payment.status === 'pending') {
        payment.status = outcome;
        payment.txId = `SBX${randomBytes(8).toString('hex').toUpperCase()}`;
        payment.decidedAt = new Date().toISOString();
        startDelivery(payment);
      }
      res.writeHead(303, { location: returnLocation(payment) });
      res.end();
      return;
    }
    throw new HttpError(404, 'not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      if (status === 500) log('sandbox error', { err: String(err) });
      if (!res.headersSent) sendJson(res, status, { error: err instanceof HttpError ? err.message : 'internal error' });
      else res.end();
    });
  });

  return {
    server,
    baseUrl,
    payment: (paymentId) => payments.get(paymentId),
    async listen(port, host = '127.0.0.1') {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      listeningUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      return baseUrl();
    },
    async idle() {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },
    async close() {
      isClosing = true;
      for (const [timer, resolve] of timers) {
        clearTimeout(timer);
        resolve();
      }
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...deliveries]);
    },
  };
}
