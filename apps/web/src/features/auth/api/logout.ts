import { apiSend } from '../../../lib/api-client.ts';

export function logout(): Promise<{ loggedOut: true }> {
  return apiSend('DELETE', '/wps/session/logout');
}
