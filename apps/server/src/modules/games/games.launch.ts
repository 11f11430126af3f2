import { isTrialAccountType } from '@platform/contracts/account-types';
import type { LaunchBody } from '@platform/contracts/games';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { localised } from '../../lib/localised-text.ts';
import type { GameSessionService } from '../game-session/game-session.service.ts';
import type { Principal } from '../session/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { cdnSetting } from '../system/system.settings.ts';
import { LAUNCH_HOST_PLACEHOLDER, pickHost } from './games.hosts.ts';
import * as repo from './games.repository.ts';

/**
 * What a launch URL is built from. The vendor side signs URLs with each vendor's secret; this
 * module only decides whether the member may play and hands over the game token.
 */
export type LaunchUrlInput = {
  merchantId: number;
  vendorCode: string;
  gameCode: string;
  token: string;
  language: string;
  username: string;
  currency: string;
  returnUrl: string;
  isTrial: boolean;
  /** Card rooms (PVP): the user names of the accounts linked to this member, so a vendor keeps them apart. */
  linkedUsernames?: readonly string[];
};
export type BuildLaunchUrl = (input: LaunchUrlInput) => Promise<string>;

/**
 * Refuses a launch for a member who may not play now (self-exclusion, a break, a limit reached) by
 * throwing a DomainError; resolves when play is allowed.
 */
export type LaunchGuard = (memberId: number) => Promise<void>;

/** Longest launch URL handed to a browser; longer ones are a vendor template mistake. */
const LAUNCH_URL_LENGTH_MAX = 8_192;

/**
 * Builds launch URLs from the vendor row's `launch_url` template. Placeholders: {token}, {game},
 * {lang}, {returnUrl}, {username}, {currency}, {trial} (URL-encoded values); {launchHost} (a pick
 * from the merchant's launchGameCDNs, '' without any); and {NAME} for each named host given here,
 * such as {DEMO_VENDOR_URL}.
 */
export function createTemplateLaunchUrlBuilder(deps: {
  db: Kysely<DB>;
  settings: SettingsService;
  namedHosts: Record<string, string>;
}): BuildLaunchUrl {
  return async (input) => {
    const vendor = await repo.findVendorByCode(deps.db, input.merchantId, input.vendorCode);
    if (!vendor?.launchUrl) throw new DomainError('service_unavailable', 'the vendor has no launch address');
    const launchHosts = (await deps.settings.get(input.merchantId, cdnSetting)).launchGameCDNs;
    const values: Record<string, string> = {
      token: encodeURIComponent(input.token),
      game: encodeURIComponent(input.gameCode),
      lang: encodeURIComponent(input.language),
      returnUrl: encodeURIComponent(input.returnUrl),
      username: encodeURIComponent(input.username),
      currency: encodeURIComponent(input.currency),
      trial: input.isTrial ? '1' : '0',
      launchHost: pickHost(launchHosts, input.gameCode),
    };
    for (const [name, host] of Object.entries(deps.namedHosts)) values[name] = host.replace(/\/+$/, '');
    const url = vendor.launchUrl.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => values[name] ?? whole);
    if (url.startsWith(LAUNCH_HOST_PLACEHOLDER)) throw new DomainError('service_unavailable', 'launch host');
    return url;
  };
}

export type LaunchMode = 'url' | 'html';

