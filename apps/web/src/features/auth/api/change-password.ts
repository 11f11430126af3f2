import { apiSendEncrypted } from '../../../lib/payload-encryption.ts';

export type ChangePasswordRequest = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/** Ends every session of the member: the caller logs in again with the new password. */
export function changePassword(request: ChangePasswordRequest): Promise<{ changed: true }> {
  return apiSendEncrypted('POST', '/wps/member/password', request);
}
