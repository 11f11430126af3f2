import { apiSendEncrypted } from '../../../lib/payload-encryption.ts';

/** POST /wps/member/password/reset: the mailed link's token and the new password (encrypted). */
export function resetPasswordByEmail(request: {
  token: string;
  newPassword: string;
  confirmNewPassword: string;
}): Promise<{ changed: true }> {
  return apiSendEncrypted<{ changed: true }>('POST', '/wps/member/password/reset', request);
}