/** A page that opens the game: for clients that write the answer into a window they opened. */
export function launchPage(url: string): string {
  const href = escapeHtml(url);
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><meta http-equiv="refresh" content="0;url=${href}"><title>Loading</title></head><body><a href="${href}">Continue</a></body></html>`;
}

export type LaunchService = ReturnType<typeof createLaunchService>;

export function createLaunchService(deps: {
  db: Kysely<DB>;
  gameSessions: GameSessionService;
  buildLaunchUrl: BuildLaunchUrl;
  launchGuard: LaunchGuard;
  /** The accounts linked to a member (device, IP, bank account, payee); card-room launches carry them. */
  identityLinks?: (merchantId: number, memberId: number) => Promise<string[]>;
  now: () => Date;
}) {
  const { db, gameSessions, buildLaunchUrl, launchGuard, now } = deps;

  /** The return address: a path of this site, or a URL on the host the player came from. */
  function returnUrlOf(raw: string | undefined, siteOrigin: string): string {
    if (!raw) return `${siteOrigin}/`;
    if (raw.startsWith('/') && !raw.startsWith('//')) return `${siteOrigin}${raw}`;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new DomainError('bad_request', 'returnUrl');
    }
    if (parsed.origin !== new URL(siteOrigin).origin) throw new DomainError('bad_request', 'returnUrl must be on this site');
    return parsed.toString();
  }

  async function findGame(merchantId: number, body: LaunchBody): Promise<repo.GameRow> {
    const vendorCode = (body.vendor ?? body.accountTypeName ?? body.vassalage) as string;
    const gameCode = body.gameCode ?? body.code;
    const game = gameCode
      ? await repo.findGameByCode(db, merchantId, vendorCode, gameCode)
      : await repo.findFirstGameOfVendor(db, merchantId, vendorCode, body.gameType);
    if (!game) throw new DomainError('game_not_found');
    if (game.category !== body.gameType) throw new DomainError('game_not_found', 'gameType does not match the game');
    return game;
  }

  /** The operator's maintenance note, in the member's language, is part of the sentence when there is one. */
  function maintenanceError(note: string): DomainError {
    return new DomainError('game_maintenance', undefined, note ? { note } : undefined);
  }

  async function launch(input: { principal: Principal; body: LaunchBody; language: string; siteOrigin: string; mode: LaunchMode }) {
    const { principal, body, language } = input;
    const returnUrl = returnUrlOf(body.returnUrl, input.siteOrigin);
    const game = await findGame(principal.merchantId, body);
    if (!game.isEnabled || !game.vendorIsEnabled) throw new DomainError('game_disabled');
    if (game.vendorIsMaintenance) {
      throw maintenanceError(localised(game.vendorMaintenanceMessage, language));
    }
    if (game.isMaintenance) throw maintenanceError(localised(game.maintenanceMessage, language));
    const isTrial = isTrialAccountType(principal.accountType);
    if (isTrial && !game.isTrialSupported) throw new DomainError('in_need_true_account');
    await launchGuard(principal.memberId);

    const session = await db.transaction().execute(async (trx) => {
      const issued = await gameSessions.issue(
        {
          memberId: principal.memberId,
          merchantId: principal.merchantId,
          currency: principal.currency,
          vendorCode: game.vendorCode,
          gameCode: game.code,
          gameCategory: game.category,
          isTrial,
        },
        trx,
      );
      await repo.recordRecentPlay(trx, { memberId: principal.memberId, gameId: game.id, merchantId: principal.merchantId, at: now() });
      return issued;
    });
    const linkedUsernames =
      game.category === 'PVP' && deps.identityLinks ? await deps.identityLinks(principal.merchantId, principal.memberId) : undefined;
    // Built after the commit: a vendor's builder may call out or use the database itself.
    const url = await buildLaunchUrl({
      ...(linkedUsernames ? { linkedUsernames } : {}),
      merchantId: principal.merchantId,
      vendorCode: game.vendorCode,
      gameCode: game.code,
      token: session.token,
      language,
      username: principal.username,
      currency: principal.currency,
      returnUrl,
      isTrial,
    });
    if (!/^https?:\/\//.test(url) && !url.startsWith('/')) throw new DomainError('service_unavailable', 'launch address');
    if (url.length > LAUNCH_URL_LENGTH_MAX) throw new DomainError('service_unavailable', 'launch address');
    return {
      content: input.mode === 'url' ? url : launchPage(url),
      nodeId: game.id,
      gameCode: game.code,
      vendor: game.vendorCode,
      isTrial,
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  return { launch };
}
