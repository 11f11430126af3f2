import { buildSeedChain, crashPointOf } from '@platform/games/crash/crash';
import { createHouseGames, type HouseGames, type HouseGamesOptions } from '@platform/house-games/house-games';
import type { FastifyInstance } from 'fastify';
import { DEV_HOUSE_GAMES_SECRET, HOUSE_VENDOR_CODE } from '../src/modules/vendor-wallet/vendor-wallet.integrations.ts';
import type { GamePlayer } from './vendor-helpers.ts';
import { waitUntil } from './wait-for.ts';

/** Helpers for the tests that play the house game server (apps/house-games) against the platform. */

/**
 * A house game server for one test file, calling the platform at `platformUrl`, with the shared
 * tables (crash, baccarat, the live tables) parked in long betting windows so the ones the file does
 * not play never take a round; `options` sets what the file plays.
 */
export function createTestHouseGames(
  platformUrl: string,
  dataDir: string,
  options: Omit<Partial<HouseGamesOptions>, 'platformUrl' | 'dataDir'> = {},
): HouseGames {
  return createHouseGames({
    platformUrl,
    secret: DEV_HOUSE_GAMES_SECRET,
    dataDir,
    siteOrigins: ['https://site.example'],
    crash: { bettingMs: 600_000, pauseMs: 60_000 },
    baccarat: { bettingMs: 600_000, revealStepMs: 5, pauseMs: 60_000 },
    live: { bettingMs: 600_000, revealStepMs: 5, pauseMs: 60_000 },
    ...options,
  });
}

/** Points the HOUSE integration at a house game server started by the test. */
export async function registerHouseGames(app: FastifyInstance, houseUrl: string): Promise<void> {
  await app.services.vendorWallet.integrations.ensure({
    vendorCode: HOUSE_VENDOR_CODE,
    walletStyle: 'seamless',
    apiSecret: DEV_HOUSE_GAMES_SECRET,
    apiBaseUrl: null,
    launchBaseUrl: houseUrl,
    isEnabled: true,
  });
}

/** A root seed whose chain's first round crashes between `min` and `max` hundredths. */
export function rootWithFirstCrash(salt: string, chainLength: number, min: number, max: number): string {
  for (let i = 0; i < 100_000; i++) {
    const root = `test-root-${i}`;
    const c = crashPointOf(buildSeedChain(root, chainLength)[1] as string, salt);
    if (c >= min && c <= max) return root;
  }
  throw new Error('no such root');
}

export type CrashSession = { session: string; post: (action: string, body?: Record<string, unknown>) => Promise<CrashAnswer> };
type CrashAnswer = { httpStatus: number; status?: string; [key: string]: unknown };

/** Opens a house game (crash unless told) for a player through the signed launch URL, as the site's frame does. */
export async function openCrash(
  app: FastifyInstance,
  houseUrl: string,
  player: GamePlayer,
  gameCode = 'crash',
  isTrial = false,
): Promise<CrashSession> {
  const url = await app.services.vendorWallet.buildLaunchUrl({
    vendorCode: HOUSE_VENDOR_CODE,
    gameCode,
    token: player.token,
    language: 'en',
    username: player.username,
    currency: player.currency,
    returnUrl: 'https://site.example/crash',
    isTrial,
  });
  const res = await fetch(url);
  const html = await res.text();
  const session = /data-session="([^"]+)"/.exec(html)?.[1];
  if (res.status !== 200 || !session) throw new Error(`the ${gameCode} page did not open: ${res.status} ${html.slice(0, 200)}`);
  return {
    session,
    async post(action, body = {}) {
      const r = await fetch(`${houseUrl}/game/${gameCode}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session, ...body }),
      });
      return { httpStatus: r.status, ...((await r.json()) as Record<string, unknown>) };
    },
  };
}

type Snapshot = {
  round: number;
  phase: string;
  startedAt: number | null;
  bets: { betId: string; cashout: { k: number; payout: number } | null }[];
  history: { round: number; end: string; crashPoint: number; seed: string }[];
};

export async function crashState(s: CrashSession): Promise<Snapshot> {
  return (await s.post('state')) as unknown as Snapshot;
}

export async function waitForPhase(s: CrashSession, phase: string, what: string): Promise<Snapshot> {
  let last: Snapshot | undefined;
  await waitUntil(
    async () => {
      last = await crashState(s);
      return last.phase === phase;
    },
    { what, pollMs: 20 },
  );
  return last as Snapshot;
}
