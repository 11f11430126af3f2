import type { SessionValues } from '@platform/contracts/accounts';
import { apiSend } from '../../../lib/api-client.ts';
import { withBotCheck } from '../../../lib/bot-check.ts';

/** A trial account with play money (FREEPLAY3). */
export function freePlayLogin(): Promise<SessionValues> {
  return withBotCheck((botCheck) => apiSend<SessionValues>('POST', '/wps/session/login/freeplay', botCheck ? { botCheck } : {}));
}
