import type { LoginValue } from '@platform/contracts/accounts';
import { apiSendEncrypted } from '../../../lib/payload-encryption.ts';

export type ResetByPhoneRequest = {
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
  confirmNewPassword: string;
  countryDialingCode: string;
};

/** Sets the password with the SMS code; the answer logs the member in. */
export function resetPasswordByPhone(request: ResetByPhoneRequest): Promise<LoginValue> {
  return apiSendEncrypted<LoginValue>('POST', '/wps/member/password/verification', request);
}
