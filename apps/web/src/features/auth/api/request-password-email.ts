import { apiSend } from '../../../lib/api-client.ts';
import { withBotCheck } from '../../../lib/bot-check.ts';

/** Always answers sent, whether or not the name and e-mail match (no account probing). */
export function requestPasswordEmail(username: string, email: string): Promise<{ sent: true }> {
  return withBotCheck((botCheck) => apiSend('POST', '/wps/member/password/email', { username, email, botCheck }));
}
