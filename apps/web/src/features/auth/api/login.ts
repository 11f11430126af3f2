import type { LoginRequest, LoginValue } from '@platform/contracts/accounts';
import { apiSend } from '../../../lib/api-client.ts';

export function login(request: LoginRequest): Promise<LoginValue> {
  return apiSend<LoginValue>('POST', '/wps/session/login', request);
}
