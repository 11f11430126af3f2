import {
  signVendorBody,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  type VendorBetFeedAnswer,
  type VendorBetFeedRequest,
  vendorBetFeedAnswerSchema,
} from '@platform/contracts/vendor-protocol';

/** The member as a transfer-style vendor knows them. */
export type TransferMember = { playerId: string; username: string; currency: string };

/** The vendor's definite answer to a deposit or withdrawal. */
export type TransferOutcome = { state: 'succeeded'; balance: number } | { state: 'failed'; reason: string };

/** What the vendor says about one of our transfer ids when asked later. */
export type TransferQuery = { state: 'succeeded' } | { state: 'failed' } | { state: 'not_found' };

/**
 * Raised when a call may or may not have reached the vendor (a timeout, a dropped connection, a 5xx):
 * the money stays where the pending transfer put it until `queryTransfer` gives the answer.
 */
export class TransferOutcomeUnknown extends Error {
  constructor(detail: string) {
    super(`transfer outcome unknown: ${detail}`);
    this.name = 'TransferOutcomeUnknown';
  }
}

/**
 * A transfer-style vendor: players hold a wallet at the vendor and we move money into and out of
 * it. Every move carries our transfer id; the vendor applies one id at most once, and answers
 * `queryTransfer` for it. A vendor that has never seen an id must, once asked, refuse it for good,
 * so that "not found" is final and the money can be returned.
 */
export type TransferVendorAdapter = {
  readonly vendorCode: string;
  deposit: (member: TransferMember, amountMinor: number, transferId: string) => Promise<TransferOutcome>;
  withdraw: (member: TransferMember, amountMinor: number, transferId: string) => Promise<TransferOutcome>;
  balance: (member: TransferMember) => Promise<number>;
  queryTransfer: (transferId: string) => Promise<TransferQuery>;
  /**
   * The bet feed: one page of the rounds the vendor settled in a time window. A vendor without a
   * feed leaves it out (its rounds then never reach the betting record). Throws when the page
   * cannot be read; the feed asks the same window again later.
   */
  betHistory?: (window: VendorBetFeedRequest) => Promise<Omit<VendorBetFeedAnswer, 'status'>>;
};

/** How long one call to a transfer vendor may take before its outcome counts as unknown. */
export const TRANSFER_CALL_TIMEOUT_MS = 5_000;

type WireAnswer = { status?: string; balance?: number; state?: string; message?: string; rounds?: unknown; hasMore?: unknown };

/**
 * The HTTP adapter of the demo transfer vendor's wallet API (`POST <base>/api/wallet/<call>`, JSON,
 * signed like our own callbacks: HMAC-SHA256 of `<timestamp>.<body>` with the shared secret).
 */
export function createHttpTransferAdapter(options: {
  vendorCode: string;
  baseUrl: string;
  secret: string;
  timeoutMs?: number;
  now?: () => Date;
  fetchImpl?: typeof fetch;
}): TransferVendorAdapter {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? TRANSFER_CALL_TIMEOUT_MS;

  async function call(path: string, body: Record<string, unknown>): Promise<WireAnswer> {
    const raw = JSON.stringify(body);
    const timestamp = String(now().getTime());
    let response: Response;
    try {
      response = await fetchImpl(`${options.baseUrl.replace(/\/+$/, '')}/api/wallet/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [VENDOR_TIMESTAMP_HEADER]: timestamp,
          [VENDOR_SIGNATURE_HEADER]: signVendorBody(options.secret, timestamp, raw),
        },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new TransferOutcomeUnknown(err instanceof Error ? err.message : String(err));
    }
    if (response.status >= 500) throw new TransferOutcomeUnknown(`HTTP ${response.status}`);
    let answer: WireAnswer;
    try {
      answer = (await response.json()) as WireAnswer;
    } catch (err) {
      throw new TransferOutcomeUnknown(`unreadable answer: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (response.status === 401) throw new Error(`${options.vendorCode} refused our signature (${answer.status ?? response.status})`);
    return answer;
  }

  async function move(
    path: 'deposit' | 'withdraw',
    member: TransferMember,
    amountMinor: number,
    transferId: string,
  ): Promise<TransferOutcome> {
    const answer = await call(path, { playerId: member.playerId, currency: member.currency, amount: amountMinor, transferId });
    if (answer.status === 'OK' && typeof answer.balance === 'number') return { state: 'succeeded', balance: answer.balance };
    if (answer.status === 'OK') throw new TransferOutcomeUnknown('OK without a balance');
    return { state: 'failed', reason: answer.status ?? 'unknown' };
  }

  return {
    vendorCode: options.vendorCode,
    deposit: (member, amount, transferId) => move('deposit', member, amount, transferId),
    withdraw: (member, amount, transferId) => move('withdraw', member, amount, transferId),
    async balance(member) {
      const answer = await call('balance', { playerId: member.playerId, currency: member.currency });
      if (answer.status !== 'OK' || typeof answer.balance !== 'number') throw new Error(`${options.vendorCode} balance: ${answer.status}`);
      return answer.balance;
    },
    async queryTransfer(transferId) {
      const answer = await call('query', { transferId });
      if (answer.status === 'NOT_FOUND') return { state: 'not_found' };
      if (answer.status === 'OK' && answer.state === 'succeeded') return { state: 'succeeded' };
      if (answer.status === 'OK' && answer.state === 'failed') return { state: 'failed' };
      throw new TransferOutcomeUnknown(`query answered ${answer.status}`);
    },
    async betHistory(window) {
      const answer = vendorBetFeedAnswerSchema.safeParse(await call('bets', window));
      if (!answer.success)
        throw new Error(`${options.vendorCode} bet feed: unreadable page (${answer.error.issues[0]?.message ?? 'bad shape'})`);
      return { rounds: answer.data.rounds, hasMore: answer.data.hasMore };
    },
  };
}
