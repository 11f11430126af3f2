import { signLaunchParams } from '@platform/contracts/vendor-protocol';
import { TRANSFER_GAME } from '@platform/demo-vendor/demo-vendor';

/**
 * A player at the demo transfer vendor, driven as its game page drives it: a signed launch URL opens
 * the transfer game, then each spin is one round in the vendor's own wallet.
 */
export async function openTransferGame(options: {
  vendorUrl: string;
  vendorCode: string;
  secret: string;
  playerId: string;
  currency: string;
  nowMs: number;
}): Promise<{ spin: (stake: number) => Promise<{ status: string; roundId: string; payout: number; balance: number }> }> {
  const params: Record<string, string> = {
    token: 'feed-test',
    lang: 'vi',
    return: 'https://site.example/rng',
    user: options.playerId,
    currency: options.currency,
    trial: '0',
    exp: String(options.nowMs + 10 * 60_000),
  };
  params.sig = signLaunchParams(options.secret, options.vendorCode, TRANSFER_GAME, params);
  const url = new URL(`${options.vendorUrl}/game/${TRANSFER_GAME}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`the transfer game did not open: HTTP ${page.status}`);
  const session = /data-session="([^"]+)"/.exec(await page.text())?.[1];
  if (!session) throw new Error('no game session in the page');
  return {
    async spin(stake) {
      const res = await fetch(`${options.vendorUrl}/game/${TRANSFER_GAME}/spin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, stake }),
      });
      return (await res.json()) as { status: string; roundId: string; payout: number; balance: number };
    },
  };
}
