import type { LoginRequest, LoginValue } from '@platform/contracts/accounts';
import { withBotCheck } from '../../../lib/bot-check.ts';
import { apiSendEncrypted } from '../../../lib/payload-encryption.ts';

export function login(request: LoginRequest): Promise<LoginValue> {
  return withBotCheck((botCheck) =>
    apiSendEncrypted<LoginValue>('POST', '/wps/session/login', botCheck ? { ...request, botCheck } : request),
  );
}
