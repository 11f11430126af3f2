import { apiSend } from '../../../lib/api-client.ts';

export type LaunchRequest = { gameType: string; vendor: string; gameCode?: string; language: string; returnUrl: string };
export type LaunchAnswer = { content: string; nodeId: number; gameCode: string; vendor: string; isTrial: boolean; expiresAt: string };

/** POST /wps/game/launchGame: a game token and the vendor's signed URL to open. */
export function launchGame(request: LaunchRequest): Promise<LaunchAnswer> {
  return apiSend<LaunchAnswer>('POST', '/wps/game/launchGame', {
    gameType: request.gameType,
    vendor: request.vendor,
    ...(request.gameCode ? { gameCode: request.gameCode } : {}),
    language: request.language,
    platform: 'html5-desktop',
    returnUrl: request.returnUrl,
  });
}
