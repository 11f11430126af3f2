import type { SessionValues } from '@platform/contracts/accounts';
import { apiSend } from '../../../lib/api-client.ts';

/** A trial account with play money (FREEPLAY3). */
export function freePlayLogin(): Promise<SessionValues> {
  return apiSend<SessionValues>('POST', '/wps/session/login/freeplay', {});
}
