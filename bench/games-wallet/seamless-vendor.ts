import { Agent, request } from 'node:http';
import { signVendorBody, VENDOR_SIGNATURE_HEADER, VENDOR_TIMESTAMP_HEADER } from '@platform/contracts/vendor-protocol';

/**
 * The vendor's side of `bench:seamless` over HTTP (BENCH_TRANSPORT=http): a process of its own, so
 * the server's CPU per callback is measured without the vendor's work (building and signing bodies,
 * reading answers). It plays rounds (a signed debit, then the credit closing the round) on
 * keep-alive connections, one per client, as a vendor's game server does, and reports what it did.
 *
 * Messages from the bench (IPC): `{ kind: 'play', rounds }` plays that many rounds (the warm-up);
 * `{ kind: 'run', seconds }` plays until the time is up. Each is answered with a `Played`.
 */

export type VendorSetup = { baseUrl: string; vendorCode: string; secret: string; tokens: string[]; clients: number; stake: number };
export type VendorOrder = { kind: 'play'; rounds: number } | { kind: 'run'; seconds: number };
export type Played = { rounds: number; errors: number; elapsedMs: number; callbackMs: number; firstError: string | null };

const setup = JSON.parse(process.argv[2] ?? '{}') as VendorSetup;
const agent = new Agent({ keepAlive: true, maxSockets: setup.clients });
const url = new URL(setup.baseUrl);

function call(path: string, body: Record<string, unknown>): Promise<string> {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/vendor-api/${setup.vendorCode}/${path}`,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(raw),
          [VENDOR_TIMESTAMP_HEADER]: timestamp,
          [VENDOR_SIGNATURE_HEADER]: signVendorBody(setup.secret, timestamp, raw),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          try {
            resolve((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status: string }).status);
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(raw);
  });
}

let roundNo = 0;
let firstError: string | null = null;

async function playRound(): Promise<boolean> {
  const n = ++roundNo;
  const token = setup.tokens[Math.floor(Math.random() * setup.tokens.length)] as string;
  const common = { token, roundId: `round-${process.pid}-${n}`, gameCode: 'lucky-sevens' };
  const bet = await call('debit', { ...common, transactionId: `bet-${process.pid}-${n}`, amount: setup.stake });
  const win =
    bet === 'OK'
      ? await call('credit', { ...common, transactionId: `win-${process.pid}-${n}`, amount: Math.floor(Math.random() * 2 * setup.stake) })
      : bet;
  if (win === 'OK') return true;
  firstError ??= `${bet} / ${win}`;
  return false;
}

async function play(order: VendorOrder): Promise<Played> {
  let rounds = 0;
  let errors = 0;
  let callbackMs = 0;
  let left = order.kind === 'play' ? order.rounds : Number.POSITIVE_INFINITY;
  const started = performance.now();
  const deadline = order.kind === 'run' ? started + order.seconds * 1000 : Number.POSITIVE_INFINITY;
  await Promise.all(
    Array.from({ length: setup.clients }, async () => {
      while (left > 0 && performance.now() < deadline) {
        left -= 1;
        const t0 = performance.now();
        const isPlayed = await playRound();
        callbackMs += performance.now() - t0;
        if (isPlayed) rounds += 1;
        else errors += 1;
      }
    }),
  );
  return { rounds, errors, elapsedMs: performance.now() - started, callbackMs, firstError };
}

process.on('disconnect', () => agent.destroy());

process.on('message', (order: VendorOrder) => {
  void play(order).then(
    (played) => process.send?.(played),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
