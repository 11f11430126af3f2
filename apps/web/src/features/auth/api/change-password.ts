import { apiSend } from '../../../lib/api-client.ts';

export type ChangePasswordRequest = { oldPassword: string; newPassword: string; confirmNewPassword: string };

/** Ends every session of the member: the caller logs in again with the new password. */
export function changePassword(request: ChangePasswordRequest): Promise<{ changed: true }> {
  return apiSend('POST', '/wps/member/password', request);
}
