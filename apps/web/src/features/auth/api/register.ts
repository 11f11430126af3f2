import type { LoginValue, RegisteredOnlyValue, RegisterRequest } from '@platform/contracts/accounts';
import { withBotCheck } from '../../../lib/bot-check.ts';
import { apiSendEncrypted } from '../../../lib/payload-encryption.ts';

export type RegisterMode = 'register' | 'registerMobile';

/** Username or mobile registration; with DIRECTREG3 off the answer carries no session. */
export function register(mode: RegisterMode, request: RegisterRequest): Promise<LoginValue | RegisteredOnlyValue> {
  const path = mode === 'register' ? '/wps/member/register' : '/wps/member/register/mobile';
  return withBotCheck((botCheck) =>
    apiSendEncrypted<LoginValue | RegisteredOnlyValue>('PUT', path, botCheck ? { ...request, botCheck } : request),
  );
}
