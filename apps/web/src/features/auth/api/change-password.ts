import type { LoginValue } from '@platform/contracts/accounts';
import { apiSendEncrypted } from '../../../lib/payload-encryption.ts';

export type ChangePasswordRequest = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/** Ends every earlier session of the member and answers this device's new login. */
export function changePassword(request: ChangePasswordRequest): Promise<LoginValue & { changed: true }> {
  return apiSendEncrypted('POST', '/wps/member/password', request);
}
