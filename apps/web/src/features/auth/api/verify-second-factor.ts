import type { LoginValue } from '@platform/contracts/accounts';
import { apiSendEncrypted } from '../../../lib/payload-encryption.ts';

export type SecondFactorMethod = 'sms' | 'authenticator';

/** The second step of a login from a new address; the answer is the login value. */
export function verifySecondFactor(challenge: string, method: SecondFactorMethod, code: string): Promise<LoginValue> {
  return apiSendEncrypted<LoginValue>('POST', '/wps/session/login/verify', { challenge, method, code });
}
