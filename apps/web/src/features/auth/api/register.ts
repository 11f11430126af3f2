import type { LoginValue, RegisteredOnlyValue, RegisterRequest } from '@platform/contracts/accounts';
import { apiSend } from '../../../lib/api-client.ts';

export type RegisterMode = 'register' | 'registerMobile';

/** Username or mobile registration; with DIRECTREG3 off the answer carries no session. */
export function register(mode: RegisterMode, request: RegisterRequest): Promise<LoginValue | RegisteredOnlyValue> {
  return apiSend('PUT', mode === 'register' ? '/wps/member/register' : '/wps/member/register/mobile', request);
}
