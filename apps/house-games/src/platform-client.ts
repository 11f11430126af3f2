import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER, type VendorAnswer } from '@platform/contracts/vendor-protocol';

/**
 * The house game server's side of the seamless wallet protocol: every money move is one signed
 * call to the platform's `/vendor-api/<vendor>/<call>`, exactly as a third-party studio makes it.
 * A call whose answer is lost (timeout, dropped connection, 5xx) is sent again with the same body,
 * so the platform's idempotency by transaction id makes the retry safe; after the last attempt the
 * caller gets `PlatformUnreachable` and must treat the outcome as unknown.
 */
export type PlatformClientOptions = {
  platformUrl: string;
  vendorCode: string;
  secret: string;
  timeoutMs?: number;
  attempts?: number;
  now?: () => Date;
  fetchImpl?: typeof fetch;
};

export class PlatformUnreachable extends Error {}

export type PlatformClient = {
  call: (call: 'authenticate' | 'balance' | 'debit' | 'credit' | 'rollback', body: Record<string, unknown>) => Promise<VendorAnswer>;
  /** Sends a call once, with a chosen signature and timestamp (the conformance kit's refusals). */
  callRaw: (
    call: string,
    body: Record<string, unknown>,
    options: { secret?: string; timestampMs?: number },
  ) => Promise<{ statusCode: number; answer: VendorAnswer }>;
};

export function createPlatformClient(options: PlatformClientOptions): PlatformClient {
  const now = options.now ?? (() => new Date());
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const attempts = options.attempts ?? 3;
  const base = `${options.platformUrl.replace(/\/+$/, '')}/vendor-api/${options.vendorCode}`;

  async function send(call: string, raw: string, secret: string, timestampMs: number) {
    const timestamp = String(timestampMs);
    const response = await fetchImpl(`${base}/${call}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [VENDOR_TIMESTAMP_HEADER]: timestamp,
        [VENDOR_SIGNATURE_HEADER]: signVendorBody(secret, timestamp, raw),
      },
      body: raw,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { statusCode: response.status, answer: (await response.json()) as VendorAnswer };
  }

  return {
    async call(call, body) {
      const raw = JSON.stringify(body);
      let lastError: unknown;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const { statusCode, answer } = await send(call, raw, options.secret, now().getTime());
          if (statusCode >= 500) throw new Error(`platform answered HTTP ${statusCode}`);
          return answer;
        } catch (err) {
          lastError = err;
        }
      }
      throw new PlatformUnreachable(lastError instanceof Error ? lastError.message : String(lastError));
    },
    callRaw: (call, body, o) => send(call, JSON.stringify(body), o.secret ?? options.secret, o.timestampMs ?? now().getTime()),
  };
}
