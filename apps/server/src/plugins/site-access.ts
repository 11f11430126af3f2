import type { FastifyInstance } from 'fastify';
import { DomainError } from '../lib/domain-error.ts';
import type { SystemService } from '../modules/system/system.service.ts';

/**
 * The calls a visitor makes to use the site: sessions, accounts, codes, money, games, agents. While
 * the site is under maintenance they answer 503, and from a restricted region 403, so the block is
 * enforced by the server and not only drawn by the client.
 *
 * Not guarded: the system calls (the client needs them to show the maintenance and block pages),
 * operations endpoints, the web app's files, and vendor callbacks — a game server must still be able
 * to settle a round that was open when maintenance began.
 */
export const GUARDED_PATH_PREFIXES = [
  '/wps/session/',
  '/wps/member/',
  '/wps/verification/',
  '/wps/v2/',
  '/wps/relay/',
  '/wps/game/',
  '/wps/agent/',
  '/wps/captcha',
  '/wps/botcheck/',
  '/wps/feedback',
  '/lgw/',
  '/lotto/',
] as const;

export function isGuardedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return GUARDED_PATH_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export function registerSiteAccessGuard(app: FastifyInstance, system: SystemService): void {
  app.addHook('onRequest', async (request) => {
    if (!isGuardedPath(request.url)) return;
    let state: Awaited<ReturnType<SystemService['siteState']>>;
    try {
      state = await system.siteState(request.ip);
    } catch (err) {
      // No merchant configured yet: there are no rules to enforce, and the call itself will say so.
      if (err instanceof DomainError && err.code === 'service_unavailable') return;
      throw err;
    }
    if (state.isUnderMaintenance) throw new DomainError('info_maintenance');
    if (state.isRegionRestricted) throw new DomainError('blockip');
  });
}
